// A child process that credits a live merchant's available balance in the database of its
// environment, for browser tests of live payouts. It stands in for paid deposits: a live
// merchant's funds come only from Pix its customers paid (`merchant fund` refuses live
// merchants), and the e2e server has no charges PSP for a customer to pay through.
// Usage: tsx credit-live-funds-process.ts MERCHANT_ID AMOUNT_CENTS
import { disconnectDb, getDb } from "../../lib/db/client";
import { findMerchant } from "../../lib/db/merchants";
import { recordFundsMovement } from "../../lib/funds/record-funds-movement";

const [merchantId, cents] = process.argv.slice(2);
const merchant = await findMerchant(getDb(), merchantId);
if (merchant?.mode !== "live") throw new Error(`${merchantId} is not a live merchant`);
await getDb().$transaction((tx) =>
  recordFundsMovement(tx, {
    merchantId,
    mode: "live",
    kind: "credit",
    amountCents: BigInt(cents),
    memo: "e2e: stands in for paid deposits",
  }),
);
await disconnectDb();
