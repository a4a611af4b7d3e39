import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { createPrivateSqliteFile } from "./create-private-sqlite-file";

const dirs: string[] = [];
const mode = (file: string) => statSync(file).mode & 0o777;

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("createPrivateSqliteFile", () => {
  it("creates the database readable by its owner only, and SQLite's WAL files follow", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "cashier-mode-"));
    dirs.push(dir);
    const file = path.join(dir, "new/cashier.db");
    createPrivateSqliteFile(file);
    const db = new Database(file);
    db.pragma("journal_mode = WAL");
    db.exec("CREATE TABLE t (x); INSERT INTO t VALUES (1)");
    expect(mode(file)).toBe(0o600);
    expect(mode(`${file}-wal`)).toBe(0o600);
    expect(mode(`${file}-shm`)).toBe(0o600);
    expect(mode(path.dirname(file))).toBe(0o700);
    db.close();
  });

  it("tightens a file created world-readable before", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "cashier-mode-"));
    dirs.push(dir);
    const file = path.join(dir, "old.db");
    writeFileSync(file, "", { mode: 0o644 });
    createPrivateSqliteFile(file);
    expect(mode(file)).toBe(0o600);
  });
});
