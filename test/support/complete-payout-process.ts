// Commits a payout's completion with its callback in one transaction and prints the event id.
// With --hang it then waits to be killed: the crash the outbox must survive.
// Usage: node --import tsx complete-payout-process.ts MERCHANT_ID [--hang]
import { disconnectDb } from "@/lib/db/client";
import { completePayoutWithCallback } from "./outbox";

const { eventId } = await completePayoutWithCallback(process.argv[2]);
process.stdout.write(`committed ${eventId}\n`);
if (process.argv.includes("--hang")) setInterval(() => undefined, 60_000);
else await disconnectDb();
