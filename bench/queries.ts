// npm run bench:queries [-- --database sqlite,postgres]
// What the hot statements of an API request cost through Prisma 6's client, in CPU and wall time
// per call, on a fresh database of each kind: each as the model query the code ran before (which
// the js query compiler compiles on every call) beside the raw statement lib/db runs now (through the
// driver for the key and the jti, lib/db/driver). Sequential calls, after a warm-up; the figures are per call.
import { KEY_ID, freshDatabase } from "./harness";

const { createDb, setDb } = await import("../lib/db/client");
const { findApiKeyWithMerchant } = await import("../lib/db/api-keys");
const { claimJti } = await import("../lib/db/used-jtis");
const { insertTransaction, recordPixCharge } = await import("../lib/db/transactions");

const CALLS = 2000;

async function time(calls: (i: number) => Promise<unknown>): Promise<{ cpu: number; wall: number }> {
  for (let i = 0; i < 200; i++) await calls(-i - 1);
  const started = performance.now();
  const cpu = process.cpuUsage();
  for (let i = 0; i < CALLS; i++) await calls(i);
  const used = process.cpuUsage(cpu);
  return { cpu: (used.user + used.system) / CALLS, wall: ((performance.now() - started) * 1000) / CALLS };
}

for (const kind of (process.argv.includes("--database")
  ? process.argv[process.argv.indexOf("--database") + 1]
  : "sqlite,postgres"
).split(",")) {
  const database = await freshDatabase(kind, async () => undefined);
  if (!database) {
    console.log(`\n${kind}: PostgreSQL not reachable: skipped`);
    continue;
  }
  const db = createDb(database.url);
  // The driver's statements (lib/db/driver) run on the process's client.
  setDb(db);
  const far = new Date(Date.now() + 3_600_000);
  // Deposits without a charge: the first half for the model query, the second for the raw one.
  for (let n = 0; n < 2 * (CALLS + 200); n++) {
    await insertTransaction(db, {
      id: `dep_bench${n}`,
      merchantId: database.merchantId,
      mode: "sandbox",
      operation: "pix",
      reference: `ref-${n}`,
      amountCents: 1050n,
      currency: "BRL",
      requestHash: "",
      pixTxid: `TXID${n}`,
      provider: "sandbox",
    });
  }
  // Call i of a timing (warm-up calls are negative) on deposit n of its half.
  const nth = (i: number, half: number) => half * (CALLS + 200) + i + 200;
  const rows: [string, { cpu: number; wall: number }, { cpu: number; wall: number }][] = [
    [
      "the key and its merchant",
      await time(() => db.apiKey.findUnique({ where: { id: KEY_ID }, include: { merchant: true } })),
      await time(() => findApiKeyWithMerchant(KEY_ID)),
    ],
    [
      "the jti claim",
      await time((i) => db.usedJti.create({ data: { keyId: KEY_ID, jti: `model-${i}`, expiresAt: far } })),
      await time((i) => claimJti({ keyId: KEY_ID, jti: `raw-${i}`, expiresAt: far }, new Date())),
    ],
    [
      "the charge recorded",
      await time((i) =>
        db.transaction.updateMany({
          where: { id: `dep_bench${nth(i, 0)}`, pixTxid: `TXID${nth(i, 0)}`, pixCode: null },
          data: { pixCode: "00020101", pixLocation: null },
        }),
      ),
      await time((i) =>
        recordPixCharge({
          id: `dep_bench${nth(i, 1)}`,
          txid: `TXID${nth(i, 1)}`,
          qrCodeText: "00020101",
          location: null,
        }),
      ),
    ],
  ];
  console.log(`\n${database.label}: µs per call (CPU / wall), ${CALLS} sequential calls`);
  console.log(`${"statement".padEnd(28)} ${"model query".padEnd(14)} ${"raw".padEnd(14)} CPU saved`);
  for (const [name, model, raw] of rows) {
    const cell = (r: { cpu: number; wall: number }) => `${r.cpu.toFixed(0)} / ${r.wall.toFixed(0)}`.padEnd(14);
    console.log(`${name.padEnd(28)} ${cell(model)} ${cell(raw)} ${(100 * (1 - raw.cpu / model.cpu)).toFixed(0)} %`);
  }
  await db.$disconnect();
  setDb(undefined);
  await database.drop();
}
