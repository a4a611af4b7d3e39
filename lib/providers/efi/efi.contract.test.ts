// Every request the Efí adapter makes, checked against Efí's own SDK (its route table and body
// shapes, copied into test/psp-simulator/efi-sdk so this runs offline), and the simulator's
// answers against the same shapes, so neither side drifts from Efí on its own.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  matchEfiOpenFinanceRoute,
  matchEfiRoute,
  ofConfigBodySchema,
  ofConfigResponseSchema,
  ofDevolutionPixBodySchema,
  ofDevolutionPixParamsSchema,
  ofDevolutionPixResponseSchema,
  ofIdempotencyKeySchema,
  ofListParticipantsResponseSchema,
  ofListPixPaymentParamsSchema,
  ofListPixPaymentResponseSchema,
  ofStartPaymentResponseSchema,
  ofStartPixPaymentBodySchema,
  ofWebhookBodySchema,
  pixConfigWebhookBodySchema,
  pixConfigWebhookParamsSchema,
  pixSendBodySchema,
  pixSendDetailResponseSchema,
  pixSendParamsSchema,
  pixSendResponseSchema,
} from "../../../test/psp-simulator/efi-sdk/efi-sdk-facts";
import { type PspSimulator, startPspSimulator } from "../../../test/psp-simulator/start-psp-simulator";
import { createEfiProvider } from "./create-efi-provider";
import { idEnvioSchema } from "./schemas";

let psp: PspSimulator;

beforeAll(async () => {
  psp = await startPspSimulator({ profile: "efi", sendResults: "later", webhooksEnabled: false });
  const provider = createEfiProvider({
    id: "pa_efi",
    kind: "efi",
    label: "Efí",
    rails: ["charges", "refunds", "payouts", "initiation"],
    pixKey: psp.chave,
    settings: { ...psp.settings, baseUrl: psp.origin, webhookSecret: "segredo-do-webhook" },
    disabledAt: null,
    initiation: {
      baseUrl: psp.openFinanceUrl,
      receiver: {
        ispb: "09089356",
        branch: "0001",
        account: "123456-7",
        accountType: "CACC",
        document: "11222333000181",
        name: "Cashier Pagamentos",
      },
    },
  });
  await provider.registerWebhook!("https://gateway.example/api/psp/webhook");
  const transfers = provider.transfers!;
  await transfers.sendTransfer({
    transferId: "po_contract1",
    amountCents: 1050n,
    destination: { kind: "pix_key", pixKey: "+5531999998888" },
    description: "Saque da loja",
  });
  await transfers.sendTransfer({
    transferId: "po_contract2",
    amountCents: 990n,
    destination: {
      kind: "bank_account",
      ispb: "60746948",
      branch: "1234",
      account: "0012345-X",
      accountType: "C",
      holderName: "José Carvalho",
      holderCpf: "10519952057",
    },
  });
  // A repeat: 409, then the look-up.
  await transfers.sendTransfer({
    transferId: "po_contract1",
    amountCents: 1050n,
    destination: { kind: "pix_key", pixKey: "+5531999998888" },
  });
  await transfers.findTransfer("po_contract2");
  await transfers.findTransfer("po_unknown");
  const txid = "contract0000000000000000000000aa";
  await provider.charges!.createPixCharge({ txid, amountCents: 100n, expiresInSeconds: 300 });
  await provider.charges!.findPixCharge(txid);
  // Open Finance: configure, participants, a payment started twice, approved, found, listed, refunded.
  const initiations = provider.initiations!;
  await initiations.configure({
    returnUrl: "https://gateway.example/pay/retorno",
    webhookUrl: "https://gateway.example/api/psp/webhook/pa_efi",
  });
  const [bank] = await initiations.listParticipants();
  const asked = {
    initiationId: "ini_contract1",
    depositId: "dep_contract1",
    participantId: bank.id,
    amountCents: 2500n,
    payer: { cpf: "10519952057" },
    description: "Pedido 7",
  };
  const started = await initiations.startInitiation(asked);
  await initiations.startInitiation(asked);
  psp.setWebhooksEnabled(true);
  await psp.approveInitiation(started.providerPaymentId);
  psp.setWebhooksEnabled(false);
  await initiations.findInitiation({ initiationId: asked.initiationId, ...started });
  await initiations.refundInitiation({ ...started, refundId: "rfd_contract1", amountCents: 500n });
});

afterAll(async () => {
  await psp.close();
});

/** The request's path from the host's root: the simulator keeps API Pix paths relative to /v2. */
const fullPath = (exchange: PspSimulator["exchanges"][number]) =>
  exchange.kind === "token" || /^\/v[123]\//.test(exchange.path) ? exchange.path : `/v2${exchange.path}`;
/** An Open Finance exchange's path relative to its /v1 base, or null for the API Pix host's. */
const openFinancePath = (exchange: PspSimulator["exchanges"][number]) =>
  exchange.path.startsWith("/v1/") ? exchange.path.slice("/v1".length) : null;
const openFinanceCalls = (name: string) =>
  psp.exchanges.filter((exchange) => {
    const path = openFinancePath(exchange);
    return path !== null && matchEfiOpenFinanceRoute(exchange.method, path)?.name === name;
  });

