// One suite for every adapter against its simulator: whatever capability an adapter declares
// keeps the contract's promises (lib/providers/contract/payment-provider.ts). Money-moving calls
// repeated under the same id are one operation at the PSP; an id it never saw is null; a timeout
// or a 5xx is provider_unavailable, and the repeat then succeeds once; an expired token is renewed.
// The simulators need only openssl, so nothing here is skipped. The sandbox adapter is not in the
// table yet: it has no PSP to count operations at or to fail, so these checks say nothing of it.
// vitest.config.ts's projects include lib/** and test/integration/** only: this file runs once
// a project takes test/conformance/**.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiPixProvider } from "../../lib/providers/api-pix/create-api-pix-provider";
import type { PaymentProvider, TransferRequest } from "../../lib/providers/contract/payment-provider";
import type { ProviderAccount } from "../../lib/providers/contract/provider-account";
import { createEfiProvider } from "../../lib/providers/efi/create-efi-provider";
import { toIdEnvio } from "../../lib/providers/efi/transformers";
import { newId } from "../../lib/ids/new-id";
import { type PspSimulator, startPspSimulator } from "../psp-simulator/start-psp-simulator";

type Adapter = {
  name: string;
  start(): Promise<{ psp: PspSimulator; provider: PaymentProvider }>;
};

function account(psp: PspSimulator, kind: string, baseUrl: string): ProviderAccount {
  return {
    id: `pa_${kind}`,
    kind,
    label: kind,
    rails: ["charges", "refunds", "payouts"],
    pixKey: psp.chave,
    // Short enough for a test to wait out a timeout.
    settings: { ...psp.settings, baseUrl, timeoutMs: 1000 },
    disabledAt: null,
  };
}

const adapters: Adapter[] = [
  {
    name: "api_pix",
    async start() {
      const psp = await startPspSimulator({ refundOutcome: "later" });
      return { psp, provider: createApiPixProvider(account(psp, "api_pix", psp.url)) };
    },
  },
  {
    name: "efi",
    async start() {
      const psp = await startPspSimulator({ profile: "efi", refundOutcome: "later", sendResults: "later" });
      const provider = createEfiProvider(account(psp, "efi", psp.origin));
      // Efí sends only from a key with a webhook; nothing listens there in this suite.
      psp.setWebhooksEnabled(false);
      await provider.registerWebhook!("https://127.0.0.1:9/api/psp/webhook");
      return { psp, provider };
    },
  },
];

let sequence = 0;
const nextTxid = () => `conf${String(++sequence).padStart(6, "0")}${"0".repeat(22)}`;
const nextTransferId = () => `po_conf${String(++sequence).padStart(6, "0")}${Date.now().toString(36)}`;

