// npm start's first step (scripts/prepare-start.ts, which its primary runs before any worker
// serves) with CASHIER_ENV=production, as a process of its own: it never creates the sandbox demo
// merchant nor prints a secret, refuses to be told to, and refuses to serve live merchants with no
// PSP to move their money. The built npm start runs it in the end-to-end specs.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { applyMigrations } from "@/lib/db/apply-migrations";
import { createDb, getDb, setDb } from "@/lib/db/client";
import { createMerchant } from "@/lib/merchants/create-merchant";

const root = path.resolve(import.meta.dirname, "../..");
const dir = mkdtempSync(path.join(tmpdir(), "cashier-production-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const productionEnv = (file: string, extra: Record<string, string> = {}) => ({
  ...process.env,
  CASHIER_ENV: "production",
  // The key this test's own writes were sealed under: another would be refused before anything else.
  CASHIER_ENCRYPTION_KEY: process.env.CASHIER_ENCRYPTION_KEY as string,
  PIX_KEY: "pix@loja.example",
  PUBLIC_BASE_URL: "https://pay.example",
  DATABASE_URL: `file:${file}`,
  PORT: String(30_000 + Math.floor(Math.random() * 20_000)),
  CASHIER_SEED_DEMO: "",
  LOG_LEVEL: "info",
  ...extra,
});

/** Runs npm start's first step to its end: its status and everything it printed. */
function start(env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", path.join(root, "scripts/prepare-start.ts")], {
      cwd: root,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    const onData = (chunk: Buffer) => (output += chunk.toString());
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.on("exit", (code) => resolve({ code, output }));
  });
}

async function countMerchantsIn(file: string): Promise<number> {
  const db = createDb(`file:${file}`);
  try {
    return await db.merchant.count();
  } finally {
    await db.$disconnect();
  }
}

describe("a production start", () => {
  it("creates no demo merchant and prints no secret", async () => {
    const file = path.join(dir, "empty.db");
    const { code, output } = await start(productionEnv(file));
    expect(code).toBe(0);
    expect(output).toMatch(/database: .*empty\.db/);
    expect(output).not.toMatch(/secret|demo merchant/i);
    expect(await countMerchantsIn(file)).toBe(0);
  }, 90_000);

  it("refuses CASHIER_SEED_DEMO=true", async () => {
    const file = path.join(dir, "seed.db");
    const { code, output } = await start(productionEnv(file, { CASHIER_SEED_DEMO: "true" }));
    expect(code).toBe(1);
    expect(output).toContain("CASHIER_SEED_DEMO: the sandbox demo merchant is never seeded in production");
  }, 90_000);

  it("refuses to serve live merchants when no PSP is configured", async () => {
    const file = path.join(dir, "live.db");
    await applyMigrations(`file:${file}`);
    const previous = getDb();
    setDb(createDb(`file:${file}`));
    try {
      await createMerchant({ name: "Loja Real", mode: "live" });
    } finally {
      await getDb().$disconnect();
      setDb(previous);
    }
    const { code, output } = await start(productionEnv(file));
    expect(code).toBe(1);
    expect(output).toContain("1 live merchant(s) with rails routed to no account but no Pix PSP configured");
  }, 90_000);

  it("serves live merchants whose charges and payouts are routed to provider accounts, without PIX_PSP_*", async () => {
    const file = path.join(dir, "routed.db");
    await applyMigrations(`file:${file}`);
    const previous = getDb();
    setDb(createDb(`file:${file}`));
    try {
      const { merchantId } = await createMerchant({ name: "Loja Roteada", mode: "live" });
      // As `merchant update --provider pa_…` leaves it; the start checks routes, not the accounts.
      await getDb().merchant.update({
        where: { id: merchantId },
        data: { providerRoutes: { charges: "pa_charges", refunds: "pa_charges", payouts: "pa_payouts" } },
      });
    } finally {
      await getDb().$disconnect();
      setDb(previous);
    }
    const { code, output } = await start(productionEnv(file));
    expect(output).not.toContain("live merchant(s)");
    // Past the check: the workers would serve next.
    expect(code).toBe(0);
  }, 90_000);
});
