// Sends one live payout from its own process, then waits to be killed: the crash between a
// payout's claim and the PSP's answer that a restart must finish without a second send.
// Usage: node --import tsx send-payout-process.ts TRANSFER_ID
import { getDb } from "@/lib/db/client";
import { findTransaction } from "@/lib/db/transactions";
import { sendPayout } from "@/lib/payouts/send-payout";

const payout = await findTransaction(getDb(), process.argv[2]);
if (payout?.operation !== "gateway_out") throw new Error(`no payout ${process.argv[2]}`);
process.stdout.write("sending\n");
await sendPayout(payout, { actor: "system" });
process.stdout.write("answered\n");
setInterval(() => undefined, 60_000);
