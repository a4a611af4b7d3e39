// Each PSP profile end to end: the gateway configured with only what docs/psp-profiles.md tells
// that PSP's operator to set (the simulator's env), against a simulator that refuses any token
// request or call missing that PSP's authentication. The route handlers run in this process; the
// configuration is reloaded for each PSP, as a restart with another .env would.
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { PspProfileName } from "@/lib/providers/api-pix/psp-profiles";
import { generateCertificates } from "../psp-simulator/generate-certificates";
import { type PspSimulator, startPspSimulator } from "../psp-simulator/start-psp-simulator";
import { startRouteServer } from "../support/route-server";

const { POST: webhook } = await import("@/app/api/psp/webhook/route");
const { POST: webhookPix } = await import("@/app/api/psp/webhook/pix/route");
const gateway = await startRouteServer({ "/api/psp/webhook": webhook, "/api/psp/webhook/pix": webhookPix });
const WEBHOOK_SECRET = "webhook-secret-0123456789";
Object.assign(process.env, {
  PUBLIC_BASE_URL: gateway.url,
  PIX_PSP_WEBHOOK_SECRET: WEBHOOK_SECRET,
  CALLBACK_RETRY_SCHEDULE: "0",
});

const { POST: pix } = await import("@/app/api/pix/route");
const { POST: refund } = await import("@/app/api/refund/route");
const { forgetConfig, loadConfig } = await import("@/lib/config/config");
const { forgetProviders } = await import("@/lib/providers/registry");
const { readEnvironmentAccount } = await import("@/lib/providers/accounts/read-environment-account");
const { getDb } = await import("@/lib/db/client");
const { findTransaction } = await import("@/lib/db/transactions");
const { getMerchantBalance } = await import("@/lib/funds/get-merchant-balance");
const { registerPspWebhook } = await import("@/lib/providers/register-psp-webhook");
const { cliAuditActor } = await import("@/lib/audit/cli-audit-actor");
const { createTestMerchant, postSigned, readSigned } = await import("../support/api");
const { pixDepositRequest } = await import("../support/requests");

/** The variables an operator sets per PSP; the webhook secret and PIX_KEY stay. */
const PSP_VARIABLES = /^PIX_PSP_(?!WEBHOOK_SECRET$)/;

/** The gateway as it starts with these PSP variables and no others. */
function configureGateway(env: Record<string, string>): void {
  for (const name of Object.keys(process.env)) if (PSP_VARIABLES.test(name)) delete process.env[name];
  Object.assign(process.env, env);
  forgetConfig();
  forgetProviders();
}

/** What an operator who ignored the profile would set: today's generic client-secret-basic settings. */
function genericEnv(psp: PspSimulator): Record<string, string> {
  const rest = Object.entries(psp.env).filter(([name]) => name !== "PIX_PSP_PROFILE" && name !== "PIX_PSP_QUERY");
  return { ...Object.fromEntries(rest), PIX_PSP_CLIENT_SECRET: psp.clientSecret ?? "a-secret-this-psp-never-issued" };
}

const guide = readFileSync(path.resolve(import.meta.dirname, "../../docs/psp-profiles.md"), "utf8");

/** docs/psp-profiles.md's block for this profile (commented lines are optional). */
function documentedEnv(profile: PspProfileName): Record<string, string> {
  const block = new RegExp(`^## .*\\(\`${profile}\`\\)$[\\s\\S]*?^\`\`\`dotenv\\n([\\s\\S]*?)^\`\`\`$`, "m").exec(
    guide,
  );
  if (!block) throw new Error(`docs/psp-profiles.md has no dotenv block for ${profile}`);
  const lines = block[1].split("\n").filter((line) => /^[A-Z_]+=/.test(line));
  return Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]));
}

/** The PSP variables an operator sets; the simulator's own CA and the Pix key are not PSP-specific. */
const operatorVariables = (env: Record<string, string>) =>
  Object.keys(env)
    .filter((name) => PSP_VARIABLES.test(name) && name !== "PIX_PSP_CA_FILE")
    .sort();

type Case = {
  profile: Exclude<PspProfileName, "generic">;
  /** Besides psp.env: what this PSP's operator may choose to add. */
  optional?: Record<string, string>;
  /** A header in `optional` that only webhook registration may carry. */
  webhookOnlyHeader?: string;
  /** With the profile right, a per-call key that is wrong: the token is issued, the calls refused. */
  wrongCallKey?: Record<string, string>;
  /** How the PSP refuses the generic token request. */
  genericRefusal: { error: string; error_description: string | RegExp };
};

