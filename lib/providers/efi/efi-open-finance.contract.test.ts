// The Efí adapter's payment initiation (Open Finance) against the PSP simulator's efi profile: the
// participants, a payment started once under its idempotency key, the fake bank's page, Efí's
// webhook with ?hmac=, the homologation's R$ 0.11, refunds and what a failure leaves behind.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type PspSimulator, startPspSimulator } from "../../../test/psp-simulator/start-psp-simulator";
import type { InitiationCapability, InitiationRequest, PaymentProvider } from "../contract/payment-provider";
import type { PspSettings } from "../api-pix/api-pix-settings";
import type { ProviderAccount } from "../contract/provider-account";
import { createEfiProvider } from "./create-efi-provider";

const SECRET = "segredo-do-webhook-of";
const NUBANK = "9f4cd202-8f2b-11ec-b909-0242ac120004";

async function startReceiver() {
  const received: { path: string; body: unknown }[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ path: request.url ?? "", body: JSON.parse(Buffer.concat(chunks).toString() || "null") });
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/psp/webhook/pa_efi`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function account(psp: PspSimulator, webhookSecret: string | null = SECRET): ProviderAccount<PspSettings> {
  return {
    id: "pa_efi",
    kind: "efi",
    label: "Efí",
    rails: ["charges", "refunds", "payouts", "initiation"],
    pixKey: psp.chave,
    settings: { ...psp.settings, baseUrl: psp.origin, timeoutMs: 1500, webhookSecret },
    disabledAt: null,
    initiation: {
      baseUrl: psp.openFinanceUrl,
      receiver: {
        ispb: "09089356",
        branch: "1",
        account: "654984-1",
        accountType: "CACC",
        document: "11.222.333/0001-81",
        name: "Cashier Pagamentos Ltda",
      },
    },
  };
}

async function until<T>(read: () => T | undefined | null | false, what: string): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = read();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

let sequence = 0;
const request = (amountCents: bigint, overrides: Partial<InitiationRequest> = {}): InitiationRequest => ({
  initiationId: `ini_test${String(++sequence).padStart(4, "0")}${Date.now().toString(36)}`,
  depositId: `dep_test${String(sequence).padStart(4, "0")}`,
  participantId: NUBANK,
  amountCents,
  payer: { cpf: "529.982.247-25" },
  description: "Pedido 42",
  ...overrides,
});

let psp: PspSimulator;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let provider: PaymentProvider;
let initiations: InitiationCapability;
const RETURN_URL = "https://gateway.example/pay/retorno";

beforeAll(async () => {
  psp = await startPspSimulator({ profile: "efi" });
  receiver = await startReceiver();
  provider = createEfiProvider(account(psp));
  initiations = provider.initiations!;
  await initiations.configure({ returnUrl: RETURN_URL, webhookUrl: receiver.url });
});

afterAll(async () => {
  await receiver.close();
  await psp.close();
});

beforeEach(() => {
  psp.setWebhooksEnabled(true);
  psp.setInitiationRefundResult("aceito");
});

describe("the capability", () => {
  it("is declared only for an account with initiation settings", () => {
    expect(createEfiProvider({ ...account(psp), initiation: null }).initiations).toBeUndefined();
  });

  it("configures Efí with the return URL, the webhook and the hmac, or mTLS without a secret", async () => {
    expect(psp.openFinanceConfig()).toMatchObject({
      redirectURL: RETURN_URL,
      webhookURL: receiver.url,
      webhookSecurity: { type: "hmac", hash: SECRET },
    });
    const plain = createEfiProvider(account(psp, null)).initiations!;
    await plain.configure({ returnUrl: RETURN_URL, webhookUrl: receiver.url });
    expect(psp.openFinanceConfig()?.webhookSecurity).toEqual({ type: "mtls" });
    await initiations.configure({ returnUrl: RETURN_URL, webhookUrl: receiver.url });
  });

  it("gets its token on the Open Finance host", () => {
    expect(psp.exchanges.some((exchange) => exchange.kind === "token" && exchange.path === "/v1/oauth/token")).toBe(
      true,
    );
  });
});

describe("participants", () => {
  it("lists the banks with their https marks", async () => {
    const participants = await initiations.listParticipants();
    expect(participants.map((participant) => participant.name)).toEqual(
      expect.arrayContaining([
        "Banco do Brasil",
        "Bradesco",
        "Caixa Econômica Federal",
        "Nubank",
        "Santander",
        "Itaú",
        "Banco Inter",
      ]),
    );
    for (const participant of participants) expect(participant.logoUrl).toMatch(/^https:\/\//);
  });
});

describe("a payment", () => {
  it("starts once under its idempotency key, with Efí's body", async () => {
    const asked = request(1234n);
    const first = await initiations.startInitiation(asked);
    const again = await initiations.startInitiation(asked);
    expect(again).toEqual(first);
    expect(first.providerPaymentId).toMatch(/^urn:efi:/);
    expect(first.redirectUrl.startsWith(`${psp.bankUrl}/autorizar/`)).toBe(true);
    expect(psp.initiationCount(asked.initiationId)).toBe(2);
    expect(psp.initiations().filter((item) => item.idempotencyKey === asked.initiationId)).toHaveLength(1);
    expect(psp.initiation(first.providerPaymentId)?.body).toEqual({
      pagador: { idParticipante: NUBANK, cpf: "52998224725" },
      favorecido: {
        contaBanco: {
          codigoBanco: "09089356",
          agencia: "0001",
          conta: "6549841",
          documento: "11222333000181",
          nome: "Cashier Pagamentos Ltda",
          tipoConta: "CACC",
        },
      },
      pagamento: { valor: "12.34", idProprio: asked.depositId, infoPagador: "Pedido 42" },
    });
    expect(await initiations.findInitiation({ initiationId: asked.initiationId, ...first })).toMatchObject({
      initiationId: asked.initiationId,
      status: "pending",
      amountCents: 1234n,
      endToEndId: null,
      refunds: [],
    });
  });

  it("is approved on the bank's page: the customer goes back, the webhook carries ?hmac=, it is paid", async () => {
    const asked = request(990n);
    const started = await initiations.startInitiation(asked);
    const page = await fetch(started.redirectUrl);
    const html = await page.text();
    expect(html).toContain("Aprovar");
    expect(html).toContain("Recusar");
    expect(html).toContain("9,90");
    const decided = await fetch(started.redirectUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "decisao=aprovar",
      redirect: "manual",
    });
    expect(decided.status).toBe(302);
    const back = new URL(decided.headers.get("location")!);
    expect(`${back.origin}${back.pathname}`).toBe(RETURN_URL);
    expect(initiations.readReturn(back.searchParams)).toBe(started.providerPaymentId);

    const delivery = await until(
      () => receiver.received.find((item) => JSON.stringify(item.body).includes(started.providerPaymentId)),
      "the payment's webhook",
    );
    expect(delivery.path).toBe(`/api/psp/webhook/pa_efi?hmac=${SECRET}`);
    expect(delivery.body).toMatchObject({ status: "aceito", tipo: "pagamento", idProprio: asked.depositId });
    const notices = provider.readNotification!({
      url: new URL(`https://gateway${delivery.path}`),
      headers: new Headers(),
      body: delivery.body,
    });
    expect(notices).toEqual([{ subject: "initiation", id: started.providerPaymentId, digest: expect.any(String) }]);
    expect(() =>
      provider.readNotification!({
        url: new URL("https://gateway/x?hmac=errado"),
        headers: new Headers(),
        body: delivery.body,
      }),
    ).toThrow(/hmac/);

    const found = await initiations.findInitiation({ initiationId: asked.initiationId, ...started });
    expect(found).toMatchObject({ status: "paid", amountCents: 990n, failureReason: null });
    expect(found?.endToEndId).toBe(psp.initiation(started.providerPaymentId)?.endToEndId);
  });

  it("is rejected for R$ 0.11 even when approved (Efí's homologation), by webhook", async () => {
    const started = await initiations.startInitiation(request(11n));
    await psp.approveInitiation(started.providerPaymentId);
    const found = await initiations.findInitiation({ initiationId: "ini_x", ...started });
    expect(found).toMatchObject({ status: "failed", endToEndId: null });
    expect(found?.failureReason).toBe("o banco não aprovou o pagamento.");
  });

  it("fails when the customer refuses at the bank, and says so on the way back", async () => {
    const started = await initiations.startInitiation(request(500n));
    const { location } = await psp.rejectInitiation(started.providerPaymentId);
    const back = new URL(location!);
    expect(back.searchParams.get("erro")).toBeTruthy();
    expect(initiations.readReturn(back.searchParams)).toBe(started.providerPaymentId);
    expect((await initiations.findInitiation({ initiationId: "ini_y", ...started }))?.status).toBe("failed");
  });

  it("knows no payment it never started", async () => {
    expect(await initiations.findInitiation({ initiationId: "ini_z", providerPaymentId: "urn:efi:nenhum" })).toBeNull();
    expect(await initiations.findInitiation({ initiationId: "ini_z", providerPaymentId: "não é urn" })).toBeNull();
    expect(initiations.readReturn(new URLSearchParams("erro=x"))).toBeNull();
  });

  it("is refused with Efí's words for an unknown bank", async () => {
    await expect(initiations.startInitiation(request(100n, { participantId: "0".repeat(36) }))).rejects.toMatchObject({
      code: "provider_error",
      detail: expect.stringContaining("participante"),
    });
  });

  it("is provider_unavailable on a 5xx or a timeout after Efí acted, and the repeat answers one payment", async () => {
    const asked = request(300n);
    psp.failNext({ kind: "status", status: 503 });
    await expect(initiations.startInitiation(asked)).rejects.toMatchObject({ code: "provider_unavailable" });
    psp.failNext({ kind: "timeout", afterHandling: true });
    await expect(initiations.startInitiation(asked)).rejects.toMatchObject({ code: "provider_unavailable" });
    const started = await initiations.startInitiation(asked);
    expect(psp.initiations().filter((item) => item.idempotencyKey === asked.initiationId)).toHaveLength(1);
    expect(psp.initiation(started.providerPaymentId)?.idempotencyKey).toBe(asked.initiationId);
  });

  it("renews an expired token", async () => {
    const issued = psp.tokensIssued;
    psp.revokeTokens();
    await initiations.listParticipants();
    expect(psp.tokensIssued).toBe(issued + 1);
  });
});

