// The API Pix adapter against the PSP simulator, over real HTTPS with mutual TLS: every call of the
// provider contract, the token's life, the failures a merchant would meet; and every exchange
// checked against the Central Bank's OpenAPI document when it is present.
import { readFileSync } from "node:fs";
import { parsePix } from "pix-utils";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Receiver, startReceiver } from "../../../test/support/callback-receiver";
import { generateCertificates } from "../../../test/psp-simulator/generate-certificates";
import { type OpenApiContract, loadOpenApiContract } from "../../../test/psp-simulator/openapi-contract";
import { OPENAPI_FILE, hasOpenApiDocument } from "../../../test/psp-simulator/openapi-file";
import { type PspSimulator, startPspSimulator } from "../../../test/psp-simulator/start-psp-simulator";
import type { PspSettings } from "./api-pix-settings";
import { AppError } from "../../errors/app-error";
import { randomAlphanumeric } from "../../ids/new-id";
import { type ApiPix, createApiPix } from "@/test/support/api-pix-provider";

const newTxid = () => randomAlphanumeric(32).toUpperCase();
const newRefundId = () => `rfd_${randomAlphanumeric(20)}`;

let simulator: PspSimulator;
let provider: ApiPix;
let receiver: Receiver;
/** Every simulator of the file, so the contract check sees all their exchanges. */
const simulators: PspSimulator[] = [];
/** Every error the adapter raised: none may carry a credential. */
const errors: AppError[] = [];

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => {
      throw new Error("expected the call to fail");
    },
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  errors.push(error as AppError);
  return error as AppError;
}

async function paidCharge(amountCents = 1050n) {
  const txid = newTxid();
  await provider.createPixCharge({ txid, amountCents, expiresInSeconds: 600 });
  return { txid, pix: await simulator.pay(txid) };
}

beforeAll(async () => {
  simulator = await startPspSimulator({ pageSize: 2 });
  simulators.push(simulator);
  provider = createApiPix(simulator.settings, simulator.chave);
  receiver = await startReceiver();
});

afterAll(async () => {
  await Promise.all([...simulators.map((each) => each.close()), receiver.close()]);
});