const cases: Case[] = [
  {
    profile: "bb",
    wrongCallKey: { PIX_PSP_QUERY: "gw-dev-app-key=not-the-application-key" },
    genericRefusal: {
      error: "invalid_scope",
      error_description: /^the scope must be "cob.read cob.write pix.read pix.write webhook.read webhook.write"$/,
    },
  },
  {
    profile: "inter",
    genericRefusal: {
      error: "invalid_client",
      error_description: "the client credentials belong in the body, not in an Authorization header",
    },
  },
  {
    profile: "sicoob",
    wrongCallKey: { PIX_PSP_HEADERS: "client_id: someone-else" },
    genericRefusal: {
      error: "invalid_client",
      error_description: "the client credentials belong in the body, not in an Authorization header",
    },
  },
  {
    profile: "santander",
    genericRefusal: {
      error: "invalid_client",
      error_description: "the client credentials belong in the body, not in an Authorization header",
    },
  },
  {
    profile: "itau",
    wrongCallKey: { PIX_PSP_HEADERS: "x-itau-apikey: someone-elses-key" },
    genericRefusal: {
      error: "invalid_client",
      error_description: "the client credentials belong in the body, not in an Authorization header",
    },
  },
  {
    profile: "efi",
    // The webhook guarded by the gateway's secret rather than by mTLS.
    optional: { PIX_PSP_WEBHOOK_HEADERS: "x-skip-mtls-checking: true" },
    webhookOnlyHeader: "x-skip-mtls-checking",
    genericRefusal: { error: "invalid_request", error_description: "the token request must be application/json" },
  },
];

const certificates = generateCertificates();
let live: Awaited<ReturnType<typeof createTestMerchant>>;

beforeAll(async () => {
  live = await createTestMerchant({ name: "Loja Perfis", mode: "live" });
});

afterAll(async () => {
  await gateway.close();
});

async function signed(handler: typeof pix, data: Record<string, unknown>) {
  const response = await postSigned(handler, live, data);
  return { response, ...(await readSigned(response, live)) };
}

async function stored(id: unknown) {
  const deposit = await findTransaction(getDb(), id as string);
  if (!deposit) throw new Error(`no deposit ${String(id)}`);
  return deposit;
}

const ledgerEntries = (id: unknown) => getDb().ledgerEntry.count({ where: { transactionId: id as string } });

