// Issues API keys for one merchant, four at a time as a busy server's requests come, in a process
// of its own: one of two writers on one database, as npm start's two workers or the CLI beside a
// server are. A key's transaction reads the merchant before it writes the key.
// Usage: node --import tsx create-api-keys-process.ts MERCHANT_ID COUNT   (env: the gateway's)
// Prints "ready" once connected, starts at a line on its standard input, and ends with one JSON
// line: {"created": n, "failures": [messages]}.
import { once } from "node:events";
import { disconnectDb, getDb } from "@/lib/db/client";
import { createApiKey } from "@/lib/merchants/create-api-key";

const [merchantId, count] = process.argv.slice(2);
await getDb().$connect();
process.stdout.write("ready\n");
await once(process.stdin, "data");

let created = 0;
const failures: string[] = [];
let next = 0;
await Promise.all(
  Array.from({ length: 4 }, async () => {
    while (next < Number(count)) {
      next++;
      try {
        await createApiKey({ merchantId });
        created++;
      } catch (error) {
        failures.push(error instanceof Error ? error.message : String(error));
      }
    }
  }),
);
process.stdout.write(`${JSON.stringify({ created, failures })}\n`);
await disconnectDb();
process.exit(0);
