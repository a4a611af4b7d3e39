// One suite for every adapter against its simulator: whatever capability an adapter declares
// keeps the contract's promises (lib/providers/contract/payment-provider.ts). Money-moving calls
// repeated under the same id are one operation at the PSP; an id it never saw is null; a timeout
// or a 5xx is provider_unavailable, and the repeat then succeeds once; an expired token is renewed.
// The simulators need only openssl, so nothing here is skipped. Each adapter must declare exactly
// the capabilities listed for it, and every check of a declared capability runs. The sandbox has
// no PSP to time out, fail or expire a token: only the checks of its own answers apply to it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sandboxProvider } from "../../lib/providers/sandbox/sandbox-provider";
import { createApiPixProvider } from "../../lib/providers/api-pix/create-api-pix-provider";
import type { PaymentProvider, TransferRequest } from "../../lib/providers/contract/payment-provider";
import type { PspSettings } from "../../lib/providers/api-pix/api-pix-settings";
import type { ProviderAccount } from "../../lib/providers/contract/provider-account";
import { createEfiProvider } from "../../lib/providers/efi/create-efi-provider";
import { toIdEnvio } from "../../lib/providers/efi/transformers";
import { newId } from "../../lib/ids/new-id";
import { type PspSimulator, startPspSimulator } from "../psp-simulator/start-psp-simulator";

type Capability = "charges" | "refunds" | "transfers" | "initiations";

type Adapter = {
  name: string;
  capabilities: Capability[];
  /** Whether a PSP (its simulator) stands behind it: timeouts, 5xx and tokens apply. */
  isAtPsp: boolean;
  /** Null for the sandbox: nothing to count calls at or to make fail. */
  start(): Promise<{ psp: PspSimulator | null; provider: PaymentProvider }>;
};

function account(
  psp: PspSimulator,
  kind: string,
  baseUrl: string,
  initiation: ProviderAccount["initiation"] = null,
): ProviderAccount<PspSettings> {
  return {
    id: `pa_${kind}`,
    kind,
    label: kind,
    rails: ["charges", "refunds", "payouts"],
    pixKey: psp.chave,
    // Short enough for a test to wait out a timeout.
    settings: { ...psp.settings, baseUrl, timeoutMs: 1000 },
    disabledAt: null,
    initiation,
  };
}

const adapters: Adapter[] = [
  {
    name: "sandbox",
    capabilities: ["charges", "refunds", "initiations"],
    isAtPsp: false,
    start: async () => ({ psp: null, provider: sandboxProvider }),
  },
  {
    name: "api_pix",
    capabilities: ["charges", "refunds"],
    isAtPsp: true,
    async start() {
      const psp = await startPspSimulator({ refundOutcome: "later" });
      return { psp, provider: createApiPixProvider(account(psp, "api_pix", psp.url)) };
    },
  },
  {
    name: "efi",
    capabilities: ["charges", "refunds", "transfers", "initiations"],
    isAtPsp: true,
    async start() {
      const psp = await startPspSimulator({ profile: "efi", refundOutcome: "later", sendResults: "later" });
      const provider = createEfiProvider(
        account(psp, "efi", psp.origin, {
          baseUrl: psp.openFinanceUrl,
          receiver: {
            ispb: "09089356",
            branch: "1",
            account: "123456-7",
            accountType: "CACC",
            document: "11222333000181",
            name: "Cashier Pagamentos",
          },
        }),
      );
      // Efí sends only from a key with a webhook; nothing listens there in this suite.
      psp.setWebhooksEnabled(false);
      await provider.registerWebhook?.("https://127.0.0.1:9/api/psp/webhook");
      await provider.initiations?.configure({
        returnUrl: "https://127.0.0.1:9/pay/retorno",
        webhookUrl: "https://127.0.0.1:9/api/psp/webhook",
      });
      return { psp, provider };
    },
  },
];

let sequence = 0;
const nextTxid = () => `conf${String(++sequence).padStart(6, "0")}${"0".repeat(22)}`;
const nextTransferId = () => `po_conf${String(++sequence).padStart(6, "0")}${Date.now().toString(36)}`;

