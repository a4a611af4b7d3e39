// What the soak's virtual users do, the way merchants' servers and their customers do it: signed
// API calls (Pix deposits, payment initiations, sandbox payments, refunds, payouts, status
// queries), a customer's hosted pages and the sandbox bank's consent, and an operator marking
// payouts with the CLI. Every answer is checked against what the step expects; what differs is
// counted by kind, and every object the soak settled is remembered with the status it must have.
import { type JWTPayload, jwtVerify } from "jose";
import { signRequestToken } from "../../lib/envelope/sign-request-token";

export type SoakMerchant = { merchantId: string; keyId: string; secret: string };

export type ErrorKind =
  | "5xx"
  | "unexpected 4xx"
  | "transport"
  | "unexpected answer"
  | "operator command failed"
  | "callbacks not delivered"
  | "invariant"
  | "memory growth"
  | "process"
  | "logged error";

export type SoakError = { kind: ErrorKind; operation: string; detail: string; count: number; example: string };

/** Latencies per operation and errors by kind, as the run goes. */
export class SoakRecorder {
  readonly latencies = new Map<string, number[]>();
  readonly errors = new Map<string, SoakError>();
  requests = 0;
  /** Requests per gateway (its base URL): the spread a balancer would give. */
  readonly requestsTo = new Map<string, number>();

  time(operation: string, ms: number): void {
    const list = this.latencies.get(operation) ?? [];
    list.push(ms);
    this.latencies.set(operation, list);
  }

  error(kind: ErrorKind, operation: string, detail: string, example = ""): void {
    const key = `${kind}\u0000${operation}\u0000${detail}`;
    const known = this.errors.get(key);
    if (known) known.count++;
    else this.errors.set(key, { kind, operation, detail, count: 1, example: example.slice(0, 400) });
  }

  errorCount(): number {
    let count = 0;
    for (const error of this.errors.values()) count += error.count;
    return count;
  }
}

/** A deposit, payout or refund the soak made, with the final status its last step gave it (null: not final). */
export type Tracked = {
  kind: "deposit" | "payout" | "refund";
  id: string;
  reference: string;
  merchant: SoakMerchant;
  status: string | null;
};

export type TrafficOptions = {
  /** The gateways' base URLs; every request goes to one of them, as a load balancer would send it. */
  instances: string[];
  merchants: SoakMerchant[];
  users: number;
  ratePerSecond: number;
  /** Unique per run: references and client addresses never repeat another run's. */
  runId: string;
  /** The merchants' shop, where customers go back to (one of their redirect origins). */
  shopUrl: string;
  recorder: SoakRecorder;
  /** `npm run cashier -- …` against the gateways' database. */
  operator: (...args: string[]) => Promise<string>;
};

export type Traffic = {
  tracked: Map<string, Tracked>;
  /** Stops the users after their current step and the operator once its queue is empty. */
  stop: () => Promise<void>;
};

// A valid CPF (the docs' example): the payer, and the payee's Pix key.
const CPF = "529.982.247-25";
const CPF_DIGITS = "52998224725";
const SANDBOX_BANKS = ["banco-do-brasil", "bradesco", "caixa", "nubank", "santander"] as const;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const chance = (p: number) => Math.random() < p;
const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)];
const reais = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
const randomCents = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));

/** Raised to end a scenario whose step failed; the failure is already recorded. */
class StepFailed extends Error {}

type Answer = { status: number; data: Record<string, unknown> };
type Page = { status: number; location: string | null; text: string };

