// A live merchant's Pix through a PSP whose answers stray from the API Pix document the way real
// PSPs' do (valor "10.5" or 10.5, null fields, horario without a zone, a listing's Pix without
// txid, a paid charge without pix[]): each deposit still ends paid exactly once, by the webhook
// and by reconciliation. And a PSP that answers a charge other than the one asked for gives the
// merchant no QR.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { AnswerStyle } from "../psp-simulator/answer-styles";
import { startLivePsp } from "../support/live-psp";

const livePsp = await startLivePsp();
const { simulator, reconcileLater } = livePsp;

const { POST: pix } = await import("@/app/api/pix/route");
const { getDb } = await import("@/lib/db/client");
const { findTransaction } = await import("@/lib/db/transactions");
const { registerPspWebhook } = await import("@/lib/providers/register-psp-webhook");
const { cliAuditActor } = await import("@/lib/audit/cli-audit-actor");
const { runCallbackWorker } = await import("@/lib/callbacks/run-callback-worker");
const { createTestMerchant, postSigned, readSigned } = await import("../support/api");
const { startReceiver } = await import("../support/callback-receiver");
const { pixDepositRequest } = await import("../support/requests");

type Merchant = Awaited<ReturnType<typeof createTestMerchant>>;
let live: Merchant;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

async function createPix(data: Record<string, unknown>) {
  const response = await postSigned(pix, live, data);
  return { response, ...(await readSigned(response, live)) };
}

async function stored(id: unknown) {
  const deposit = await findTransaction(getDb(), id as string);
  if (!deposit) throw new Error(`no deposit ${String(id)}`);
  return deposit;
}

/** Paid once: the status, one funds credit, one deposit.paid callback, whatever runs again. */
async function expectPaidOnce(id: unknown, endToEndId: string) {
  expect(await stored(id)).toMatchObject({ status: "paid", pixEndToEndId: endToEndId });
  expect(await getDb().ledgerEntry.count({ where: { transactionId: id as string } })).toBe(1);
  await runCallbackWorker({ isOnce: true });
  expect(receiver.received.filter((callback) => callback.data.id === id).map((callback) => callback.data.type)).toEqual(
    ["deposit.paid"],
  );
}

beforeAll(async () => {
  receiver = await startReceiver();
  live = await createTestMerchant({ name: "Loja Real", mode: "live", callbackUrl: receiver.url });
  await registerPspWebhook(undefined, cliAuditActor());
});

afterAll(async () => {
  await receiver.close();
  await livePsp.close();
});

type Json = Record<string, unknown> & { pix?: Json[] };

/** Each variant with what the PSP's answers to reconciliation then show, so none passes unexercised. */
const variants: {
  name: string;
  style: AnswerStyle;
  amount: string;
  shows: (paidCob: Json, listing: Json) => unknown;
}[] = [
  {
    name: 'valor "10.5"',
    style: { valor: "short" },
    amount: "10.50",
    shows: (cob) => (cob.valor as Json).original === "10.5",
  },
  {
    name: 'valor "10"',
    style: { valor: "short" },
    amount: "10.00",
    shows: (cob) => (cob.valor as Json).original === "10",
  },
  {
    name: "valor as the number 10.5",
    style: { valor: "number" },
    amount: "10.50",
    shows: (cob) => cob.pix?.[0].valor === 10.5,
  },
  {
    name: "null for every absent field",
    style: { nulls: true },
    amount: "10.50",
    shows: (cob, listing) => cob.pix?.[0].devolucoes === null && listing.pix?.[0].devolucoes === null,
  },
  {
    name: "horario without a zone",
    style: { horarioWithoutZone: true },
    amount: "10.50",
    shows: (cob) => /T\d\d:\d\d:\d\d\.\d{3}$/.test(cob.pix?.[0].horario as string),
  },
  {
    name: "txid: null in GET /pix listings",
    style: { txidNullInListing: true },
    amount: "10.50",
    shows: (_cob, listing) => listing.pix?.length && listing.pix.every((each) => each.txid === null),
  },
  {
    name: "a CONCLUIDA charge without pix[]",
    style: { cobWithoutPix: true },
    amount: "10.50",
    shows: (cob) => cob.status === "CONCLUIDA" && !("pix" in cob),
  },
  {
    name: "all of these at once",
    style: { valor: "number", nulls: true, horarioWithoutZone: true, txidNullInListing: true },
    amount: "7.35",
    shows: (cob, listing) => (cob.valor as Json).original === 7.35 && listing.pix?.every((each) => each.txid === null),
  },
];