describe.each(adapters)("$name", ({ start, capabilities, isAtPsp }) => {
  let found: PspSimulator | null;
  let provider: PaymentProvider;
  const has = (capability: Capability) => capabilities.includes(capability);
  const hasPsp = (capability: Capability) => has(capability) && isAtPsp;
  // Only reached by checks that run where a simulator stands behind the adapter.
  const psp = () => found as PspSimulator;
  const charges = () => provider.charges as NonNullable<PaymentProvider["charges"]>;
  const refunds = () => provider.refunds as NonNullable<PaymentProvider["refunds"]>;
  const transfers = () => provider.transfers as NonNullable<PaymentProvider["transfers"]>;
  const initiations = () => provider.initiations as NonNullable<PaymentProvider["initiations"]>;

  beforeAll(async () => {
    ({ psp: found, provider } = await start());
  });

  afterAll(async () => {
    await found?.close();
  });

  it("declares exactly its capabilities", () => {
    const declared = (["charges", "refunds", "transfers", "initiations"] as const).filter(
      (capability) => provider[capability],
    );
    expect(declared).toEqual(capabilities);
  });

  if (has("charges"))
    describe("charges", () => {
      const charge = (txid: string) => charges().createPixCharge({ txid, amountCents: 250n, expiresInSeconds: 600 });

      it("answers one charge for a txid asked for twice", async () => {
        const txid = nextTxid().slice(0, charges().txidLength);
        const first = await charge(txid);
        const again = await charge(txid);
        expect(again.qrCodeText).toBe(first.qrCodeText);
        expect(again.amountCents).toBe(250n);
        if (found) expect(found.chargeCount(txid)).toBe(1);
      });

      it("knows no txid it never made", async () => {
        expect(await charges().findPixCharge(nextTxid())).toBeNull();
        expect(await charges().findReceivedPix("E".padEnd(32, "9"))).toBeNull();
      });
    });

  if (hasPsp("charges"))
    describe("charges at a PSP", () => {
      const charge = (txid: string) => charges().createPixCharge({ txid, amountCents: 250n, expiresInSeconds: 600 });

      it("is provider_unavailable on a timeout after the PSP acted, and the repeat answers that charge", async () => {
        const txid = nextTxid();
        psp().failNext({ kind: "timeout", afterHandling: true });
        await expect(charge(txid)).rejects.toMatchObject({ code: "provider_unavailable" });
        await charge(txid);
        expect(psp().chargeCount(txid)).toBe(1);
      });

      it("is provider_unavailable on a 5xx, and the repeat creates it once", async () => {
        const txid = nextTxid();
        psp().failNext({ kind: "status", status: 500 });
        await expect(charge(txid)).rejects.toMatchObject({ code: "provider_unavailable" });
        await charge(txid);
        expect(psp().chargeCount(txid)).toBe(1);
      });

      it("renews an expired token", async () => {
        const issued = psp().tokensIssued;
        psp().revokeTokens();
        await charge(nextTxid());
        expect(psp().tokensIssued).toBe(issued + 1);
      });
    });

  if (has("refunds") && !hasPsp("refunds"))
    describe("refunds without a PSP", () => {
      it("answers the same refund for a refund id asked for twice, and knows no other", async () => {
        const refundId = newId("rfd");
        const ask = () => refunds().requestRefund({ endToEndId: "E".padEnd(32, "1"), refundId, amountCents: 200n });
        const first = await ask();
        expect(first).toMatchObject({ refundId, amountCents: 200n });
        expect(await ask()).toEqual(first);
        expect(await refunds().findRefund({ endToEndId: "E".padEnd(32, "1"), refundId: newId("rfd") })).toBeNull();
      });
    });

  if (hasPsp("refunds"))
    describe("refunds at a PSP", () => {
      it("makes one refund for a refund id asked for twice, and knows no other", async () => {
        const txid = nextTxid();
        await charges().createPixCharge({ txid, amountCents: 500n, expiresInSeconds: 600 });
        const pix = await psp().pay(txid);
        const refundId = newId("rfd");
        const ask = () => refunds().requestRefund({ endToEndId: pix.endToEndId, refundId, amountCents: 200n });
        psp().failNext({ kind: "timeout", afterHandling: true });
        await expect(ask()).rejects.toMatchObject({ code: "provider_unavailable" });
        expect((await ask()).status).toBe("pending");
        expect((await ask()).amountCents).toBe(200n);
        const received = await charges().findReceivedPix(pix.endToEndId);
        expect(received?.refunds).toHaveLength(1);
        expect(await refunds().findRefund({ endToEndId: pix.endToEndId, refundId: newId("rfd") })).toBeNull();
      });
    });

  if (has("transfers"))
    describe("transfers", () => {
      const toKey = (transferId: string): TransferRequest => ({
        transferId,
        amountCents: 500n,
        destination: { kind: "pix_key", pixKey: "cliente@example.com" },
      });
      const made = (transferId: string) =>
        psp()
          .sends()
          .filter((send) => send.idEnvio === toIdEnvio(transferId) && send.status < 300).length;

      it("sends once for a transfer id asked for twice", async () => {
        const transferId = nextTransferId();
        const first = await transfers().sendTransfer(toKey(transferId));
        const again = await transfers().sendTransfer(toKey(transferId));
        expect(again).toEqual(first);
        expect(made(transferId)).toBe(1);
      });

      it("knows no transfer id it never sent", async () => {
        expect(await transfers().findTransfer(nextTransferId())).toBeNull();
      });

      it("is provider_unavailable on a timeout after the PSP sent, and the repeat answers that send", async () => {
        const transferId = nextTransferId();
        psp().failNext({ kind: "timeout", afterHandling: true });
        await expect(transfers().sendTransfer(toKey(transferId))).rejects.toMatchObject({
          code: "provider_unavailable",
        });
        expect((await transfers().findTransfer(transferId))?.status).toBe("processing");
        expect((await transfers().sendTransfer(toKey(transferId))).status).toBe("processing");
        expect(made(transferId)).toBe(1);
      });

      it("is provider_unavailable on a 5xx, and the repeat sends once", async () => {
        const transferId = nextTransferId();
        psp().failNext({ kind: "status", status: 502 });
        await expect(transfers().sendTransfer(toKey(transferId))).rejects.toMatchObject({
          code: "provider_unavailable",
        });
        await transfers().sendTransfer(toKey(transferId));
        expect(made(transferId)).toBe(1);
      });

      it("renews an expired token", async () => {
        const issued = psp().tokensIssued;
        psp().revokeTokens();
        await transfers().sendTransfer(toKey(nextTransferId()));
        expect(psp().tokensIssued).toBe(issued + 1);
      });
    });

  // The sandbox bank keeps its state on the gateway's own attempts: its starts and answers are
  // proved against a database (test/integration/sandbox-bank.test.ts); what needs none is here.
  if (has("initiations") && !isAtPsp)
    describe("initiations (the sandbox bank)", () => {
      it("lists the interface's five banks, each a participant a payment can name", async () => {
        const banks = await initiations().listParticipants();
        expect(banks.map((bank) => bank.name)).toEqual([
          "Banco do Brasil",
          "Bradesco",
          "Caixa Econômica Federal",
          "Nubank",
          "Santander",
        ]);
      });

      it("refunds at once, the same refund id answered again", async () => {
        const request = { providerPaymentId: "sbx_ini_conf", refundId: newId("rfd"), amountCents: 300n };
        const first = await initiations().refundInitiation(request);
        expect(first).toMatchObject({ refundId: request.refundId, status: "completed", amountCents: 300n });
        expect(await initiations().refundInitiation(request)).toEqual(first);
      });

      it("reads no return address: its bank page is the gateway's own", () => {
        expect(initiations().readReturn(new URLSearchParams({ identificadorPagamento: "x" }))).toBeNull();
      });
    });

  if (hasPsp("initiations"))
    describe("initiations", () => {
      const start = async (initiationId: string) => {
        const [bank] = await initiations().listParticipants();
        return initiations().startInitiation({
          initiationId,
          depositId: `dep_${initiationId}`,
          participantId: bank.id,
          amountCents: 700n,
          payer: { cpf: "52998224725" },
        });
      };
      const made = (initiationId: string) =>
        psp()
          .initiations()
          .filter((payment) => payment.idempotencyKey === initiationId).length;

      it("starts one payment for an initiation id asked for twice", async () => {
        const initiationId = newId("ini");
        const first = await start(initiationId);
        expect(await start(initiationId)).toEqual(first);
        expect(made(initiationId)).toBe(1);
        expect(await initiations().findInitiation({ initiationId, ...first })).toMatchObject({ status: "pending" });
      });

      it("knows no payment it never started", async () => {
        expect(
          await initiations().findInitiation({ initiationId: newId("ini"), providerPaymentId: "urn:efi:nenhum" }),
        ).toBeNull();
      });

      it("is provider_unavailable on a timeout after the PSP started it, and the repeat answers that payment", async () => {
        const initiationId = newId("ini");
        psp().failNext({ kind: "timeout", afterHandling: true });
        await expect(start(initiationId)).rejects.toMatchObject({ code: "provider_unavailable" });
        const started = await start(initiationId);
        expect(made(initiationId)).toBe(1);
        expect(psp().initiation(started.providerPaymentId)?.idempotencyKey).toBe(initiationId);
      });

      it("is provider_unavailable on a 5xx, and the repeat starts it once", async () => {
        const initiationId = newId("ini");
        const [bank] = await initiations().listParticipants();
        psp().failNext({ kind: "status", status: 502 });
        await expect(
          initiations().startInitiation({
            initiationId,
            depositId: "dep_conf",
            participantId: bank.id,
            amountCents: 700n,
            payer: { cpf: "52998224725" },
          }),
        ).rejects.toMatchObject({ code: "provider_unavailable" });
        await start(initiationId);
        expect(made(initiationId)).toBe(1);
      });

      it("renews an expired token", async () => {
        const issued = psp().tokensIssued;
        psp().revokeTokens();
        await start(newId("ini"));
        expect(psp().tokensIssued).toBe(issued + 1);
      });
    });
});
