// POST /api/psp/webhook[/pix]: where the PSP notifies received Pix (the API Pix appends /pix to
// the registered URL). Mutual TLS with the PSP ends at the terminator in front of the gateway;
// here the shared secret in the query is checked (production requires it or a declared
// terminator), each address has a budget per minute, the body is bounded, and every Pix is
// confirmed with the PSP before anything changes. The PSP retries what is not answered 2xx.
import { timingSafeEqual } from "node:crypto";
import { getConfig } from "../config/config";
import { readLimitedBody } from "../envelope/read-request-token";
import { toAppError } from "../errors/to-app-error";
import { clientIpOf } from "../http/client-ip";
import { problem, rateLimitedProblem } from "../http/problem";
import { log } from "../log/logger";
import { consumeRateLimit } from "../rate-limits/consume-rate-limit";
import { receivePixNotification } from "./receive-pix-notification";

function isSecretAccepted(request: Request, expected: string | null): boolean {
  if (expected === null) return true;
  // Some PSPs append /pix after the whole registered URL, query included.
  const given = (new URL(request.url).searchParams.get("secret") ?? "").replace(/\/pix$/, "");
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function handlePspWebhook(request: Request): Promise<Response> {
  const started = performance.now();
  const finish = (response: Response, fields: Record<string, unknown> = {}) => {
    log.info("psp webhook", { status: response.status, ms: Math.round(performance.now() - started), ...fields });
    return response;
  };
  const psp = getConfig().psp;
  if (!psp) return finish(problem(404, { title: "Not found", detail: "no PSP is configured on this gateway" }));
  if (!isSecretAccepted(request, psp.webhookSecret)) {
    return finish(problem(401, { title: "Unauthorized", detail: "the notification URL's secret does not match" }));
  }
  const limit = await consumeRateLimit("pspWebhookIp", clientIpOf(request));
  if (limit.isLimited)
    return finish(rateLimitedProblem(limit.retryAfterSeconds, "too many notifications from this address"));
  try {
    const text = await readLimitedBody(request);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return finish(
        problem(400, { title: "Malformed notification", detail: 'the body is not JSON; expected {"pix": [...]}' }),
      );
    }
    const results = await receivePixNotification(body);
    return finish(Response.json({ received: results.length }, { headers: { "cache-control": "no-store" } }), {
      results,
    });
  } catch (error) {
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
