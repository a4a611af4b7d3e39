// POST /api/psp/webhook/{accountId}[/pix]: where a provider account's PSP notifies what happened
// (received Pix, payouts' sends); /api/psp/webhook[/pix] is the implicit account's, as registered
// before accounts existed. The account's adapter authenticates the call (its secret, however that
// PSP carries it; mutual TLS ends at the terminator in front of the gateway) and reads it; each
// address has a budget per minute, counted before anything else, the body is bounded, and every
// notice is confirmed with the PSP before anything changes. The PSP retries what is not answered 2xx.
import { toUnavailableError } from "../db/database-outage";
import { readLimitedBody } from "../envelope/read-request-token";
import { isAppError } from "../errors/app-error";
import { toAppError } from "../errors/to-app-error";
import { clientIpOf } from "../http/client-ip";
import { problem, problemOf, rateLimitedProblem } from "../http/problem";
import { log } from "../log/logger";
import type { PaymentProvider } from "../providers/contract/payment-provider";
import { IMPLICIT_ACCOUNT_ID, findProvider } from "../providers/registry";
import { addressKeyOf } from "../rate-limits/address-key";
import { consumeRateLimit } from "../rate-limits/consume-rate-limit";
import { receiveProviderNotices } from "./receive-provider-notices";

const ACCOUNT_ID = /^pa_[A-Za-z0-9]{1,64}$/;

async function findNotifiedProvider(accountId: string | undefined): Promise<PaymentProvider | null> {
  if (accountId !== undefined && !ACCOUNT_ID.test(accountId)) return null;
  try {
    const provider = await findProvider(accountId ?? IMPLICIT_ACCOUNT_ID);
    return provider.readNotification ? provider : null;
  } catch (error) {
    if (isAppError(error)) return null;
    throw error;
  }
}

export async function handlePspWebhook(request: Request, accountId?: string): Promise<Response> {
  const started = performance.now();
  const finish = (response: Response, fields: Record<string, unknown> = {}) => {
    log.info("psp webhook", {
      account: accountId ?? IMPLICIT_ACCOUNT_ID,
      status: response.status,
      ms: Math.round(performance.now() - started),
      ...fields,
    });
    return response;
  };
  try {
    // First, so that a flood costs no account lookup, body, parse or secret check past its budget,
    // whether or not it carries the secret: whoever floods spends their own address's budget.
    const limit = await consumeRateLimit("pspWebhookIp", addressKeyOf(clientIpOf(request)));
    if (limit.isLimited)
      return finish(rateLimitedProblem(limit.retryAfterSeconds, "too many notifications from this address"));
    const provider = await findNotifiedProvider(accountId);
    if (!provider?.readNotification)
      return finish(problem(404, { title: "Not found", detail: "no PSP account takes notifications here" }));
    const text = await readLimitedBody(request);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    const notices = provider.readNotification({ url: new URL(request.url), headers: request.headers, body });
    if (body === undefined)
      return finish(
        problem(400, { title: "Malformed notification", detail: 'the body is not JSON; expected {"pix": [...]}' }),
      );
    const results = await receiveProviderNotices(provider, notices);
    return finish(Response.json({ received: results.length }, { headers: { "cache-control": "no-store" } }), {
      results,
    });
  } catch (error) {
    // A 503 with Retry-After: the PSP sends the notification again later.
    const unavailable = toUnavailableError(error);
    if (unavailable) return finish(problemOf(unavailable));
    const known = toAppError(error);
    if (!known || known.code === "internal_error") {
      log.error("psp webhook failed", { error: error instanceof Error ? error.stack : String(error) });
      return finish(
        problem(500, { title: "Internal error", detail: "the notification was not processed; send it again" }),
      );
    }
    return finish(problem(known.status, { title: known.title, detail: known.detail, code: known.code }));
  }
}