export function startTraffic(options: TrafficOptions): Traffic {
  const { recorder } = options;
  const tracked = new Map<string, Tracked>();
  const recent: Tracked[] = [];
  const tokens: string[] = [];
  const operatorQueue: { transferId: string; outcome: "completed" | "canceled" }[] = [];
  let isStopping = false;
  let sequence = 0;

  // One request every 1/rate seconds across all users; a user waits for its slot, and a server that
  // falls behind is not sent a burst to catch up.
  const interval = 1000 / options.ratePerSecond;
  let nextSlot = 0;
  async function pace(): Promise<void> {
    const now = Date.now();
    const at = Math.max(now, nextSlot);
    nextSlot = at + interval;
    if (at > now) await sleep(at - now);
  }

  function track(entry: Tracked): Tracked {
    tracked.set(entry.id, entry);
    recent.push(entry);
    if (recent.length > 500) recent.shift();
    return entry;
  }

  function settle(entry: Tracked, status: string): void {
    entry.status = status;
  }

  type User = { ip: string; instance: () => string };

  /** One request, paced and timed; no answer at all is a transport error. */
  async function send(
    operation: string,
    url: string,
    init: RequestInit,
  ): Promise<{ response: Response; text: string }> {
    await pace();
    recorder.requests++;
    const origin = new URL(url).origin;
    recorder.requestsTo.set(origin, (recorder.requestsTo.get(origin) ?? 0) + 1);
    const started = performance.now();
    try {
      const response = await fetch(url, init);
      const text = await response.text();
      recorder.time(operation, performance.now() - started);
      return { response, text };
    } catch (error) {
      recorder.error("transport", operation, describe(error));
      throw new StepFailed();
    }
  }

  function refuseStatus(operation: string, status: number, detail: string, example: string): never {
    const kind = status >= 500 ? "5xx" : status >= 400 ? "unexpected 4xx" : "unexpected answer";
    recorder.error(kind, operation, detail, example);
    throw new StepFailed();
  }

  /** A signed API call: the answer's signature verified, its code equal to the HTTP status. */
  async function call(
    user: User,
    operation: string,
    path: string,
    merchant: SoakMerchant,
    data: Record<string, unknown>,
    expected: number[],
  ): Promise<Answer> {
    const jwt = await signRequestToken({ keyId: merchant.keyId, secret: merchant.secret, data });
    const { response, text } = await send(operation, `${user.instance()}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": user.ip },
      body: JSON.stringify({ jwt }),
    });
    let body: { jwt?: string; code?: string } = {};
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      // judged below by its status; the example keeps the text
    }
    let payload: JWTPayload | null = null;
    if (body.jwt) {
      try {
        ({ payload } = await jwtVerify(body.jwt, new TextEncoder().encode(merchant.secret), {
          algorithms: ["HS256"],
          typ: "cashier-response+jwt",
        }));
      } catch (error) {
        recorder.error("unexpected answer", operation, `answer not verifiable: ${describe(error)}`, text);
        throw new StepFailed();
      }
    }
    const answerData = (payload?.data ?? {}) as Record<string, unknown>;
    if (!expected.includes(response.status)) {
      const code = (answerData.error as { type?: string } | undefined)?.type ?? body.code ?? "";
      refuseStatus(operation, response.status, `HTTP ${response.status} ${code}`.trim(), text);
    }
    if (!payload || payload.code !== response.status) {
      recorder.error("unexpected answer", operation, "unsigned answer, or code unlike the HTTP status", text);
      throw new StepFailed();
    }
    return { status: response.status, data: answerData };
  }

  /** A customer's page request, on whichever gateway the balancer picks; redirects are not followed. */
  async function page(
    user: User,
    operation: string,
    path: string,
    expected: number[],
    form?: Record<string, string>,
  ): Promise<Page> {
    const instance = user.instance();
    const headers: Record<string, string> = { "x-forwarded-for": user.ip, "accept-language": "pt-BR,pt;q=0.9" };
    if (form) {
      headers["content-type"] = "application/x-www-form-urlencoded";
      headers.origin = instance;
    }
    const { response, text } = await send(operation, `${instance}${path}`, {
      method: form ? "POST" : "GET",
      headers,
      body: form ? new URLSearchParams(form).toString() : undefined,
      redirect: "manual",
    });
    if (!expected.includes(response.status))
      refuseStatus(operation, response.status, `HTTP ${response.status}`, `${path}: ${text.slice(0, 300)}`);
    const location = response.headers.get("location");
    return { status: response.status, location: location && relative(location), text };
  }

  function expectEqual(operation: string, what: string, actual: unknown, wanted: unknown): void {
    if (actual === wanted) return;
    recorder.error(
      "unexpected answer",
      operation,
      `${what}: ${JSON.stringify(actual)} instead of ${JSON.stringify(wanted)}`,
    );
    throw new StepFailed();
  }

  async function queryStatus(user: User, entry: Tracked, by: "id" | "reference" = "id"): Promise<void> {
    const query = by === "reference" && entry.kind !== "refund" ? { reference: entry.reference } : { id: entry.id };
    // Read before the query is sent: a status settled while it is on its way may not be in its answer.
    const wanted = entry.status;
    const { data } = await call(user, "status", "/api/status", entry.merchant, query, [200]);
    if (wanted !== null) expectEqual("status", `status of ${entry.kind} ${entry.id}`, data.status, wanted);
  }

  function customer(user: User, n: number, amountCents: number) {
    return {
      name: "Maria da Silva",
      email: `maria.${n}@example.com`,
      cpf: CPF,
      amount: reais(amountCents),
      currency: "BRL",
      merchant_user: `user-${n % 50}`,
      country: "BR",
      buyer_ip: user.ip,
    };
  }

  async function simulate(user: User, entry: Tracked, outcome: string): Promise<void> {
    const operation = entry.kind === "payout" ? "simulate payout" : "simulate deposit";
    const { data } = await call(
      user,
      operation,
      "/api/sandbox/simulate",
      entry.merchant,
      { id: entry.id, outcome },
      [200],
    );
    expectEqual(operation, "status", data.status, outcome);
    settle(entry, outcome);
  }

  /** One or two refunds of a paid deposit, whole or in part; sometimes a request sent twice. */
  async function refund(user: User, deposit: Tracked, amountCents: number): Promise<void> {
    const isPartial = chance(0.5) && amountCents >= 2;
    const first = isPartial ? Math.floor(amountCents / 2) : amountCents;
    const parts = isPartial && chance(0.4) ? [first, amountCents - first] : [first];
    for (const [i, cents] of parts.entries()) {
      const data = {
        id: deposit.id,
        ...(isPartial ? { amount: reais(cents) } : {}),
        reason: `soak refund ${i + 1}`,
      };
      const { data: created } = await call(user, "refund", "/api/refund", deposit.merchant, data, [201]);
      const entry = track({
        kind: "refund",
        id: String(created.id),
        reference: deposit.reference,
        merchant: deposit.merchant,
        status: null,
      });
      if (chance(0.1)) {
        const { data: again } = await call(user, "refund (repeated)", "/api/refund", deposit.merchant, data, [200]);
        expectEqual("refund (repeated)", "id", again.id, entry.id);
      }
      // A sandbox refund completes before its answer is sent.
      settle(entry, "completed");
      await queryStatus(user, entry);
    }
  }

  async function pixDeposit(user: User, n: number): Promise<void> {
    const merchant = pick(options.merchants);
    const reference = `${options.runId}-${n}-pix`;
    const amountCents = randomCents(1000, 20000);
    const data = { ...customer(user, n, amountCents), reference };
    const { data: created } = await call(user, "pix", "/api/pix", merchant, data, [201]);
    const deposit = track({ kind: "deposit", id: String(created.id), reference, merchant, status: null });
    if (chance(0.05)) {
      const { data: again } = await call(user, "pix (repeated)", "/api/pix", merchant, data, [200]);
      expectEqual("pix (repeated)", "id", again.id, deposit.id);
    }
    await queryStatus(user, { ...deposit, status: "pending" });
    const roll = Math.random();
    if (roll < 0.08) return; // left to wait for its customer
    const outcome = roll < 0.88 ? "paid" : roll < 0.96 ? "failed" : "expired";
    await simulate(user, deposit, outcome);
    await queryStatus(user, deposit, chance(0.3) ? "reference" : "id");
    if (outcome === "paid" && chance(0.3)) await refund(user, deposit, amountCents);
  }

  /** A Payment Initiation paid on the hosted pages: at the sandbox bank, or by Pix. */
  async function hostedPayment(user: User, n: number): Promise<void> {
    const merchant = pick(options.merchants);
    const reference = `${options.runId}-${n}-pi`;
    const amountCents = randomCents(1000, 20000);
    const successRedirectUrl = `${options.shopUrl}/shop/paid/${reference}`;
    const failedRedirectUrl = `${options.shopUrl}/shop/failed/${reference}`;
    const data = { ...customer(user, n, amountCents), reference, successRedirectUrl, failedRedirectUrl };
    const { data: created } = await call(user, "payment-initiation", "/api/payment-initiation", merchant, data, [201]);
    const deposit = track({ kind: "deposit", id: String(created.id), reference, merchant, status: null });
    const token = new URL(String(created.paymentInitiationUrl)).pathname.split("/")[2];
    tokens.push(token);
    const at = `/pay/${token}`;

    await page(user, "GET /pay/{token}", at, [200]);
    const details = await page(user, "POST /pay/{token}", at, [303], {});
    expectEqual("POST /pay/{token}", "redirect", details.location, `${at}/banco`);
    await page(user, "GET /pay/{token}/banco", `${at}/banco`, [200]);

    if (chance(0.2)) {
      // "Outro banco? Pague com Pix": the QR, polled while the customer pays it in their bank app.
      const toPix = await page(user, "POST /pay/{token}/pix", `${at}/pix`, [303], {});
      expectEqual("POST /pay/{token}/pix", "redirect", toPix.location, `${at}/pix`);
      await page(user, "GET /pay/{token}/pix", `${at}/pix`, [200]);
      await pollState(user, at, "open");
      await simulate(user, deposit, "paid");
      await pollState(user, at, "paid");
    } else {
      // A decline fails the attempt only: "Pagamento não concluído", then another bank pays it.
      const isDeclinedFirst = chance(0.1);
      for (const decision of isDeclinedFirst ? (["decline", "authorize"] as const) : (["authorize"] as const)) {
        const bank = pick(SANDBOX_BANKS);
        const start = await page(user, "GET /pay/{token}/autorizar", `${at}/autorizar?banco=${bank}`, [303]);
        if (!start.location?.includes("tentativa=")) {
          recorder.error(
            "unexpected answer",
            "GET /pay/{token}/autorizar",
            "no attempt in the redirect",
            String(start.location),
          );
          throw new StepFailed();
        }
        await page(user, "GET /pay/{token}/autorizar (consent)", start.location, [200]);
        const decided = await page(user, "POST /pay/{token}/autorizar", start.location, [303], { decision });
        const wanted = decision === "authorize" ? `${at}?origem=pagamento` : `${at}/banco/aguardando`;
        expectEqual("POST /pay/{token}/autorizar", "redirect", decided.location, wanted);
        if (decision === "decline") await page(user, "GET /pay/{token}/banco/aguardando", wanted, [200]);
      }
      settle(deposit, "paid");
    }
    await page(user, "GET /pay/{token}", at, [200]);
    await queryStatus(user, deposit, "reference");
    if (deposit.status === "paid" && chance(0.3)) await refund(user, deposit, amountCents);
  }

  async function pollState(user: User, at: string, wanted: string): Promise<void> {
    const { text } = await page(user, "GET /pay/{token}/status", `${at}/status`, [200]);
    expectEqual("GET /pay/{token}/status", "state", (JSON.parse(text) as { state: string }).state, wanted);
  }

  async function payout(user: User, n: number): Promise<void> {
    const merchant = pick(options.merchants);
    const reference = `${options.runId}-${n}-po`;
    const amountCents = randomCents(100, 2000);
    const method = chance(0.7)
      ? { paymentMethod: "pix", pix_key: CPF_DIGITS }
      : { paymentMethod: "banco-do-brasil", branch: "1234", account: "12345-5", account_type: "C" };
    const data = { ...customer(user, n, amountCents), reference, ...method };
    const { data: created } = await call(user, "gateway-out", "/api/gateway-out", merchant, data, [201]);
    const entry = track({ kind: "payout", id: String(created.transfer_id), reference, merchant, status: null });
    if (chance(0.05)) {
      const { data: again } = await call(user, "gateway-out (repeated)", "/api/gateway-out", merchant, data, [200]);
      expectEqual("gateway-out (repeated)", "transfer_id", again.transfer_id, entry.id);
    }
    const outcome = chance(0.85) ? "completed" : "canceled";
    // The operator marks a few at a time with the CLI; the merchant's sandbox marks the rest.
    if (operatorQueue.length < 2) operatorQueue.push({ transferId: entry.id, outcome });
    else {
      await simulate(user, entry, outcome);
      await queryStatus(user, entry, chance(0.3) ? "reference" : "id");
    }
  }

  async function statusQueries(user: User): Promise<void> {
    for (let i = 0; i < 3 && recent.length > 0; i++) await queryStatus(user, pick(recent), pick(["id", "reference"]));
  }

  /** A customer coming back to a link: the page, its status poll, and now and then a mistyped link. */
  async function pageViews(user: User): Promise<void> {
    if (tokens.length === 0 || chance(0.1)) {
      await page(user, "GET /pay/{token} (unknown)", `/pay/${options.runId}unknowntoken${sequence}`, [404]);
      return;
    }
    const token = pick(tokens.slice(-500));
    await page(user, "GET /pay/{token}", `/pay/${token}`, [200]);
    await page(user, "GET /pay/{token}/status", `/pay/${token}/status`, [200]);
  }

  const scenarios: [number, (user: User, n: number) => Promise<void>][] = [
    [0.35, pixDeposit],
    [0.2, hostedPayment],
    [0.2, payout],
    [0.15, statusQueries],
    [0.1, pageViews],
  ];

  async function runUser(index: number): Promise<void> {
    // A client address of its own per user and run: rate limits (in Redis, shared by runs) start fresh.
    const [a, b] = [Number.parseInt(options.runId.slice(0, 2), 16), Number.parseInt(options.runId.slice(2, 4), 16)];
    const user: User = { ip: `10.${a}.${b}.${index + 1}`, instance: () => pick(options.instances) };
    while (!isStopping) {
      const n = sequence++;
      let roll = Math.random();
      const scenario = scenarios.find(([weight]) => (roll -= weight) < 0)?.[1] ?? pageViews;
      try {
        await scenario(user, n);
      } catch (error) {
        if (!(error instanceof StepFailed)) recorder.error("unexpected answer", scenario.name, describe(error));
      }
    }
  }

  async function runOperator(): Promise<void> {
    while (!isStopping || operatorQueue.length > 0) {
      const next = operatorQueue.shift();
      if (!next) {
        await sleep(250);
        continue;
      }
      const entry = tracked.get(next.transferId) as Tracked;
      const args =
        next.outcome === "completed"
          ? ["payout", "complete", next.transferId]
          : ["payout", "cancel", next.transferId, "--reason-code", "soak_cancel", "--reason", "canceled by the soak"];
      const operation = `cashier payout ${args[1]}`;
      const started = performance.now();
      try {
        const printed = JSON.parse(await options.operator(...args)) as { status?: string };
        recorder.time(operation, performance.now() - started);
        expectEqual(operation, "status", printed.status, next.outcome);
        settle(entry, next.outcome);
      } catch (error) {
        if (!(error instanceof StepFailed)) recorder.error("operator command failed", operation, describe(error));
      }
      // An operator's pace: a marking every few seconds, not a loop hammering the database.
      if (!isStopping) await sleep(2000);
    }
  }

  const running = [...Array.from({ length: options.users }, (_, i) => runUser(i)), runOperator()];
  return {
    tracked,
    stop: async () => {
      isStopping = true;
      await Promise.all(running);
    },
  };
}

/** A redirect's target as a path on the gateway, or the absolute URL when it leaves it. */
function relative(location: string): string {
  if (location.startsWith("/")) return location;
  const url = new URL(location);
  return url.pathname.startsWith("/pay/") ? `${url.pathname}${url.search}` : location;
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return cause ? `${error.message} (${cause.code ?? cause.message})` : error.message.split("\n")[0];
  }
  return String(error);
}
