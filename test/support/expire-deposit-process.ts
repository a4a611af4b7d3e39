// Moves a deposit's expiry into the past, as if its time had run out.
// Usage: node --import tsx expire-deposit-process.ts DEPOSIT_ID
import { disconnectDb, getDb } from "@/lib/db/client";

await getDb().transaction.update({ where: { id: process.argv[2] }, data: { expiresAt: new Date(Date.now() - 1000) } });
await disconnectDb();
