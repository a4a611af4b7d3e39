// Issue 37: the encryption key is checked and rotatable, against what operators run (`npm start`'s
// production build and the CLI), on each database. A start with the wrong key refuses, naming the
// key id it needs and never the key; with the old key listed as previous the instance serves what
// the old key sealed; `keys reseal` moves every sealed value to the new key, after which the old
// one can go.
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { decodeJwt } from "jose";
import { keyIdOf } from "../lib/crypto/key-ring";
import { signRequestToken } from "../lib/envelope/sign-request-token";
import { type GatewayProcess, hasTestPostgres, startGateway, startUntilExit } from "../test/support/gateway-process";
import { cashierCli } from "../test/support/run-tool";
import { type TestDatabase, createTestDatabase } from "../test/support/test-database";
import { E2E_PORT } from "./environment";
import type { Merchant } from "./support";

const root = path.resolve(import.meta.dirname, "..");

type KeysStatus = {
  currentKeyId: string;
  previousKeyIds: string[];
  canaryKeyId: string;
  tables: Record<string, Record<string, number>>;
};

/** The build's CLI with this environment: its status and standard error. */
function cashierUntilExit(env: Record<string, string>, ...args: string[]): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [cashierCli(), ...args],
      { cwd: root, env: { ...process.env, ...env }, encoding: "utf8" },
      (error, _stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stderr }),
    );
  });
}

