// What the page fuzz (issue 25) aims at on a running production build: the server actions and
// routes the build really has (its manifests, not a list kept by hand), console users of each
// role made with the CLI, set up through the setup link's own actions and signed in once through
// the login action, setup links in every state, and hosted payments created through the API.
import { readFileSync } from "node:fs";
import path from "node:path";
import { signRequestToken } from "../../lib/envelope/sign-request-token";
import { userCreateArguments } from "./console-user-cli";
import { customer } from "./customer";
import type { GatewayProcess } from "./gateway-process";
import type { GatewayRows } from "./gateway-rows";
import type { RawAnswer, RawClient, RawRequest } from "./raw-http";
import { freshTotpCode, waitForNextTotpStep } from "./totp-codes";

const root = path.resolve(import.meta.dirname, "../..");

/** A server action of the build: its id (what Next-Action carries), its name and the pages that render it. */
export type BuiltAction = { id: string; name: string; file: string; routes: string[] };

export type ConsoleRole = "operator" | "merchant-admin" | "merchant-viewer";

export type PageFuzzFixture = {
  /** PUBLIC_BASE_URL: the one origin forms are accepted from. */
  baseUrl: string;
  actions: BuiltAction[];
  /** Every route of the build as Next.js names it: /console/transactions/[id], /pay/[token]/pix… */
  routes: string[];
  /** The Cookie header of a signed-in session per role. */
  sessions: Record<ConsoleRole, string>;
  /** Setup links (their tokens) in each state a link can be in. */
  setupLinks: {
    /** Nothing done yet: the password step. */
    fresh: string;
    /** A merchant user's, password set: the authenticator step, which they may skip. */
    skippable: string;
    used: string;
    expired: string;
    /** An operator's, password set: operators may not skip the authenticator. */
    operator: string;
  };
  /** Hosted payments' tokens: one at the details form, one past it, one made by Gateway In. */
  payTokens: string[];
  merchantIds: { own: string; other: string };
  /** Deposits of the signed-in merchant users' merchant, and of another merchant. */
  depositIds: { own: string[]; other: string[] };
  keyId: string;
};

/** The form data among an action's arguments: React sends it as multipart parts beside the arguments. */
export class FormFields {
  constructor(readonly fields: [string, string][]) {}
}

/** A multipart/form-data body of text parts, as browsers write it. */
export function multipartBody(parts: [string, string][], boundary: string): string {
  return (
    parts
      .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join("") + `--${boundary}--\r\n`
  );
}

/**
 * The body React's client sends for a call with these arguments (encodeReply): the arguments as
 * JSON in text/plain, or, when they hold form data, that JSON as part "0" after the form's
 * fields, each named _{reference}_{name}. A string starting with "$" is escaped as React escapes it.
 */
export function encodeActionArguments(args: unknown[]): { contentType: string; body: string } {
  const parts: [string, string][] = [];
  let forms = 0;
  const json = JSON.stringify(args, (_key, value: unknown) => {
    if (value instanceof FormFields) {
      const reference = ++forms;
      for (const [name, field] of value.fields) parts.push([`_${reference}_${name}`, field]);
      return `$K${reference.toString(16)}`;
    }
    return typeof value === "string" && value.startsWith("$") ? `$${value}` : value;
  });
  if (forms === 0) return { contentType: "text/plain;charset=UTF-8", body: json };
  const boundary = "----CashierFuzzBoundary7MA4YWxkTrZu0gW";
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    body: multipartBody([...parts, ["0", json]], boundary),
  };
}

/** The call a page's script makes to a server action, as Next.js's client sends it. */
export function actionCall(
  fixture: Pick<PageFuzzFixture, "baseUrl">,
  pagePath: string,
  actionId: string,
  args: unknown[],
  headers: Record<string, string> = {},
): RawRequest {
  const { contentType, body } = encodeActionArguments(args);
  return {
    method: "POST",
    path: pagePath,
    headers: {
      accept: "text/x-component",
      "next-action": actionId,
      "content-type": contentType,
      origin: fixture.baseUrl,
      ...headers,
    },
    body,
  };
}