describe.each(cases)(
  "the $profile profile against a PSP that requires it",
  ({ profile, optional, webhookOnlyHeader, wrongCallKey, genericRefusal }) => {
    let psp: PspSimulator;

    beforeAll(async () => {
      psp = await startPspSimulator({ profile, certificates });
    });

    afterAll(async () => {
      await psp.close();
    });

    it("with the documented settings: the token and every call are accepted; a charge is paid by webhook and refunded", async () => {
      // The guide's block sets what this configuration sets, and loads as it is written.
      const documented = documentedEnv(profile);
      expect(Object.keys(documented).sort()).toEqual(operatorVariables(psp.env));
      const here = {
        CASHIER_ENCRYPTION_KEY: process.env.CASHIER_ENCRYPTION_KEY,
        PIX_PSP_CERT_FILE: psp.certFile,
        PIX_PSP_KEY_FILE: psp.keyFile,
      };
      expect(readEnvironmentAccount(loadConfig({ ...documented, ...here }))?.settings).toMatchObject({
        profile,
        baseUrl: documented.PIX_PSP_URL,
        tokenUrl: documented.PIX_PSP_TOKEN_URL,
      });
      configureGateway({ ...psp.env, ...optional });
      const before = await getMerchantBalance(live.merchantId);

      await registerPspWebhook(undefined, cliAuditActor());
      expect(psp.webhookUrl()).toBe(`${gateway.url}/api/psp/webhook?secret=${WEBHOOK_SECRET}`);

      const charge = await signed(pix, pixDepositRequest());
      expect(charge.response.status).toBe(201);
      const txid = (await stored(charge.data.id)).pixTxid as string;
      expect(psp.charge(txid)?.pixCopiaECola).toBe(charge.data.qrCodeText);

      const paid = await psp.pay(txid);
      expect(psp.webhookDeliveries.at(-1)).toMatchObject({ status: 200 });
      expect(await stored(charge.data.id)).toMatchObject({ status: "paid", pixEndToEndId: paid.endToEndId });
      expect(await ledgerEntries(charge.data.id)).toBe(1);

      const refunded = await signed(refund, { id: charge.data.id, amount: "4.00", reason: "item devolvido" });
      expect(refunded.response.status).toBe(201);
      expect(refunded.data).toMatchObject({ deposit_id: charge.data.id, amount: "4.00" });
      await vi.waitFor(async () => {
        expect(await getDb().refund.findUniqueOrThrow({ where: { id: refunded.data.id as string } })).toMatchObject({
          status: "completed",
        });
      });
      const after = await getMerchantBalance(live.merchantId);
      expect(Number(after.available) - Number(before.available)).toBeCloseTo(6.5, 2);

      // One token for the webhook's registration and every call (one adapter per account), and
      // nothing the PSP turned away.
      expect(psp.exchanges.filter((exchange) => exchange.kind === "token").map((exchange) => exchange.status)).toEqual([
        200,
      ]);
      expect(psp.exchanges.filter((exchange) => exchange.status === 401 || exchange.status === 403)).toEqual([]);
      const calls = psp.exchanges.filter((exchange) => exchange.kind === "api");
      expect(calls.map((exchange) => `${exchange.method} ${exchange.path.split("/")[1]}`)).toEqual(
        expect.arrayContaining(["PUT webhook", "PUT cob", "GET pix", "PUT pix"]),
      );
      if (webhookOnlyHeader) {
        const carrying = calls.filter((exchange) => exchange.headers?.[webhookOnlyHeader] !== undefined);
        expect(carrying.map((exchange) => `${exchange.method} ${exchange.path}`)).toEqual([
          `PUT /webhook/${encodeURIComponent(psp.chave)}`,
        ]);
      }
    });

    it("with generic settings: the PSP refuses the token, the merchant gets a clear 502 and nothing is charged or credited", async () => {
      configureGateway(genericEnv(psp));
      const before = await getMerchantBalance(live.merchantId);
      const start = psp.exchanges.length;

      const request = pixDepositRequest();
      const { response, data } = await signed(pix, request);
      expect(response.status).toBe(502);
      expect(data.error).toMatchObject({
        type: "provider_error",
        detail: expect.stringMatching(/^the PSP answered 401 to POST token: /),
      });
      // The last test's devolução webhook is followed by a GET /pix/{e2eid} that may land here on a
      // loaded machine: it is not this request's.
      const asked = psp.exchanges.slice(start).filter((exchange) => !exchange.path.startsWith("/pix/"));
      expect(asked).toMatchObject([{ kind: "token", status: 401, response: genericRefusal }]);
      const deposit = await getDb().transaction.findFirstOrThrow({
        where: { merchantId: live.merchantId, reference: request.reference },
      });
      expect(deposit).toMatchObject({ status: "pending", pixCode: null });
      expect(psp.chargeCount(deposit.pixTxid as string)).toBe(0);
      expect(await ledgerEntries(deposit.id)).toBe(0);
      // The deposit is still pending (reconciliation may yet issue its charge), so only the money
      // the merchant holds must be untouched.
      expect(await getMerchantBalance(live.merchantId)).toMatchObject({
        available: before.available,
        reserved: before.reserved,
      });
      for (const secret of [psp.clientSecret, psp.env.PIX_PSP_CLIENT_SECRET].filter(Boolean))
        expect(JSON.stringify(data)).not.toContain(secret);
    });

    it.runIf(wrongCallKey)(
      "with the profile but a wrong per-call key: the token is issued, every call is refused, nothing is charged",
      async () => {
        configureGateway({ ...psp.env, ...wrongCallKey });
        const start = psp.exchanges.length;

        const request = pixDepositRequest();
        const { response, data } = await signed(pix, request);
        expect(response.status).toBe(502);
        expect(data.error).toMatchObject({
          type: "provider_error",
          detail: expect.stringMatching(/^the PSP answered 403 to (PUT|GET) \/cob\/\w+: Acesso negado/),
        });
        const seen = psp.exchanges.slice(start);
        expect(seen[0]).toMatchObject({ kind: "token", status: 200 });
        expect(seen.slice(1).map((exchange) => exchange.status)).toEqual(seen.slice(1).map(() => 403));
        const deposit = await getDb().transaction.findFirstOrThrow({
          where: { merchantId: live.merchantId, reference: request.reference },
        });
        expect(psp.chargeCount(deposit.pixTxid as string)).toBe(0);
        expect(await ledgerEntries(deposit.id)).toBe(0);
      },
    );
  },
);