describe("refunds", () => {
  it("returns part of a paid payment once per refund id, named by Efí's devolucao", async () => {
    const started = await initiations.startInitiation(request(1000n));
    await psp.approveInitiation(started.providerPaymentId);
    const refund = await initiations.refundInitiation({ ...started, refundId: "rfd_parte1", amountCents: 400n });
    expect(refund).toMatchObject({ refundId: "rfd_parte1", amountCents: 400n, nature: "original" });
    expect(refund.providerRefundId).toMatch(/^D/);
    const again = await initiations.refundInitiation({ ...started, refundId: "rfd_parte1", amountCents: 400n });
    expect(again.amountCents).toBe(400n);
    expect(psp.initiation(started.providerPaymentId)?.devolucoes).toHaveLength(1);
    const body = psp.exchanges.find((exchange) => exchange.path.endsWith("/devolver"))?.body;
    expect(body).toEqual([{ endToEndId: psp.initiation(started.providerPaymentId)?.endToEndId, valor: "4.00" }]);

    const found = await initiations.findInitiation({ initiationId: "ini_r", ...started });
    // Efí lists it under its own id only: lib/refunds/match-provider-refunds finds the gateway's.
    expect(found?.refunds).toEqual([
      {
        refundId: null,
        providerRefundId: refund.providerRefundId,
        status: "completed",
        amountCents: 400n,
        failureReason: null,
        nature: "original",
      },
    ]);
  });

  it("is refused with Efí's words beyond what was paid, and for an unpaid payment", async () => {
    const started = await initiations.startInitiation(request(200n));
    await expect(
      initiations.refundInitiation({ ...started, refundId: "rfd_x", amountCents: 100n }),
    ).rejects.toMatchObject({
      code: "provider_error",
    });
    await psp.approveInitiation(started.providerPaymentId);
    await expect(
      initiations.refundInitiation({ ...started, refundId: "rfd_y", amountCents: 201n }),
    ).rejects.toMatchObject({
      code: "provider_error",
      detail: expect.stringContaining("ultrapassou"),
    });
  });
});