describe.each(variants)("a PSP that answers with $name", ({ style, amount, shows }) => {
  afterEach(() => {
    simulator.setAnswerStyle(null);
    simulator.setWebhooksEnabled(true);
  });

  it("settles a deposit by its webhook, once", async () => {
    const { response, data } = await createPix(pixDepositRequest({ amount }));
    expect(response.status).toBe(201);
    simulator.setAnswerStyle(style);
    const paid = await simulator.pay((await stored(data.id)).pixTxid as string);
    expect(simulator.webhookDeliveries.at(-1)).toMatchObject({ status: 200 });
    // Reconciliation after the webhook finds the same Pix and changes nothing.
    expect(await reconcileLater()).toMatchObject({ errors: 0 });
    await expectPaidOnce(data.id, paid.endToEndId);
  });

  it("settles a deposit by reconciliation when no webhook comes, once", async () => {
    simulator.setAnswerStyle(style);
    // Charge creation reads the PUT /cob answer in the style too.
    const { response, data } = await createPix(pixDepositRequest({ amount }));
    expect(response.status).toBe(201);
    expect((await stored(data.id)).pixCode).toBe(
      simulator.charge((await stored(data.id)).pixTxid as string)?.pixCopiaECola,
    );
    simulator.setWebhooksEnabled(false);
    const txid = (await stored(data.id)).pixTxid as string;
    const paid = await simulator.pay(txid);
    expect(await stored(data.id)).toMatchObject({ status: "pending" });
    const start = simulator.exchanges.length;
    expect(await reconcileLater()).toMatchObject({ paid: 1, errors: 0 });
    const answered = simulator.exchanges.slice(start);
    const paidCob = answered.find((exchange) => exchange.path === `/cob/${txid}`)?.response as Json;
    const listing = answered.find((exchange) => exchange.path === "/pix" && exchange.query.txid === undefined)
      ?.response as Json;
    expect(shows(paidCob, listing)).toBeTruthy();
    expect(await reconcileLater()).toMatchObject({ paid: 0, errors: 0 });
    await expectPaidOnce(data.id, paid.endToEndId);
    if (style.cobWithoutPix) {
      // The charge said CONCLUIDA without its Pix: they were asked for by its txid.
      expect(simulator.exchanges.some((exchange) => exchange.path === "/pix" && exchange.query.txid === txid)).toBe(
        true,
      );
    }
  });
});

describe("a PUT /cob answer for another charge than the one asked for", () => {
  it.each([
    { field: "amount", mutation: { valor: "11.00" } },
    { field: "txid", mutation: { txid: "Z".repeat(32) } },
  ])(
    "for another $field gives the merchant no QR (a signed 502 provider_mismatch, no code stored) and alerts the operator",
    async ({ mutation }) => {
      const request = pixDepositRequest();
      simulator.mutateNextCob(mutation);
      const { response, data } = await createPix(request);
      expect(response.status).toBe(502);
      expect(data.error).toMatchObject({ type: "provider_mismatch" });
      expect(JSON.stringify(data)).not.toMatch(/000201/);
      const row = await getDb().transaction.findFirstOrThrow({
        where: { merchantId: live.merchantId, reference: request.reference },
      });
      expect(row).toMatchObject({ status: "pending", pixCode: null, pixLocation: null });
      expect(await getDb().operatorAlert.findMany({ where: { subject: row.id } })).toMatchObject([
        { kind: "charge_mismatch", merchantId: live.merchantId, objectId: row.id, resolvedAt: null },
      ]);
      // Reconciliation meets the same charge and never records its code.
      await reconcileLater();
      expect(await getDb().transaction.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({ pixCode: null });
      expect(await getDb().operatorAlert.count({ where: { subject: row.id } })).toBe(1);
    },
  );
});
