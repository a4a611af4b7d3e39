// The built-in sandbox (contract section 6): offline, faithful where a merchant can see it. It
// issues real static BR Codes on the gateway's own Pix key, which any BR Code reader accepts, lets
// a payment be simulated from the console or the command line, and settles payouts when marked.
import { getConfig } from "../config/config";
import { buildStaticBrCode } from "../pix/build-static-br-code";
import type { PaymentProvider } from "./payment-provider";

export const sandboxProvider: PaymentProvider = {
  name: "sandbox",
  canSimulatePayments: true,
  async createPixCharge({ txid, amountCents }) {
    const { key, merchantName, merchantCity } = getConfig().pix;
    return { qrCodeText: buildStaticBrCode({ key, merchantName, merchantCity, amountCents, txid }) };
  },
  // The sandbox moves no money: a payout settles the moment an operator marks it.
  async settlePayout() {},
};