describe("notifications", () => {
  const read = (body: unknown) =>
    provider.readNotification!({ url: new URL(`https://gateway/w?hmac=${SECRET}`), headers: new Headers(), body });

  it("reads a devolucao's notice as its payment's, skips an unreadable id", () => {
    expect(
      read({
        identificadorPagamento: "urn:efi:abc",
        identificadorDevolucao: "D1",
        tipo: "devolucao",
        status: "aceito",
      }),
    ).toEqual([{ subject: "initiation", id: "urn:efi:abc", digest: expect.any(String) }]);
    expect(read({ identificadorPagamento: "sem urn", tipo: "pagamento" })).toEqual([]);
    expect(read([{ identificadorPagamento: "urn:efi:a" }, { identificadorPagamento: "urn:efi:b" }])).toHaveLength(2);
  });

  it("refuses a list of more than 100 payments whole, as the Pix lists are", () => {
    const payments = (count: number) =>
      Array.from({ length: count }, (_, i) => ({ identificadorPagamento: `urn:efi:p${i}` }));
    expect(read(payments(100))).toHaveLength(100);
    expect(() => read(payments(1000))).toThrow(
      expect.objectContaining({
        code: "validation_failed",
        detail: "body: must list at most 100 payments; 1000 were sent",
      }),
    );
  });
});