/** The build's server actions, from Next.js's own manifest of them. */
export function readBuiltActions(): BuiltAction[] {
  const manifest = JSON.parse(readFileSync(path.join(root, ".next/server/server-reference-manifest.json"), "utf8")) as {
    node: Record<string, { exportedName: string; filename: string; workers: Record<string, unknown> }>;
  };
  return Object.entries(manifest.node).map(([id, action]) => ({
    id,
    name: action.exportedName,
    file: action.filename,
    // "app/console/setup/[token]/page" is the route /console/setup/[token].
    routes: Object.keys(action.workers).map((worker) => worker.replace(/^app/, "").replace(/\/page$/, "") || "/"),
  }));
}

/** The build's routes, pages and route handlers, from Next.js's manifest of them. */
export function readBuiltRoutes(): string[] {
  const manifest = JSON.parse(readFileSync(path.join(root, ".next/server/app-paths-manifest.json"), "utf8")) as Record<
    string,
    string
  >;
  return Object.keys(manifest)
    .filter((route) => !route.startsWith("/_"))
    .map((route) => route.replace(/\/(page|route)$/, "") || "/");
}

const PASSWORD = "uma frase longa para o fuzz";

function signedTokenData(answer: RawAnswer): Record<string, string> {
  const { jwt } = JSON.parse(answer.body) as { jwt: string };
  return (JSON.parse(Buffer.from(jwt.split(".")[1], "base64url").toString()) as { data: Record<string, string> }).data;
}

function expectStatus(answer: RawAnswer, statuses: number[], what: string): RawAnswer {
  if (!statuses.includes(answer.status))
    throw new Error(`${what}: expected ${statuses.join(" or ")}, got ${answer.status} ${answer.body.slice(0, 300)}`);
  return answer;
}

