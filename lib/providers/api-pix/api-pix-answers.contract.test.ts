// The API Pix adapter against the PSP simulator where answers decide what the domain does next: a
// charge other than the one asked for, a paid charge without its Pix, and the refusals of a refund
// that mean "later" rather than "no".
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PspSimulator, startPspSimulator } from "../../../test/psp-simulator/start-psp-simulator";
import { AppError } from "../../errors/app-error";
import { randomAlphanumeric } from "../../ids/new-id";
import { type ApiPix, createApiPix } from "@/test/support/api-pix-provider";

const newTxid = () => randomAlphanumeric(32).toUpperCase();
const newRefundId = () => `rfd_${randomAlphanumeric(20)}`;

let simulator: PspSimulator;
let provider: ApiPix;

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => {
      throw new Error("expected the call to fail");
    },
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

async function paidCharge(amountCents = 1050n) {
  const txid = newTxid();
  await provider.createPixCharge({ txid, amountCents, expiresInSeconds: 600 });
  return { txid, pix: await simulator.pay(txid) };
}

beforeAll(async () => {
  simulator = await startPspSimulator();
  provider = createApiPix(simulator.settings, simulator.chave);
});

afterAll(async () => {
  await simulator.close();
});

describe("a charge other than the one asked for", () => {
  it("is refused as provider_mismatch when created for another amount, and again when repeated", async () => {
    const request = { txid: newTxid(), amountCents: 1050n, expiresInSeconds: 600 };
    simulator.mutateNextCob({ valor: "11.00" });
    expect(await failure(provider.createPixCharge(request))).toMatchObject({
      code: "provider_mismatch",
      detail: `the PSP answered charge ${request.txid} with valor.original 11.00 instead of 10.50`,
    });
    // The repeat is refused (the txid is taken) and the charge found there is still not ours.
    expect(await failure(provider.createPixCharge(request))).toMatchObject({ code: "provider_mismatch" });
    expect(simulator.chargeCount(request.txid)).toBe(1);
  });

  it("is refused when it carries another txid or key, at creation and when looked up", async () => {
    const otherTxid = newTxid();
    for (const [mutation, field, answered] of [
      [{ txid: otherTxid }, "txid", otherTxid],
      [{ chave: "outra@example.com" }, "chave", "outra@example.com"],
    ] as const) {
      const txid = newTxid();
      simulator.mutateNextCob(mutation);
      const created = await failure(provider.createPixCharge({ txid, amountCents: 100n, expiresInSeconds: 600 }));
      expect(created).toMatchObject({
        code: "provider_mismatch",
        detail: expect.stringContaining(`with ${field} ${answered} instead of `),
      });
      expect(await failure(provider.findPixCharge(txid))).toMatchObject({
        code: "provider_mismatch",
        detail: created.detail,
      });
    }
  });
});

describe("a CONCLUIDA charge without pix[]", () => {
  it("takes its payments from GET /pix filtered by its txid, from a minute before its creation", async () => {
    const { txid, pix } = await paidCharge(2500n);
    simulator.setAnswerStyle({ cobWithoutPix: true });
    try {
      const start = simulator.exchanges.length;
      expect(await provider.findPixCharge(txid)).toMatchObject({
        status: "paid",
        charge: { amountCents: 2500n },
        payments: [{ endToEndId: pix.endToEndId, txid, amountCents: 2500n, paidAt: new Date(pix.horario) }],
      });
      const listing = simulator.exchanges.slice(start).find((exchange) => exchange.path === "/pix");
      const criacao = Date.parse(simulator.charge(txid)?.calendario.criacao as string);
      expect(listing?.query).toMatchObject({
        txid,
        inicio: new Date(criacao - 60_000).toISOString(),
        "paginacao.paginaAtual": "0",
      });
    } finally {
      simulator.setAnswerStyle(null);
    }
  });

  it("counts only listed Pix that name its txid, should a PSP ignore the filter or leave txid out", async () => {
    const { txid } = await paidCharge(2600n);
    simulator.setAnswerStyle({ cobWithoutPix: true, txidNullInListing: true });
    try {
      expect(await provider.findPixCharge(txid)).toMatchObject({ status: "paid", payments: [] });
    } finally {
      simulator.setAnswerStyle(null);
    }
  });
});

describe("a refund the PSP does not take now", () => {
  it.each([401, 403, 408, 409, 423, 429])(
    "answered %i is provider_unavailable, and the same id asked again is the refund",
    async (status) => {
      const { pix } = await paidCharge(1000n);
      const refundId = newRefundId();
      // A 401 is met twice: the adapter renews its token once and tries again.
      simulator.failNext({ kind: "status", status, times: status === 401 ? 2 : 1 });
      const later = await failure(provider.requestRefund({ endToEndId: pix.endToEndId, refundId, amountCents: 400n }));
      expect(later).toMatchObject({
        code: "provider_unavailable",
        detail: expect.stringMatching(`^the PSP answered ${status} to PUT /pix/${pix.endToEndId}/devolucao/`),
      });
      expect(await provider.requestRefund({ endToEndId: pix.endToEndId, refundId, amountCents: 400n })).toMatchObject({
        refundId,
        status: "completed",
        amountCents: 400n,
      });
    },
  );

  it("answered 409 for a devolucao the PSP already holds under the id is that refund", async () => {
    const { pix } = await paidCharge(1000n);
    const refundId = newRefundId();
    const made = await provider.requestRefund({ endToEndId: pix.endToEndId, refundId, amountCents: 400n });
    simulator.failNext({ kind: "status", status: 409 });
    await expect(provider.requestRefund({ endToEndId: pix.endToEndId, refundId, amountCents: 400n })).resolves.toEqual(
      made,
    );
  });

  it("answered 404 (no such Pix) is not_found; 400 and 422 are provider_error, final", async () => {
    expect(
      await failure(
        provider.requestRefund({ endToEndId: `E${"7".repeat(31)}`, refundId: newRefundId(), amountCents: 100n }),
      ),
    ).toMatchObject({
      code: "not_found",
      detail: expect.stringMatching(/^the PSP answered 404 to PUT \/pix\/E7+\/devolucao\//),
    });
    const { pix } = await paidCharge(1000n);
    expect(
      await failure(
        provider.requestRefund({ endToEndId: pix.endToEndId, refundId: newRefundId(), amountCents: 1001n }),
      ),
    ).toMatchObject({ code: "provider_error" });
    simulator.failNext({ kind: "status", status: 422 });
    expect(
      await failure(provider.requestRefund({ endToEndId: pix.endToEndId, refundId: newRefundId(), amountCents: 100n })),
    ).toMatchObject({ code: "provider_error" });
  });

  it("is not final when the PSP refuses it and then cannot say whether it holds it", async () => {
    const { pix } = await paidCharge(1000n);
    simulator.failNext({ kind: "status", status: 400, times: 2 });
    expect(
      await failure(provider.requestRefund({ endToEndId: pix.endToEndId, refundId: newRefundId(), amountCents: 100n })),
    ).toMatchObject({
      code: "provider_unavailable",
      detail: expect.stringMatching(
        /^the PSP answered 400 to PUT .+; looking devolucao rfd\w+ up failed too: the PSP answered 400 to GET /,
      ),
    });
  });
});