describe("API Pix adapter", () => {
  it("creates a dynamic charge over mutual TLS, and the same txid again answers the same charge", async () => {
    const txid = newTxid();
    const request = {
      txid,
      amountCents: 1050n,
      expiresInSeconds: 1800,
      payer: { cpf: "52998224725", name: "Ana Souza" },
      description: "Pedido 42",
    };
    const charge = await provider.createPixCharge(request);

    expect(
      simulator.exchanges.find((exchange) => exchange.method === "PUT" && exchange.path === `/cob/${txid}`)?.body,
    ).toEqual({
      calendario: { expiracao: 1800 },
      devedor: { cpf: "52998224725", nome: "Ana Souza" },
      valor: { original: "10.50" },
      chave: simulator.chave,
      solicitacaoPagador: "Pedido 42",
    });
    expect(charge.qrCodeText).toBe(simulator.charge(txid)?.pixCopiaECola);
    expect(charge.location).toMatch(/^127\.0\.0\.1:\d+\/qr\/v2\/[0-9a-f]{32}$/);
    // A dynamic BR Code: the location in field 26/25 and a CRC the parser accepts.
    expect(parsePix(charge.qrCodeText)).toMatchObject({ type: "DYNAMIC", url: charge.location });

    // A repeat after a timeout or a crash: the PSP refuses the second PUT, the adapter finds the charge.
    await expect(provider.createPixCharge(request)).resolves.toEqual(charge);
    expect(simulator.chargeCount(txid)).toBe(1);
    // The charge it finds is for another amount: not the one asked for, so never shown.
    const other = await failure(provider.createPixCharge({ ...request, amountCents: 1051n }));
    expect(other).toMatchObject({
      code: "provider_mismatch",
      detail: `the PSP answered charge ${txid} with valor.original 10.50 instead of 10.51`,
    });
  });

  it("tells an active charge from a paid one (with its Pix) and a removed one; an unknown txid is null", async () => {
    const txid = newTxid();
    const charge = await provider.createPixCharge({ txid, amountCents: 2500n, expiresInSeconds: 600 });
    expect(await provider.findPixCharge(txid)).toEqual({ status: "active", charge });

    const pix = await simulator.pay(txid);
    expect(await provider.findPixCharge(txid)).toEqual({
      status: "paid",
      charge,
      payments: [{ endToEndId: pix.endToEndId, txid, amountCents: 2500n, paidAt: new Date(pix.horario), refunds: [] }],
    });
    expect(pix.endToEndId).toMatch(/^E\d{8}\d{12}[a-zA-Z0-9]{11}$/);

    const removed = newTxid();
    await provider.createPixCharge({ txid: removed, amountCents: 100n, expiresInSeconds: 600 });
    simulator.removeCharge(removed);
    expect(await provider.findPixCharge(removed)).toMatchObject({ status: "closed" });
    expect(await provider.findPixCharge(newTxid())).toBeNull();
  });

  it("confirms a received Pix by its end-to-end id, and lists a window across every page", async () => {
    const from = new Date(Date.now() - 1000);
    const paid = [];
    for (let i = 0; i < 5; i++) paid.push(await paidCharge(100n + BigInt(i)));
    const { pix, txid } = paid[0];

    expect(await provider.findReceivedPix(pix.endToEndId)).toEqual({
      endToEndId: pix.endToEndId,
      txid,
      amountCents: 100n,
      paidAt: new Date(pix.horario),
      refunds: [],
    });
    expect(await provider.findReceivedPix(`E${"9".repeat(31)}`)).toBeNull();

    const listed = await provider.listReceivedPix({ from, to: new Date(Date.now() + 1000) });
    expect(listed.map((each) => each.endToEndId)).toEqual(
      expect.arrayContaining(paid.map((each) => each.pix.endToEndId)),
    );
    const pages = simulator.exchanges
      .filter((exchange) => exchange.path === "/pix")
      .map((exchange) => exchange.query["paginacao.paginaAtual"]);
    expect(pages).toEqual(["0", "1", "2"]);
    const outside = await provider.listReceivedPix({
      from: new Date(Date.now() - 3600_000),
      to: new Date(from.getTime() - 1),
    });
    expect(outside.map((each) => each.endToEndId)).not.toContain(pix.endToEndId);
  });

  it("refunds under the gateway's id: completed at once, failed later with the PSP's reason, repeats answer the same refund", async () => {
    const { pix } = await paidCharge(1000n);
    simulator.setRefundOutcome({ status: "DEVOLVIDO" });
    const full = newRefundId();
    const completed = await provider.requestRefund({
      endToEndId: pix.endToEndId,
      refundId: full,
      amountCents: 400n,
      description: "Produto devolvido",
    });
    expect(completed).toEqual({
      refundId: full,
      status: "completed",
      amountCents: 400n,
      providerRefundId: expect.stringMatching(/^D[a-zA-Z0-9]{31}$/),
      failureReason: null,
      nature: "original",
    });
    expect(simulator.exchanges.at(-1)).toMatchObject({
      method: "PUT",
      path: `/pix/${pix.endToEndId}/devolucao/${full.replace("_", "")}`,
      body: { valor: "4.00", descricao: "Produto devolvido" },
    });
    await expect(
      provider.requestRefund({ endToEndId: pix.endToEndId, refundId: full, amountCents: 400n }),
    ).resolves.toEqual(completed);
    await expect(provider.findRefund({ endToEndId: pix.endToEndId, refundId: full })).resolves.toEqual(completed);

    simulator.setRefundOutcome("later");
    const partial = newRefundId();
    expect(
      await provider.requestRefund({ endToEndId: pix.endToEndId, refundId: partial, amountCents: 300n }),
    ).toMatchObject({ refundId: partial, status: "pending" });
    await simulator.completeRefund(
      pix.endToEndId,
      partial.replace("_", ""),
      "NAO_REALIZADO",
      "Conta do pagador encerrada",
    );
    expect(await provider.findRefund({ endToEndId: pix.endToEndId, refundId: partial })).toMatchObject({
      status: "failed",
      amountCents: 300n,
      failureReason: "Conta do pagador encerrada",
    });
    expect(
      (await provider.findReceivedPix(pix.endToEndId))?.refunds.map((refund) => [refund.refundId, refund.status]),
    ).toEqual([
      [full, "completed"],
      [partial, "failed"],
    ]);

    const tooMuch = await failure(
      provider.requestRefund({ endToEndId: pix.endToEndId, refundId: newRefundId(), amountCents: 700n }),
    );
    expect(tooMuch).toMatchObject({
      code: "provider_error",
      detail: expect.stringMatching(/ultrapassa o valor do Pix/),
    });
    await expect(provider.findRefund({ endToEndId: pix.endToEndId, refundId: newRefundId() })).resolves.toBeNull();
    simulator.setRefundOutcome({ status: "DEVOLVIDO" });
  });

  it("registers the webhook (twice is the same), which then receives paid charges and finished refunds at /pix", async () => {
    const webhookUrl = `http://127.0.0.1:${receiver.port}/api/psp/webhook`;
    await provider.provider.registerWebhook?.(webhookUrl);
    await provider.provider.registerWebhook?.(webhookUrl);
    expect(simulator.webhookUrl()).toBe(webhookUrl);
    expect(
      simulator.exchanges
        .filter((exchange) => exchange.path === `/webhook/${encodeURIComponent(simulator.chave)}`)
        .map((e) => e.status),
    ).toEqual([200, 200]);

    const { pix } = await paidCharge(990n);
    const paidNotice = receiver.received.at(-1)!;
    expect(paidNotice.path).toBe("/api/psp/webhook/pix");
    expect(JSON.parse(paidNotice.body)).toEqual({ pix: [pix] });

    simulator.setRefundOutcome("later");
    const refundId = newRefundId();
    await provider.requestRefund({ endToEndId: pix.endToEndId, refundId, amountCents: 990n });
    await simulator.completeRefund(pix.endToEndId, refundId, "DEVOLVIDO");
    const refundNotice = JSON.parse(receiver.received.at(-1)!.body) as { pix: { devolucoes: { status: string }[] }[] };
    expect(refundNotice.pix[0].devolucoes.map((devolucao) => devolucao.status)).toEqual(["DEVOLVIDO"]);

    simulator.setWebhooksEnabled(false);
    const before = receiver.received.length;
    await paidCharge();
    expect(receiver.received).toHaveLength(before);
    simulator.setWebhooksEnabled(true);
    simulator.setRefundOutcome({ status: "DEVOLVIDO" });
  });

  it("cannot talk to the PSP without a client certificate the PSP trusts", async () => {
    const stranger = generateCertificates();
    for (const settings of [
      { ...simulator.settings, clientCertificate: null },
      {
        ...simulator.settings,
        clientCertificate: { cert: readFileSync(stranger.clientCertFile), key: readFileSync(stranger.clientKeyFile) },
      },
    ] satisfies PspSettings[]) {
      const before = { rejections: simulator.tlsRejections, exchanges: simulator.exchanges.length };
      const error = await failure(createApiPix(settings, simulator.chave).findPixCharge(newTxid()));
      expect(error.code).toBe("provider_unavailable");
      expect(error.detail).toMatch(/^the PSP (failed the TLS handshake|could not be reached) \(.+\) \(POST token\)$/);
      expect(simulator.tlsRejections).toBeGreaterThan(before.rejections);
      expect(simulator.exchanges).toHaveLength(before.exchanges);
    }
  });

  it("fetches one token for many calls, concurrent ones included", async () => {
    const fresh = createApiPix(simulator.settings, simulator.chave);
    const before = simulator.tokensIssued;
    await Promise.all(Array.from({ length: 8 }, () => fresh.findPixCharge(newTxid())));
    await fresh.findReceivedPix(`E${"1".repeat(31)}`);
    expect(simulator.tokensIssued).toBe(before + 1);
    expect(simulator.exchanges.at(-1)).toMatchObject({ kind: "api", status: 404 });
  });

  it("renews a token the PSP stopped accepting once, and retries the call once", async () => {
    const txid = newTxid();
    await provider.createPixCharge({ txid, amountCents: 100n, expiresInSeconds: 600 });
    simulator.revokeTokens();
    const start = simulator.exchanges.length;
    expect(await provider.findPixCharge(txid)).toMatchObject({ status: "active" });
    expect(simulator.exchanges.slice(start).map((e) => `${e.method} ${e.path} ${e.status}`)).toEqual([
      `GET /cob/${txid} 401`,
      "POST /oauth/token 200",
      `GET /cob/${txid} 200`,
    ]);

    // A PSP that refuses the fresh token too: one renewal, one retry, then a clear refusal.
    simulator.revokeTokens();
    simulator.failNext({ kind: "status", status: 401, times: 2 });
    const again = simulator.exchanges.length;
    const error = await failure(provider.findPixCharge(txid));
    expect(error).toMatchObject({
      code: "provider_error",
      detail: expect.stringMatching(`^the PSP answered 401 to GET /cob/${txid}`),
    });
    expect(simulator.exchanges.slice(again).map((e) => `${e.kind} ${e.status}`)).toEqual([
      "api 401",
      "token 200",
      "api 401",
    ]);
  });

  it("maps a PSP that does not answer in time, fails or is down to provider_unavailable", async () => {
    const impatient = createApiPix({ ...simulator.settings, timeoutMs: 300 }, simulator.chave);
    simulator.failNext({ kind: "timeout" });
    const started = Date.now();
    expect(await failure(impatient.findPixCharge(newTxid()))).toMatchObject({
      code: "provider_unavailable",
      detail: expect.stringMatching(/did not answer within 0\.3 s \(GET \/cob\//),
    });
    expect(Date.now() - started).toBeLessThan(3000);

    // The PSP made the charge but its answer never came: the same call again finds that charge.
    const txid = newTxid();
    simulator.failNext({ kind: "timeout", afterHandling: true });
    const request = { txid, amountCents: 700n, expiresInSeconds: 600 };
    expect(await failure(impatient.createPixCharge(request))).toMatchObject({ code: "provider_unavailable" });
    expect(simulator.chargeCount(txid)).toBe(1);
    expect((await impatient.createPixCharge(request)).qrCodeText).toBe(simulator.charge(txid)?.pixCopiaECola);
    expect(simulator.chargeCount(txid)).toBe(1);

    simulator.failNext({ kind: "status", status: 503 });
    expect(await failure(provider.findReceivedPix(`E${"2".repeat(31)}`))).toMatchObject({
      code: "provider_unavailable",
      detail: expect.stringMatching(
        /^the PSP answered 503 to GET \/pix\/E2+: Serviço Indisponível Falha provocada pelo teste\.$/,
      ),
    });

    // A kept-alive connection reset under a call is sent again on a new one; a new one reset is down.
    await provider.findPixCharge(txid);
    simulator.failNext({ kind: "reset" });
    const beforeReset = simulator.exchanges.length;
    expect(await provider.findPixCharge(txid)).toMatchObject({ status: "active" });
    expect(simulator.exchanges.slice(beforeReset).map((e) => `${e.path} ${e.status}`)).toEqual([
      `/cob/${txid} null`,
      `/cob/${txid} 200`,
    ]);
    // A proxy on the way forgot every idle connection: each kept-alive one is reset in turn, so the
    // call is sent again on a new one, not on the next of them.
    await Promise.all([provider.findPixCharge(txid), provider.findPixCharge(txid), provider.findPixCharge(txid)]);
    simulator.dropIdleConnections();
    const beforeDrop = simulator.exchanges.length;
    expect(await provider.findPixCharge(txid)).toMatchObject({ status: "active" });
    expect(simulator.exchanges.slice(beforeDrop).map((e) => `${e.path} ${e.status}`)).toEqual([
      `/cob/${txid} null`,
      `/cob/${txid} 200`,
    ]);
    simulator.failNext({ kind: "reset", target: "token" });
    const reset = createApiPix(simulator.settings, simulator.chave);
    expect(await failure(reset.findPixCharge(txid))).toMatchObject({
      code: "provider_unavailable",
      detail: "the PSP could not be reached (ECONNRESET) (POST token)",
    });

    simulator.failNext({ kind: "timeout", target: "token" });
    const tokenless = createApiPix({ ...simulator.settings, timeoutMs: 300 }, simulator.chave);
    expect(await failure(tokenless.findPixCharge(newTxid()))).toMatchObject({
      code: "provider_unavailable",
      detail: expect.stringMatching(/\(POST token\)$/),
    });

    const down = await startPspSimulator({ certificates: simulator.certificates });
    await down.close();
    const unreachable = createApiPix({ ...down.settings, clientSecret: simulator.clientSecret }, simulator.chave);
    expect(await failure(unreachable.findPixCharge(newTxid()))).toMatchObject({
      code: "provider_unavailable",
      detail: "the PSP refused the connection (POST token)",
    });
  });

  it("maps the PSP's refusals to provider_error with its words, never the client secret", async () => {
    const wrongSecret = "not-the-secret-0123456789";
    const impostor = createApiPix({ ...simulator.settings, clientSecret: wrongSecret }, simulator.chave);
    const refused = await failure(impostor.findPixCharge(newTxid()));
    expect(refused).toMatchObject({
      code: "provider_error",
      detail: "the PSP answered 401 to POST token: invalid_client: client authentication failed",
    });

    const otherKey = createApiPix(simulator.settings, "someone-else@example.com");
    const wrongKey = await failure(
      otherKey.createPixCharge({ txid: newTxid(), amountCents: 100n, expiresInSeconds: 600 }),
    );
    expect(wrongKey.code).toBe("provider_error");
    expect(wrongKey.detail).toMatch(/A chave não pertence ao usuário recebedor\. cob\.chave: chave desconhecida$/);

    for (const error of errors) {
      for (const secret of [simulator.clientSecret, wrongSecret]) {
        expect(error.detail).not.toContain(secret);
        expect(error.message).not.toContain(secret);
      }
    }
  });
});

describe.skipIf(!hasOpenApiDocument())(
  `the exchanges against the OpenAPI document (skipped when ${OPENAPI_FILE} is absent)`,
  () => {
    let contract: OpenApiContract;
    beforeAll(async () => {
      contract = (await loadOpenApiContract())!;
    });

    it("every request the adapter sent and every answer the simulator gave follow the API Pix", async () => {
      const exchanges = simulators.flatMap((each) => each.exchanges).filter((exchange) => exchange.kind === "api");
      // Every operation the adapter uses was exercised, with its answers and refusals.
      const seen = new Set(
        exchanges.map(
          (exchange) =>
            `${exchange.method} ${exchange.path.replace(/\/[A-Za-z0-9%.@_-]{20,}/g, "/{id}")} ${exchange.status}`,
        ),
      );
      for (const expected of [
        "PUT /cob/{id} 201",
        "PUT /cob/{id} 400",
        "GET /cob/{id} 200",
        "GET /cob/{id} 404",
        "GET /pix/{id} 200",
        "GET /pix/{id} 404",
        "GET /pix 200",
        "PUT /pix/{id}/devolucao/{id} 201",
        "PUT /pix/{id}/devolucao/{id} 400",
        "GET /pix/{id}/devolucao/{id} 200",
        "GET /pix/{id}/devolucao/{id} 404",
        "PUT /webhook/{id} 200",
      ]) {
        expect(seen).toContain(expected);
      }
      expect(exchanges.flatMap((exchange) => contract.check(exchange))).toEqual([]);
      expect(receiver.received.length).toBeGreaterThan(0);
      expect(receiver.received.flatMap((notice) => contract.checkNotification(JSON.parse(notice.body)))).toEqual([]);
    });

    it("reports an exchange that breaks the document", async () => {
      const txid = "A".repeat(32);
      const broken = {
        kind: "api" as const,
        method: "PUT",
        path: `/cob/${txid}`,
        query: {},
        body: { calendario: { expiracao: 60 }, valor: { original: "10,50" }, chave: "k" },
        status: 201,
        response: {
          txid,
          calendario: { criacao: "2026-11-22T20:00:00Z", expiracao: 60 },
          revisao: 0,
          status: "PAGA",
          valor: { original: "10.50" },
          chave: "k",
        },
      };
      expect(contract.check(broken)).toEqual([
        expect.stringMatching(/request: \/requestBody\/valor\/original must match pattern/),
        expect.stringMatching(/201 response: \/status must be equal to one of the allowed values/),
      ]);
      const windowless = {
        kind: "api" as const,
        method: "GET",
        path: "/pix",
        query: {},
        body: undefined,
        status: 403,
        response: { title: "Acesso negado" },
      };
      expect(contract.check(windowless)).toEqual([
        expect.stringMatching(/GET \/pix request: \/query must have required property 'inicio'/),
        expect.stringMatching(/GET \/pix request: \/query must have required property 'fim'/),
        expect.stringMatching(/GET \/pix 403 response: \/ must have required property 'type'/),
        expect.stringMatching(/GET \/pix 403 response: \/ must have required property 'status'/),
      ]);
    });
  },
);