describe.each(adapters)("$name", ({ start }) => {
  let psp: PspSimulator;
  let provider: PaymentProvider;

  beforeAll(async () => {
    ({ psp, provider } = await start());
  });

  afterAll(async () => {
    await psp?.close();
  });

  describe("charges", () => {
    const charge = (txid: string) =>
      provider.charges!.createPixCharge({ txid, amountCents: 250n, expiresInSeconds: 600 });

    it("creates one charge for a txid asked for twice", async () => {
      if (!provider.charges) return;
      const txid = nextTxid();
      const first = await charge(txid);
      const again = await charge(txid);
      expect(again.qrCodeText).toBe(first.qrCodeText);
      expect(psp.chargeCount(txid)).toBe(1);
    });

    it("knows no txid it never made", async () => {
      if (!provider.charges) return;
      expect(await provider.charges.findPixCharge(nextTxid())).toBeNull();
      expect(await provider.charges.findReceivedPix("E".padEnd(32, "9"))).toBeNull();
    });

    it("is provider_unavailable on a timeout after the PSP acted, and the repeat answers that charge", async () => {
      if (!provider.charges) return;
      const txid = nextTxid();
      psp.failNext({ kind: "timeout", afterHandling: true });
      await expect(charge(txid)).rejects.toMatchObject({ code: "provider_unavailable" });
      await charge(txid);
      expect(psp.chargeCount(txid)).toBe(1);
    });

    it("is provider_unavailable on a 5xx, and the repeat creates it once", async () => {
      if (!provider.charges) return;
      const txid = nextTxid();
      psp.failNext({ kind: "status", status: 500 });
      await expect(charge(txid)).rejects.toMatchObject({ code: "provider_unavailable" });
      await charge(txid);
      expect(psp.chargeCount(txid)).toBe(1);
    });

    it("renews an expired token", async () => {
      if (!provider.charges) return;
      const issued = psp.tokensIssued;
      psp.revokeTokens();
      await charge(nextTxid());
      expect(psp.tokensIssued).toBe(issued + 1);
    });
  });

  describe("refunds", () => {
    it("makes one refund for a refund id asked for twice, and knows no other", async () => {
      if (!provider.refunds || !provider.charges) return;
      const txid = nextTxid();
      await provider.charges.createPixCharge({ txid, amountCents: 500n, expiresInSeconds: 600 });
      const pix = await psp.pay(txid);
      const refundId = newId("rfd");
      const ask = () => provider.refunds!.requestRefund({ endToEndId: pix.endToEndId, refundId, amountCents: 200n });
      psp.failNext({ kind: "timeout", afterHandling: true });
      await expect(ask()).rejects.toMatchObject({ code: "provider_unavailable" });
      expect((await ask()).status).toBe("pending");
      expect((await ask()).amountCents).toBe(200n);
      const found = await provider.charges.findReceivedPix(pix.endToEndId);
      expect(found?.refunds).toHaveLength(1);
      expect(await provider.refunds.findRefund({ endToEndId: pix.endToEndId, refundId: newId("rfd") })).toBeNull();
    });
  });

  describe("transfers", () => {
    const toKey = (transferId: string): TransferRequest => ({
      transferId,
      amountCents: 500n,
      destination: { kind: "pix_key", pixKey: "cliente@example.com" },
    });
    const made = (transferId: string) =>
      psp.sends().filter((send) => send.idEnvio === toIdEnvio(transferId) && send.status < 300).length;

    it("sends once for a transfer id asked for twice", async () => {
      if (!provider.transfers) return;
      const transferId = nextTransferId();
      const first = await provider.transfers.sendTransfer(toKey(transferId));
      const again = await provider.transfers.sendTransfer(toKey(transferId));
      expect(again).toEqual(first);
      expect(made(transferId)).toBe(1);
    });

    it("knows no transfer id it never sent", async () => {
      if (!provider.transfers) return;
      expect(await provider.transfers.findTransfer(nextTransferId())).toBeNull();
    });

    it("is provider_unavailable on a timeout after the PSP sent, and the repeat answers that send", async () => {
      if (!provider.transfers) return;
      const transferId = nextTransferId();
      psp.failNext({ kind: "timeout", afterHandling: true });
      await expect(provider.transfers.sendTransfer(toKey(transferId))).rejects.toMatchObject({
        code: "provider_unavailable",
      });
      expect((await provider.transfers.findTransfer(transferId))?.status).toBe("processing");
      expect((await provider.transfers.sendTransfer(toKey(transferId))).status).toBe("processing");
      expect(made(transferId)).toBe(1);
    });

    it("is provider_unavailable on a 5xx, and the repeat sends once", async () => {
      if (!provider.transfers) return;
      const transferId = nextTransferId();
      psp.failNext({ kind: "status", status: 502 });
      await expect(provider.transfers.sendTransfer(toKey(transferId))).rejects.toMatchObject({
        code: "provider_unavailable",
      });
      await provider.transfers.sendTransfer(toKey(transferId));
      expect(made(transferId)).toBe(1);
    });

    it("renews an expired token", async () => {
      if (!provider.transfers) return;
      const issued = psp.tokensIssued;
      psp.revokeTokens();
      await provider.transfers.sendTransfer(toKey(nextTransferId()));
      expect(psp.tokensIssued).toBe(issued + 1);
    });
  });
});