describe("the Efí adapter's requests, by Efí's SDK", () => {
  it("uses only routes the SDK names, with its methods", () => {
    expect(psp.exchanges.length).toBeGreaterThan(8);
    for (const exchange of psp.exchanges) {
      const ofPath = openFinancePath(exchange);
      const matched =
        ofPath !== null
          ? matchEfiOpenFinanceRoute(exchange.method, ofPath)
          : matchEfiRoute(exchange.method, fullPath(exchange));
      expect(matched, `${exchange.method} ${fullPath(exchange)}`).not.toBeNull();
    }
  });

  it("asks for its token as Efí does: Basic credentials and a JSON grant", () => {
    const token = psp.exchanges.find((exchange) => exchange.kind === "token")!;
    expect(token.headers?.authorization).toMatch(/^Basic /);
    expect(token.headers?.["content-type"]).toMatch(/^application\/json/);
    expect(token.body).toEqual({ grant_type: "client_credentials" });
  });

  it("sends Pix with the SDK's pixSend params and body, and reads its answer", () => {
    const sends = psp.exchanges.filter(
      (exchange) => matchEfiRoute(exchange.method, fullPath(exchange))?.name === "pixSend",
    );
    expect(sends).toHaveLength(3);
    for (const send of sends) {
      const { params } = matchEfiRoute(send.method, fullPath(send))!;
      expect(pixSendParamsSchema.safeParse(params).success).toBe(true);
      expect(idEnvioSchema.safeParse(params.idEnvio).success).toBe(true);
      const body = pixSendBodySchema.safeParse(send.body);
      expect(body.success, JSON.stringify(body.error?.issues)).toBe(true);
      if (send.status === 201) expect(pixSendResponseSchema.safeParse(send.response).success).toBe(true);
    }
    expect(sends.map((send) => send.status)).toEqual([201, 201, 409]);
  });

  it("looks sends up with pixSendDetailId, whose answer follows the SDK", () => {
    const lookups = psp.exchanges.filter(
      (exchange) => matchEfiRoute(exchange.method, fullPath(exchange))?.name === "pixSendDetailId",
    );
    expect(lookups.map((lookup) => lookup.status)).toEqual([200, 200, 404]);
    for (const lookup of lookups.filter((found) => found.status === 200)) {
      const answer = pixSendDetailResponseSchema.safeParse(lookup.response);
      expect(answer.success, JSON.stringify(answer.error?.issues)).toBe(true);
    }
  });

  it("registers its webhook with pixConfigWebhook's params and body", () => {
    const registration = psp.exchanges.find(
      (exchange) => matchEfiRoute(exchange.method, fullPath(exchange))?.name === "pixConfigWebhook",
    )!;
    expect(pixConfigWebhookParamsSchema.safeParse(matchEfiRoute("PUT", fullPath(registration))!.params).success).toBe(
      true,
    );
    expect(pixConfigWebhookBodySchema.safeParse(registration.body).success).toBe(true);
    expect(registration.headers?.["x-skip-mtls-checking"]).toBe("true");
  });
});

describe("the Efí adapter's Open Finance requests, by Efí's SDK", () => {
  it("asks for its Open Finance token on that host, as for the API Pix", () => {
    const token = psp.exchanges.find((exchange) => exchange.kind === "token" && exchange.path === "/v1/oauth/token")!;
    expect(token.headers?.authorization).toMatch(/^Basic /);
    expect(token.body).toEqual({ grant_type: "client_credentials" });
  });

  it("configures with ofConfigUpdate's body, answered as ofConfigDetail's", () => {
    const [config] = openFinanceCalls("ofConfigUpdate");
    const body = ofConfigBodySchema.safeParse(config.body);
    expect(body.success, JSON.stringify(body.error?.issues)).toBe(true);
    expect(ofConfigResponseSchema.safeParse(config.response).success).toBe(true);
  });

  it("lists participants, answered in ofListParticipants' shape", () => {
    const [listing] = openFinanceCalls("ofListParticipants");
    expect(ofListParticipantsResponseSchema.safeParse(listing.response).success).toBe(true);
  });

  it("starts payments with ofStartPixPayment's body and an idempotency key Efí takes", () => {
    const starts = openFinanceCalls("ofStartPixPayment");
    expect(starts.map((start) => start.status)).toEqual([201, 201]);
    for (const start of starts) {
      const body = ofStartPixPaymentBodySchema.safeParse(start.body);
      expect(body.success, JSON.stringify(body.error?.issues)).toBe(true);
      expect(ofIdempotencyKeySchema.safeParse(start.headers?.["x-idempotency-key"]).success).toBe(true);
      expect(ofStartPaymentResponseSchema.safeParse(start.response).success).toBe(true);
    }
  });

  it("lists payments with ofListPixPayment's params, answered in its shape", () => {
    const listings = openFinanceCalls("ofListPixPayment");
    expect(listings.length).toBeGreaterThanOrEqual(3);
    for (const listing of listings) {
      const params = ofListPixPaymentParamsSchema.safeParse(listing.query);
      expect(params.success, JSON.stringify(params.error?.issues)).toBe(true);
      if (listing.status === 200) {
        const answer = ofListPixPaymentResponseSchema.safeParse(listing.response);
        expect(answer.success, JSON.stringify(answer.error?.issues)).toBe(true);
      }
    }
  });

  it("refunds with ofDevolutionPix's params and body, answered in its shape", () => {
    const [refund] = openFinanceCalls("ofDevolutionPix");
    const { params } = matchEfiOpenFinanceRoute(refund.method, openFinancePath(refund)!)!;
    expect(ofDevolutionPixParamsSchema.safeParse(params).success).toBe(true);
    expect(ofDevolutionPixBodySchema.safeParse(refund.body).success).toBe(true);
    expect(ofDevolutionPixResponseSchema.safeParse(refund.response).success).toBe(true);
  });

  it("notifies in the shape of Efí's documented webhook", () => {
    const notices = psp.webhookDeliveries.filter((delivery) => JSON.stringify(delivery.body).includes("urn:"));
    expect(notices.length).toBeGreaterThan(0);
    for (const notice of notices) expect(ofWebhookBodySchema.safeParse(notice.body).success).toBe(true);
  });
});