/** A signed request as the merchant's server sends it: the answer's code and data (read, not verified). */
async function call(gateway: GatewayProcess, merchant: Merchant, route: string, data: unknown) {
  const jwt = await signRequestToken({ keyId: merchant.keyId, secret: merchant.secret, data });
  const response = await fetch(`${gateway.url}${route}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jwt }),
  });
  const body = (await response.json()) as { jwt?: string };
  expect(body.jwt, `${route} answered ${response.status} unsigned: ${JSON.stringify(body)}`).toBeTruthy();
  const payload = decodeJwt(body.jwt as string);
  return { status: response.status, data: payload.data as Record<string, unknown> };
}

/** What GET /api/health/ready says of the key. */
async function encryptionKeyReadiness(gateway: GatewayProcess) {
  const response = await fetch(`${gateway.url}/api/health/ready`);
  const body = (await response.json()) as { checks: { encryptionKey?: string } };
  return { status: response.status, encryptionKey: body.checks.encryptionKey };
}

const initiation = {
  name: "Maria da Silva",
  email: "maria@example.com",
  cpf: "529.982.247-25",
  amount: "10.50",
  currency: "BRL",
  reference: "pedido-rotacao-1",
  merchant_user: "cliente-42",
  country: "BR",
  buyer_ip: "203.0.113.9",
  successRedirectUrl: "https://loja.example/pago",
  failedRedirectUrl: "https://loja.example/falhou",
};

const targets = [
  { database: "sqlite" as const, port: E2E_PORT + 24 },
  { database: "postgres" as const, port: E2E_PORT + 25 },
];

for (const target of targets) {
  test(`${target.database}: a wrong key refuses to start; a rotation with keys reseal moves every secret`, async () => {
    test.skip(
      target.database === "postgres" && !hasTestPostgres(),
      "TEST_POSTGRES_URL is not set (postgresql://postgres@127.0.0.1:5432/test): the PostgreSQL case needs a server",
    );
    test.setTimeout(600_000);
    const oldKey = randomBytes(32).toString("hex");
    const newKey = randomBytes(32).toString("base64");
    const [oldId, newId] = [oldKey, newKey].map((key) =>
      keyIdOf(Buffer.from(key, key.length === 64 ? "hex" : "base64")),
    );
    const dir = mkdtempSync(path.join(tmpdir(), "cashier-rotation-"));
    const database: TestDatabase | null = target.database === "postgres" ? await createTestDatabase("postgres") : null;
    // One database through every start, whatever key each is given.
    const databaseUrl = database?.url ?? `file:${path.join(dir, "cashier.db")}`;
    const serve = (env: Record<string, string>) =>
      startGateway({
        database: "sqlite",
        port: target.port,
        env: { DATABASE_URL: databaseUrl, CASHIER_SEED_DEMO: "false", LOG_LEVEL: "info", ...env },
      });
    let gateway: GatewayProcess | null = null;
    try {
      // Before the rotation: the old key seals the merchant's secret and the payment's token.
      gateway = await serve({ CASHIER_ENCRYPTION_KEY: oldKey });
      expect(gateway.output()).toContain(`encryption key: ${oldId}`);
      const merchant = JSON.parse(
        await gateway.cashier(
          "merchant",
          "create",
          "--name",
          "Loja Rotação",
          "--redirect-origin",
          "https://loja.example",
        ),
      ) as Merchant;
      const created = await call(gateway, merchant, "/api/payment-initiation", initiation);
      expect(created.status).toBe(201);
      const before = JSON.parse(await gateway.cashier("keys", "status")) as KeysStatus;
      expect(before.canaryKeyId).toBe(oldId);
      expect(before.tables.ApiKey).toEqual({ [oldId]: 1 });
      expect(before.tables.Transaction).toEqual({ [oldId]: 1 });
      const serverEnv = { ...gateway.env, CASHIER_DATA_DIR: dir };
      await gateway.stop();
      gateway = null;

      // The new key alone: npm start refuses, and so does any command, each naming both key ids.
      const refused = await startUntilExit({ ...serverEnv, CASHIER_ENCRYPTION_KEY: newKey });
      expect(refused.code, refused.output).not.toBe(0);
      expect(refused.code, refused.output).not.toBeNull();
      expect(refused.output).toContain(`sealed under key id ${oldId}`);
      expect(refused.output).toContain(`CASHIER_ENCRYPTION_KEY has id ${newId}`);
      expect(refused.output).not.toContain("Ready in");
      for (const secret of [oldKey, newKey]) expect(refused.output).not.toContain(secret);
      const refusedCommand = await cashierUntilExit(
        { ...serverEnv, CASHIER_ENCRYPTION_KEY: newKey },
        "merchant",
        "list",
      );
      expect(refusedCommand.code).toBe(1);
      expect(refusedCommand.stderr).toContain(`sealed under key id ${oldId}`);

      // The new key, the old one listed as previous: it serves what the old key sealed.
      gateway = await serve({ CASHIER_ENCRYPTION_KEY: newKey, CASHIER_ENCRYPTION_PREVIOUS_KEYS: oldKey });
      expect(gateway.output()).toContain(`under previous key ${oldId}; run npm run cashier -- keys reseal`);
      expect(await encryptionKeyReadiness(gateway)).toEqual({ status: 200, encryptionKey: "reseal_due" });
      const balance = await call(gateway, merchant, "/api/balance", {});
      expect(balance.status).toBe(200);
      // The replayed request answers the payment's address again: the token sealed under the old key opens.
      const replayed = await call(gateway, merchant, "/api/payment-initiation", initiation);
      expect(replayed.status).toBe(200);
      expect(replayed.data.paymentInitiationUrl).toBe(created.data.paymentInitiationUrl);

      const dryRun = JSON.parse(await gateway.cashier("keys", "reseal", "--dry-run")) as {
        tables: Record<string, { resealed: number }>;
        canary: string;
      };
      expect(dryRun.tables.ApiKey.resealed).toBe(1);
      expect(dryRun.canary).toBe("to reseal");
      const resealed = JSON.parse(await gateway.cashier("keys", "reseal")) as {
        keyId: string;
        tables: Record<string, { resealed: number; current: number; unopenable: string[] }>;
        canary: string;
      };
      expect(resealed.keyId).toBe(newId);
      expect(resealed.tables.ApiKey).toMatchObject({ resealed: 1, unopenable: [] });
      expect(resealed.tables.Transaction).toMatchObject({ resealed: 1, unopenable: [] });
      expect(resealed.canary).toBe("resealed");
      // Idempotent: a second run finds everything under the new key.
      const again = JSON.parse(await gateway.cashier("keys", "reseal")) as typeof resealed;
      expect(again.tables.ApiKey).toMatchObject({ resealed: 0, current: 1 });
      expect(again.canary).toBe("current");
      const after = JSON.parse(await gateway.cashier("keys", "status")) as KeysStatus;
      expect(after.canaryKeyId).toBe(newId);
      for (const [table, counts] of Object.entries(after.tables))
        expect(
          Object.keys(counts).filter((keyId) => keyId !== newId),
          table,
        ).toEqual([]);
      expect(after.tables.ApiKey).toEqual({ [newId]: 1 });
      await gateway.stop();
      gateway = null;

      // The old key removed: it starts and serves.
      gateway = await serve({ CASHIER_ENCRYPTION_KEY: newKey });
      expect(gateway.output()).toContain(`encryption key: ${newId}`);
      expect(await encryptionKeyReadiness(gateway)).toEqual({ status: 200, encryptionKey: "up" });
      expect((await call(gateway, merchant, "/api/balance", {})).status).toBe(200);
      expect((await call(gateway, merchant, "/api/payment-initiation", initiation)).data.paymentInitiationUrl).toBe(
        created.data.paymentInitiationUrl,
      );
      // The old key alone is now the wrong one.
      const oldOnly = await cashierUntilExit({ ...serverEnv, CASHIER_ENCRYPTION_KEY: oldKey }, "merchant", "list");
      expect(oldOnly.code).toBe(1);
      expect(oldOnly.stderr).toContain(`sealed under key id ${newId}`);
    } finally {
      await gateway?.stop();
      await database?.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
}
