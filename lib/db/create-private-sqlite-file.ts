// SQLite files hold customers' names, e-mails and CPFs: readable by their owner only (0600), like
// the development encryption key beside them. SQLite gives its -wal and -shm files the database
// file's own mode, so creating the file first is enough; files made before this are tightened.
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from "node:fs";
import path from "node:path";

export function createPrivateSqliteFile(filename: string): void {
  mkdirSync(path.dirname(filename), { recursive: true, mode: 0o700 });
  closeSync(openSync(filename, "a", 0o600));
  for (const file of [filename, `${filename}-wal`, `${filename}-shm`, `${filename}-journal`]) {
    if (existsSync(file)) chmodSync(file, 0o600);
  }
}