export async function preparePageFuzz(
  gateway: GatewayProcess,
  client: RawClient,
  rows: GatewayRows,
): Promise<PageFuzzFixture> {
  const actions = readBuiltActions();
  const actionId = (name: string) => {
    const action = actions.find((candidate) => candidate.name === name);
    if (!action) throw new Error(`the build has no server action ${name}: rebuild (npm run build)`);
    return action.id;
  };
  const fixture = { baseUrl: gateway.env.PUBLIC_BASE_URL };
  // The fixture's own calls come from an address of their own, apart from the fuzz's.
  const send = (request: RawRequest) =>
    client.send({ ...request, headers: { "x-forwarded-for": "198.51.100.1", ...request.headers } });

  const createMerchant = async (name: string) =>
    JSON.parse(await gateway.cashier("merchant", "create", "--name", name)) as {
      merchantId: string;
      keyId: string;
      secret: string;
    };
  const createUser = async (role: ConsoleRole, merchantId?: string) => {
    const { email, args } = userCreateArguments(role, merchantId);
    const created = JSON.parse(await gateway.cashier(...args)) as { id: string; setupUrl: string };
    return { email, id: created.id, token: new URL(created.setupUrl).pathname.split("/").pop()! };
  };

  // One command at a time: the CLI waits for no lock, and SQLite takes one writer.
  const own = await createMerchant("Loja Fuzz");
  const other = await createMerchant("Outra Loja");
  const operator = await createUser("operator");
  const admin = await createUser("merchant-admin", own.merchantId);
  const viewer = await createUser("merchant-viewer", own.merchantId);
  const fresh = await createUser("merchant-viewer", own.merchantId);
  const skippable = await createUser("merchant-admin", own.merchantId);
  const expired = await createUser("merchant-viewer", own.merchantId);
  const operatorLink = await createUser("operator");

  const setupPath = (token: string) => `/console/setup/${token}`;
  const savePassword = async (user: { token: string }) =>
    expectStatus(
      await send(
        actionCall(fixture, setupPath(user.token), actionId("savePassword"), [
          user.token,
          { status: "idle" },
          new FormFields([
            ["password", PASSWORD],
            ["confirmation", PASSWORD],
          ]),
        ]),
      ),
      [200, 303],
      "savePassword",
    );
  for (const user of [operator, admin, viewer, skippable, expired, operatorLink]) await savePassword(user);
  for (const user of [admin, viewer])
    expectStatus(
      await send(
        actionCall(fixture, setupPath(user.token), actionId("skipTotp"), [
          user.token,
          { status: "idle" },
          new FormFields([]),
        ]),
      ),
      [200, 303],
      "skipTotp",
    );
  const setupPage = await send({ method: "GET", path: setupPath(operator.token) });
  const totpSecret = /data-testid="totp-secret">([A-Z2-7]+)</.exec(setupPage.body)?.[1];
  if (!totpSecret) throw new Error(`the operator's setup page shows no authenticator key: ${setupPage.status}`);
  const enrolled = await send(
    actionCall(fixture, setupPath(operator.token), actionId("enrolTotp"), [
      operator.token,
      { status: "idle" },
      new FormFields([["code", freshTotpCode(totpSecret)!]]),
    ]),
  );
  if (!expectStatus(enrolled, [200], "enrolTotp").body.includes('"enrolled"'))
    throw new Error(`enrolTotp did not enrol: ${enrolled.body.slice(0, 300)}`);
  await rows.expireSetupLinks(expired.id);

  const signIn = async (user: { email: string }, totp?: string) => {
    let code = totp ? freshTotpCode(totp) : "";
    if (code === null) {
      await waitForNextTotpStep();
      code = freshTotpCode(totp!)!;
    }
    const answer = await send(
      actionCall(fixture, "/console/login", actionId("logIn"), [
        { status: "idle" },
        new FormFields([
          ["email", user.email],
          ["password", PASSWORD],
          ["code", code],
        ]),
      ]),
    );
    const cookie = [answer.headers["set-cookie"] ?? []].flat().find((value) => value.startsWith("cashier_console="));
    if (!cookie) throw new Error(`logIn did not sign ${user.email} in: ${answer.status} ${answer.body.slice(0, 300)}`);
    return cookie.split(";")[0];
  };
  const sessions = {
    operator: await signIn(operator, totpSecret),
    "merchant-admin": await signIn(admin),
    "merchant-viewer": await signIn(viewer),
  };

  const deposit = async (merchant: typeof own, data: Record<string, string>) => {
    const jwt = await signRequestToken({
      keyId: merchant.keyId,
      secret: merchant.secret,
      data: {
        ...customer,
        reference: `page-fuzz-${Date.now()}-${Math.random()}`,
        successRedirectUrl: "https://shop.example/ok",
        failedRedirectUrl: "https://shop.example/no",
        ...data,
      },
    });
    const answer = expectStatus(
      await send({
        method: "POST",
        path: "/api/payment-initiation",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jwt }),
      }),
      [201],
      "payment-initiation",
    );
    return signedTokenData(answer);
  };
  const atDetails = await deposit(own, { cpf: "123.456.789-00" });
  const complete = await deposit(own, {});
  const othersDeposit = await deposit(other, {});
  const directToken = await signRequestToken({
    keyId: own.keyId,
    secret: own.secret,
    data: {
      ...customer,
      amount: "10,50",
      reference: `page-fuzz-direct-${Date.now()}`,
      return_url: "https://shop.example/caixa",
    },
  });
  const direct = expectStatus(
    await send({ method: "GET", path: `/direct/${own.keyId}/${directToken}` }),
    [303],
    "Gateway In",
  );
  const payToken = (url: string) => new URL(url, fixture.baseUrl).pathname.split("/")[2];

  return {
    baseUrl: fixture.baseUrl,
    actions,
    routes: readBuiltRoutes(),
    sessions,
    setupLinks: {
      fresh: fresh.token,
      skippable: skippable.token,
      used: admin.token,
      expired: expired.token,
      operator: operatorLink.token,
    },
    payTokens: [
      payToken(atDetails.paymentInitiationUrl),
      payToken(complete.paymentInitiationUrl),
      payToken(String(direct.headers.location)),
    ],
    merchantIds: { own: own.merchantId, other: other.merchantId },
    depositIds: { own: [atDetails.id, complete.id], other: [othersDeposit.id] },
    keyId: own.keyId,
  };
}
