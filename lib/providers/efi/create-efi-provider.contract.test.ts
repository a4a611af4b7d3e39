// The Efí adapter against the PSP simulator under the efi profile: the API Pix under /v2, Pix
// sends under /v3 with Efí's homologation outcomes, its webhook, and what a timeout leaves behind.
import { readFileSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type PspSimulator, startPspSimulator } from "../../../test/psp-simulator/start-psp-simulator";
import { AppError } from "../../errors/app-error";
import type { PaymentProvider, TransferRequest } from "../contract/payment-provider";
import type { PspSettings } from "../api-pix/api-pix-settings";
import type { ProviderAccount } from "../contract/provider-account";
import { createEfiProvider } from "./create-efi-provider";
import { fromIdEnvio, toEfiConta, toIdEnvio } from "./transformers";

type Received = { path: string; body: unknown; authorized: boolean };

/** A webhook receiver: plain http, or https asking for Efí's client certificate (mTLS). */
async function startReceiver(psp?: PspSimulator) {
  const received: Received[] = [];
  const handler = (request: http.IncomingMessage, response: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const authorized = "authorized" in request.socket ? Boolean(request.socket.authorized) : false;
      received.push({
        path: request.url ?? "",
        body: JSON.parse(Buffer.concat(chunks).toString() || "null"),
        authorized,
      });
      response.writeHead(200).end();
    });
  };
  const server = psp
    ? https.createServer(
        {
          cert: readFileSync(psp.certificates.serverCertFile),
          key: readFileSync(psp.certificates.serverKeyFile),
          ca: readFileSync(psp.certificates.caFile),
          requestCert: true,
          rejectUnauthorized: true,
        },
        handler,
      )
    : http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${psp ? "https" : "http"}://127.0.0.1:${port}/api/psp/webhook`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function efiAccount(psp: PspSimulator, settings: Partial<PspSettings> = {}): ProviderAccount<PspSettings> {
  return {
    id: "pa_efi",
    kind: "efi",
    label: "Efí",
    rails: ["charges", "refunds", "payouts"],
    pixKey: psp.chave,
    settings: { ...psp.settings, baseUrl: psp.origin, timeoutMs: 1500, ...settings },
    disabledAt: null,
    initiation: null,
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

let counter = 0;
const transferId = () => `po_test${String(++counter).padStart(4, "0")}${Date.now().toString(36)}`;
const toKey = (amountCents: bigint, id = transferId()): TransferRequest => ({
  transferId: id,
  amountCents,
  destination: { kind: "pix_key", pixKey: "cliente@example.com" },
  description: "Saque",
});

let psp: PspSimulator;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let provider: PaymentProvider;

beforeAll(async () => {
  psp = await startPspSimulator({ profile: "efi" });
  receiver = await startReceiver();
  provider = createEfiProvider(efiAccount(psp));
  await provider.registerWebhook!(receiver.url);
});

afterAll(async () => {
  await receiver.close();
  await psp.close();
});

beforeEach(() => {
  psp.setSendResults("homologation");
  psp.setWebhooksEnabled(true);
});

describe("idEnvio", () => {
  it("is the transfer id without its underscore, and back", () => {
    expect(toIdEnvio("po_abc123")).toBe("poabc123");
    expect(fromIdEnvio("poabc123")).toBe("po_abc123");
    expect(toIdEnvio("dep_abc")).toBeNull();
    expect(fromIdEnvio("outroenvio")).toBeNull();
  });

  it("takes the account as Efí does: digits and check digit, no dash", () => {
    expect(toEfiConta("00012345-5", "60746948")).toBe("123455");
    // Efí takes digits only; the Pix directory writes a letter check digit as 0.
    expect(toEfiConta("0012345-X", "00000000")).toBe("123450");
    expect(toEfiConta("12a4", "60746948")).toBeNull();
    // Caixa's operation code stays whole, leading zeros included: 001 is not 1.
    expect(toEfiConta("00100012345-9", "00360305")).toBe("001000123459");
    expect(toEfiConta("01300012345-2", "00360305")).toBe("013000123452");
  });
});

describe("Pix send", () => {
  it("sends up to R$ 10.00, and Efí's webhook says it was done", async () => {
    const request = toKey(1000n);
    const idEnvio = toIdEnvio(request.transferId)!;
    const sent = await provider.transfers!.sendTransfer(request);
    expect(sent).toMatchObject({ transferId: request.transferId, status: "processing", amountCents: 1000n });
    expect(sent.endToEndId).toMatch(/^E09089356/);
    expect(psp.sends().find((send) => send.idEnvio === idEnvio)?.body).toEqual({
      valor: "10.00",
      pagador: { chave: psp.chave, infoPagador: "Saque" },
      favorecido: { chave: "cliente@example.com" },
    });

    const delivery = await until(
      () => receiver.received.find((item) => JSON.stringify(item.body).includes(idEnvio)),
      "the send's webhook",
    );
    expect(delivery.path).toBe("/api/psp/webhook/pix");
    const notices = provider.readNotification!({
      url: new URL(`http://gateway${delivery.path}`),
      headers: new Headers(),
      body: delivery.body,
    });
    expect(notices).toEqual([{ subject: "transfer", id: request.transferId, digest: expect.any(String) }]);
    expect(await provider.transfers!.findTransfer(request.transferId)).toMatchObject({
      status: "completed",
      endToEndId: sent.endToEndId,
    });
  });

  it("is not done from R$ 10.01 to 20.00: processing, then failed with Efí's reason", async () => {
    psp.setSendResults("later");
    const request = toKey(1500n);
    expect((await provider.transfers!.sendTransfer(request)).status).toBe("processing");
    await psp.completeSend(toIdEnvio(request.transferId)!);
    const found = await provider.transfers!.findTransfer(request.transferId);
    expect(found).toMatchObject({ status: "failed", amountCents: 1500n });
    expect(found?.failureReason).toContain("Efí");
  });

  it("is refused at once above R$ 20.00, with words a merchant can act on", async () => {
    const request = toKey(2001n);
    const sent = await provider.transfers!.sendTransfer(request);
    expect(sent).toMatchObject({ status: "failed", endToEndId: null });
    expect(sent.failureReason).toContain("Pagamento negado por análises");
    expect(await provider.transfers!.findTransfer(request.transferId)).toBeNull();
  });

  it("fails with Efí's message for a business refusal (insufficient balance)", async () => {
    psp.refuseNextSend({
      status: 422,
      nome: "saldo_insuficiente",
      mensagem: "Saldo insuficiente para realizar o envio",
    });
    const sent = await provider.transfers!.sendTransfer(toKey(500n));
    expect(sent.status).toBe("failed");
    expect(sent.failureReason).toContain("Saldo insuficiente");
  });

  it("ends nothing on an answer that is not a business refusal (403, 404, a duplicate not listed yet)", async () => {
    for (const refusal of [
      { status: 403, nome: "acesso_negado", mensagem: "Acesso negado" },
      { status: 404, nome: "nao_encontrado", mensagem: "Recurso não encontrado" },
      { status: 409, nome: "id_envio_duplicado", mensagem: "idEnvio já utilizado" },
    ]) {
      psp.refuseNextSend(refusal);
      // Still processing for the gateway: reconciliation asks again under the same idEnvio.
      await expect(provider.transfers!.sendTransfer(toKey(400n))).rejects.toMatchObject({
        code: "provider_unavailable",
      });
    }
  });

  it("answers the send already made when the first answer was lost (timeout after handling)", async () => {
    psp.setSendResults("later");
    const request = toKey(700n);
    const idEnvio = toIdEnvio(request.transferId)!;
    psp.failNext({ kind: "timeout", afterHandling: true });
    await expect(provider.transfers!.sendTransfer(request)).rejects.toMatchObject({ code: "provider_unavailable" });
    expect(psp.sent(idEnvio)?.status).toBe("EM_PROCESSAMENTO");
    const again = await provider.transfers!.sendTransfer(request);
    expect(again).toMatchObject({ status: "processing", endToEndId: psp.sent(idEnvio)!.endToEndId });
    expect(
      psp
        .sends()
        .filter((send) => send.idEnvio === idEnvio)
        .map((send) => send.status),
    ).toEqual([201, 409]);
  });

  it("throws provider_unavailable on a 5xx, and the repeat sends once", async () => {
    const request = toKey(300n);
    psp.failNext({ kind: "status", status: 503 });
    await expect(provider.transfers!.sendTransfer(request)).rejects.toBeInstanceOf(AppError);
    expect((await provider.transfers!.sendTransfer(request)).status).toBe("processing");
    expect(psp.sent(toIdEnvio(request.transferId)!)).toBeDefined();
  });

  it("renews a revoked token and sends", async () => {
    const issued = psp.tokensIssued;
    psp.revokeTokens();
    expect((await provider.transfers!.sendTransfer(toKey(200n))).status).toBe("processing");
    expect(psp.tokensIssued).toBe(issued + 1);
  });

  it("sends to a bank account as contaBanco, by ISPB", async () => {
    const request: TransferRequest = {
      transferId: transferId(),
      amountCents: 1234n,
      destination: {
        kind: "bank_account",
        ispb: "00000000",
        branch: "0001",
        account: "00012345-5",
        accountType: "S",
        holderName: "Maria da Silva",
        holderCpf: "529.982.247-25",
      },
    };
    await provider.transfers!.sendTransfer(request);
    expect(psp.sends().at(-1)?.body).toMatchObject({
      favorecido: {
        contaBanco: {
          nome: "Maria da Silva",
          cpf: "52998224725",
          codigoBanco: "00000000",
          agencia: "1",
          conta: "123455",
          tipoConta: "svgs",
        },
      },
    });
  });

  it("fails a bank payout without its holder's name and CPF, without calling Efí", async () => {
    const before = psp.sends().length;
    const sent = await provider.transfers!.sendTransfer({
      transferId: transferId(),
      amountCents: 100n,
      destination: {
        kind: "bank_account",
        ispb: "00000000",
        branch: "1",
        account: "1234-5",
        accountType: "C",
        holderName: null,
        holderCpf: null,
      },
    });
    expect(sent.status).toBe("failed");
    expect(sent.failureReason).toMatch(/CPF/);
    expect(psp.sends().length).toBe(before);
  });

  it("knows no transfer it never sent", async () => {
    expect(await provider.transfers!.findTransfer("po_neverseen")).toBeNull();
  });
});

describe("charges under /v2", () => {
  it("creates and finds a charge through Efí's API Pix", async () => {
    const txid = `efi${"a".repeat(29)}`;
    const charge = await provider.charges!.createPixCharge({ txid, amountCents: 500n, expiresInSeconds: 600 });
    expect(charge.amountCents).toBe(500n);
    expect(psp.exchanges.some((exchange) => exchange.method === "PUT" && exchange.path === `/cob/${txid}`)).toBe(true);
    expect((await provider.charges!.findPixCharge(txid))?.status).toBe("active");
  });
});

describe("notifications", () => {
  const secured = () => createEfiProvider(efiAccount(psp, { webhookSecret: "s3cret-hmac" }));
  const call = (query: string, body: unknown) => ({
    url: new URL(`https://gateway/api/psp/webhook${query}`),
    headers: new Headers(),
    body,
  });

  it("requires the hmac when the account has a secret (Efí appends /pix after the query)", () => {
    const notice = { pix: [{ endToEndId: "E".padEnd(32, "1"), valor: "1.00" }] };
    expect(() => secured().readNotification!(call("/pix", notice))).toThrow(AppError);
    expect(() => secured().readNotification!(call("?hmac=wrong/pix", notice))).toThrow(AppError);
    expect(secured().readNotification!(call("?hmac=s3cret-hmac/pix", notice))).toHaveLength(1);
    expect(secured().readNotification!(call("?hmac=s3cret-hmac&ignorar=/pix", notice))).toHaveLength(1);
  });

  it("reads sends and received Pix, skips the unreadable, answers Efí's ping with nothing", () => {
    const read = (body: unknown) => provider.readNotification!(call("/pix", body));
    expect(read({ evento: "teste_webhook" })).toEqual([]);
    const notices = read({
      pix: [
        { endToEndId: "E".padEnd(32, "2"), txid: "x", valor: "1.00" },
        { tipo: "SOLICITACAO", status: "NAO_REALIZADO", gnExtras: { idEnvio: "poabc", erro: { motivo: "x" } } },
        { endToEndId: "short" },
        { gnExtras: { idEnvio: "not_ours" } },
      ],
    });
    expect(notices.map(({ subject, id }) => ({ subject, id }))).toEqual([
      { subject: "received_pix", id: "E".padEnd(32, "2") },
      { subject: "transfer", id: "po_abc" },
    ]);
    expect(() => read({ pix: Array.from({ length: 101 }, () => ({})) })).toThrow(/pix/);
  });

  it("registers the secret as ?hmac= with x-skip-mtls-checking, and no secret for mTLS", async () => {
    const registered = await secured().registerWebhook!(receiver.url);
    expect(registered).toEqual({ chave: psp.chave, webhookUrl: `${receiver.url}?hmac=…&ignorar=` });
    expect(psp.webhookUrl()).toBe(`${receiver.url}?hmac=s3cret-hmac&ignorar=`);
    expect(psp.exchanges.at(-1)?.headers?.["x-skip-mtls-checking"]).toBe("true");
    await provider.registerWebhook!(receiver.url);
    expect(psp.webhookUrl()).toBe(receiver.url);
    expect(psp.exchanges.at(-1)?.headers?.["x-skip-mtls-checking"]).toBeUndefined();
  });

  it("is authenticated by the hmac Efí keeps in the URL", async () => {
    const efi = secured();
    await efi.registerWebhook!(receiver.url);
    const request = toKey(150n);
    try {
      await efi.transfers!.sendTransfer(request);
      const idEnvio = toIdEnvio(request.transferId)!;
      const delivery = await until(
        () => receiver.received.find((item) => JSON.stringify(item.body).includes(idEnvio)),
        "the send's webhook",
      );
      expect(delivery.path).toBe("/api/psp/webhook?hmac=s3cret-hmac&ignorar=/pix");
      const notices = efi.readNotification!({
        url: new URL(`https://gateway${delivery.path}`),
        headers: new Headers(),
        body: delivery.body,
      });
      expect(notices.map((notice) => notice.id)).toEqual([request.transferId]);
    } finally {
      await provider.registerWebhook!(receiver.url);
    }
  });

  it("presents Efí's client certificate to an https webhook", async () => {
    const secure = await startReceiver(psp);
    try {
      await provider.registerWebhook!(secure.url);
      const request = toKey(100n);
      await provider.transfers!.sendTransfer(request);
      const delivery = await until(() => secure.received[0], "the mTLS webhook");
      expect(delivery.authorized).toBe(true);
      expect(JSON.stringify(delivery.body)).toContain(toIdEnvio(request.transferId)!);
    } finally {
      await provider.registerWebhook!(receiver.url);
      await secure.close();
    }
  });
});
