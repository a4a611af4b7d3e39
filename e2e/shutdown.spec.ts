// npm start stopped with SIGTERM while Pix requests are being handled and their clients have
// already hung up: the server must wait for those handlers before closing the database. Closing it
// under them left, on PostgreSQL, a transaction open after BEGIN and the worker unable to exit.
// On each database: the process exits promptly and cleanly, and every deposit it wrote is whole
// (its row, its creation event and its charge).
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import Database from "better-sqlite3";
import pg from "pg";
import { signRequestToken } from "../lib/envelope/sign-request-token";
import { START_SCRIPT } from "../test/support/gateway-process";
import { pixDepositRequest } from "../test/support/requests";
import { E2E_PORT } from "./environment";

const root = path.resolve(import.meta.dirname, "..");
const port = E2E_PORT + 3;

type Store = {
  url: string;
  deposits: () => Promise<{ id: string; pixCode: string | null; events: number }[]>;
  drop: () => Promise<void>;
};

const DEPOSITS_SQL = `SELECT t."id", t."pixCode", (SELECT COUNT(*) FROM "TransactionEvent" e WHERE e."transactionId" = t."id") AS events FROM "Transaction" t`;

function sqliteStore(): Store {
  const dir = mkdtempSync(path.join(tmpdir(), "cashier-shutdown-"));
  const file = path.join(dir, "cashier.db");
  return {
    url: `file:${file}`,
    deposits: async () => {
      const db = new Database(file, { readonly: true });
      try {
        return (db.prepare(DEPOSITS_SQL).all() as { id: string; pixCode: string | null; events: number }[]).map(
          (row) => ({ ...row, events: Number(row.events) }),
        );
      } finally {
        db.close();
      }
    },
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

async function postgresStore(adminUrl: string): Promise<Store> {
  const name = `cashier_shutdown_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    deposits: async () => {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        return (await client.query<{ id: string; pixCode: string | null; events: string }>(DEPOSITS_SQL)).rows.map(
          (row) => ({ ...row, events: Number(row.events) }),
        );
      } finally {
        await client.end();
      }
    },
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** A Pix request whose client hangs up after 50 ms, long before the answer. */
function postAndHangUp(jwt: string): Promise<void> {
  return new Promise((resolve) => {
    const request = http.request({
      port,
      host: "127.0.0.1",
      path: "/api/pix",
      method: "POST",
      agent: false,
      headers: { "content-type": "application/json" },
    });
    request.on("error", () => resolve());
    request.on("response", (response) => response.resume().on("end", resolve));
    request.end(JSON.stringify({ jwt }));
    setTimeout(() => {
      request.destroy();
      resolve();
    }, 50);
  });
}

const databases = [{ name: "SQLite", store: async () => sqliteStore() }];
if (process.env.TEST_POSTGRES_URL)
  databases.push({ name: "PostgreSQL", store: () => postgresStore(process.env.TEST_POSTGRES_URL as string) });

for (const database of databases) {
  test(`${database.name}: SIGTERM with handlers running for clients that hung up: the worker exits at once and every deposit is whole`, async () => {
    test.setTimeout(120_000);
    const store = await database.store();
    let server: ChildProcess | undefined;
    try {
      let output = "";
      server = spawn(process.execPath, [START_SCRIPT], {
        cwd: root,
        env: {
          ...process.env,
          PORT: String(port),
          DATABASE_URL: store.url,
          CASHIER_ENV: "development",
          CASHIER_SEED_DEMO: "true",
          WEB_CONCURRENCY: "1",
          RATE_LIMIT_REQUESTS: "1000000",
          // Stopped at once: no load balancer to take it out of rotation first.
          SHUTDOWN_READY_DELAY_MS: "0",
        },
      });
      server.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
      server.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
      await expect.poll(() => output, { timeout: 90_000 }).toMatch(/Ready in/);
      const keyId = /^\s+keyId\s+(mk_test_\w+)$/m.exec(output)?.[1] as string;
      const secret = /^\s+secret\s+(\S+)$/m.exec(output)?.[1] as string;
      const jwts = await Promise.all(
        Array.from({ length: 400 }, () => signRequestToken({ keyId, secret, data: pixDepositRequest() })),
      );

      // 16 clients at a time, each hanging up early, until the signal lands among them.
      let next = 0;
      const clients = Array.from({ length: 16 }, async () => {
        while (next < jwts.length) await postAndHangUp(jwts[next++]);
      });
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const exited = new Promise<number | null>((resolve) => server?.once("exit", (code) => resolve(code)));
      const signalledAt = Date.now();
      server.kill("SIGTERM");
      expect(await exited).toBe(0);
      expect(Date.now() - signalledAt, output).toBeLessThan(10_000);
      next = jwts.length;
      await Promise.all(clients);

      const deposits = await store.deposits();
      expect(deposits.length).toBeGreaterThan(0);
      for (const deposit of deposits)
        expect(deposit, "a deposit cut in half").toMatchObject({ pixCode: expect.any(String), events: 1 });
    } finally {
      server?.kill("SIGKILL");
      await store.drop();
    }
  });
}
