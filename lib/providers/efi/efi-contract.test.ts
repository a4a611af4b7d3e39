// Every request the Efí adapter makes, checked against Efí's own SDK (its route table and body
// shapes, copied into test/psp-simulator/efi-sdk so this runs offline), and the simulator's
// answers against the same shapes, so neither side drifts from Efí on its own.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  matchEfiRoute,
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
    rails: ["charges", "refunds", "payouts"],
    pixKey: psp.chave,
    settings: { ...psp.settings, baseUrl: psp.origin, webhookSecret: "segredo-do-webhook" },
    disabledAt: null,
    initiation: null,
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
});

afterAll(async () => {
  await psp.close();
});

/** The request's path from the host's root: the simulator keeps API Pix paths relative to /v2. */
const fullPath = (exchange: PspSimulator["exchanges"][number]) =>
  exchange.kind === "token" || /^\/v[23]\/gn\//.test(exchange.path) ? exchange.path : `/v2${exchange.path}`;

describe("the Efí adapter's requests, by Efí's SDK", () => {
  it("uses only routes the SDK names, with its methods", () => {
    expect(psp.exchanges.length).toBeGreaterThan(8);
    for (const exchange of psp.exchanges) {
      expect(
        matchEfiRoute(exchange.method, fullPath(exchange)),
        `${exchange.method} ${fullPath(exchange)}`,
      ).not.toBeNull();
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
