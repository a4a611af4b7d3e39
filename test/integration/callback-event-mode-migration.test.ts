// The migration that gave each callback event the mode of what it reports, run over events as the
// release before it left them: each takes its deposit's, payout's or refund's mode, and one whose
// object is gone its merchant's, so a live key's POST /api/events finds its older events too.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyMigrations } from "@/lib/db/apply-migrations";
import { listCallbackEventsPage } from "@/lib/db/callback-events";
import { createDb, getDb, setDb } from "@/lib/db/client";
import { type TestDatabase, createTestDatabase } from "../support/test-database";

const MIGRATION = "20261125031716_callback_event_mode";

let database: TestDatabase;

const event = (id: string, merchantId: string, objectId: string | null) =>
  `INSERT INTO "CallbackEvent" ("id", "merchantId", "type", "payload", "objectId", "status", "nextAttemptAt", "updatedAt")
   VALUES ('${id}', '${merchantId}', 'deposit.paid', '{}', ${objectId === null ? "NULL" : `'${objectId}'`}, 'delivered',
     CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)`;

beforeAll(async () => {
  const provider = process.env.TEST_DATABASE === "postgres" ? "postgres" : "sqlite";
  database = await createTestDatabase(provider, { before: MIGRATION });
  const old = createDb(database.url);
  const transaction = (id: string, merchantId: string, mode: string) =>
    `INSERT INTO "Transaction" ("id", "merchantId", "operation", "reference", "status", "mode", "amountCents",
       "currency", "requestHash", "updatedAt")
     VALUES ('${id}', '${merchantId}', 'pix', 'ref-${id}', 'paid', '${mode}', 1050, 'BRL', 'x', CURRENT_TIMESTAMP)`;
  for (const sql of [
    // Went live after a sandbox start: it has both modes' rows.
    `INSERT INTO "Merchant" ("id", "name", "mode", "redirectOrigins", "updatedAt")
     VALUES ('mer_switched', 'Loja Dupla', 'live', '[]', CURRENT_TIMESTAMP)`,
    transaction("dep_sandbox", "mer_switched", "sandbox"),
    transaction("dep_live", "mer_switched", "live"),
    `INSERT INTO "Refund" ("id", "merchantId", "depositId", "mode", "status", "amountCents", "currency",
       "requestHash", "provider", "updatedAt")
     VALUES ('rfd_live', 'mer_switched', 'dep_live', 'live', 'completed', 100, 'BRL', 'x', 'api_pix', CURRENT_TIMESTAMP)`,
    event("evt_sandbox", "mer_switched", "dep_sandbox"),
    event("evt_live", "mer_switched", "dep_live"),
    event("evt_refund", "mer_switched", "rfd_live"),
    event("evt_orphan", "mer_switched", "dep_gone"),
    event("evt_nothing", "mer_switched", null),
  ])
    await old.$executeRawUnsafe(sql);
  await old.$disconnect();

  expect((await applyMigrations(database.url))[0]).toBe(MIGRATION);
  setDb(createDb(database.url));
});

afterAll(async () => {
  await getDb().$disconnect();
  setDb(undefined);
  await database.drop();
});

describe("the migration that records each callback event's mode", () => {
  it("gives each event the mode of what it reports, else its merchant's", async () => {
    const modes = await getDb().callbackEvent.findMany({ select: { id: true, mode: true }, orderBy: { id: "asc" } });
    expect(Object.fromEntries(modes.map((row) => [row.id, row.mode]))).toEqual({
      evt_live: "live",
      evt_nothing: "live",
      evt_orphan: "live",
      evt_refund: "live",
      evt_sandbox: "sandbox",
    });
    const page = (mode: string) =>
      listCallbackEventsPage(getDb(), { merchantId: "mer_switched", mode }, { direction: "older", limit: 10 });
    expect((await page("sandbox")).map((row) => row.id)).toEqual(["evt_sandbox"]);
    expect((await page("live")).map((row) => row.id).sort()).toEqual([
      "evt_live",
      "evt_nothing",
      "evt_orphan",
      "evt_refund",
    ]);
  });
});
