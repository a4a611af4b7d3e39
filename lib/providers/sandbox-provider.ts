// The built-in sandbox (contract section 6): offline, faithful where a merchant can see it. It
// issues real static BR Codes on the gateway's own Pix key, which any BR Code reader accepts, lets
// a payment be simulated from the page or the command line, refunds at once, and settles payouts
// when marked. It keeps no state of its own: a sandbox deposit is paid only by a simulation, so
// there is nothing to ask it about later.
import { getConfig } from "../config/config";
import { buildStaticBrCode } from "../pix/build-static-br-code";
import type { PaymentProvider } from "./contract/payment-provider";

/** The payer institution in the sandbox's end-to-end ids: no real institution has it. */
export const SANDBOX_ISPB = "99999999";

export const sandboxProvider: PaymentProvider = {
  name: "sandbox",
  canSimulatePayments: true,
  // A static BR Code's txid holds at most 25 letters and digits.
  txidLength: 25,
  async createPixCharge({ txid, amountCents }) {
    const { key, merchantName, merchantCity } = getConfig().pix;
    return {
      amountCents,
      qrCodeText: buildStaticBrCode({ key, merchantName, merchantCity, amountCents, txid }),
      location: null,
    };
  },
  async findPixCharge() {
    return null;
  },
  async findReceivedPix() {
    return null;
  },
  async listReceivedPix() {
    return [];
  },
  // Completes at once, so a merchant can build against refund.completed without a PSP.
  async requestRefund({ refundId, amountCents }) {
    return {
      refundId,
      status: "completed",
      amountCents,
      providerRefundId: null,
      failureReason: null,
      nature: "original",
    };
  },
  async findRefund() {
    return null;
  },
  // The sandbox moves no money: a payout settles the moment an operator marks it.
  async settlePayout() {},
};
