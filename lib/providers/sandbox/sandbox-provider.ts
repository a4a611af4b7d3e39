// The built-in sandbox (contract section 6): offline, faithful where a merchant can see it. It
// issues real static BR Codes on the gateway's own Pix key, which any BR Code reader accepts, lets
// a payment be simulated from the page or the command line, and refunds at once. It cannot
// transfer: a sandbox payout settles when an operator marks it, as the interface describes. Its
// initiator is the sandbox bank (sandbox-initiations): the five banks, and the gateway's own
// consent screen. It keeps no state of its own: a sandbox deposit is paid only by a simulation or
// the sandbox bank's recorded answer, so there is nothing to ask it about later, and the gateway's
// sweep expires its charges. Its disputes are decided at their answer (below).
import { getConfig } from "../../config/config";
import { buildStaticBrCode } from "../../pix/build-static-br-code";
import type { PaymentProvider, PixCharge, PixChargeRequest } from "../contract/payment-provider";
import { SANDBOX_ACCOUNT_ID, sandboxInitiations } from "./sandbox-initiations";

/** The payer institution in the sandbox's end-to-end ids: no real institution has it. */
export const SANDBOX_ISPB = "99999999";

export const sandboxProvider: PaymentProvider = {
  accountId: SANDBOX_ACCOUNT_ID,
  kind: "sandbox",
  charges: {
    canSimulatePayments: true,
    expiresCharges: "gateway",
    // A static BR Code's txid holds at most 25 letters and digits.
    txidLength: 25,
    createPixCharge,
    findPixCharge: async () => null,
    findReceivedPix: async () => null,
    listReceivedPix: async () => [],
  },
  refunds: {
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
    findRefund: async () => null,
  },
  initiations: sandboxInitiations,
  // A sandbox dispute is opened by POST /api/sandbox/simulate and decided at its answer: a contest
  // wins, an accept loses (and the sandbox's MED devolucao follows), so both endings can be built
  // against without a PSP. Nothing to list: the simulation is the PSP's word.
  disputes: {
    listDisputes: async () => ({ disputes: [], unreadable: [] }),
    findDispute: async () => null,
    submitDefense: async ({ decision }) =>
      decision === "contest"
        ? { status: "rejected", pspStatus: "REJEITADA" }
        : { status: "accepted", pspStatus: "ACEITA" },
  },
};

async function createPixCharge({ txid, amountCents }: PixChargeRequest): Promise<PixCharge> {
  const { key, merchantName, merchantCity } = getConfig().pix;
  return {
    amountCents,
    qrCodeText: buildStaticBrCode({ key, merchantName, merchantCity, amountCents, txid }),
    location: null,
  };
}
