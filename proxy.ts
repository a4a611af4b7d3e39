// Runs before every route (Next.js 16's Proxy): what every answer shares and no handler should
// repeat. In order: a path that is not valid percent-encoding is a 400; a method the route does
// not take is a 405 with Allow; a page POST (a hosted form, a server action) from another origin, over 1 MB or
// not a JSON array of arguments is refused; hosted pages and /direct are rate-limited per client IP
// (past the limit a customer's page is answered by app/pay/limite, in their language); then every answer gets the
// security headers of lib/security/security-headers.ts, pages with a fresh CSP nonce.
import { type NextRequest, NextResponse } from "next/server";
import { getConfig } from "@/lib/config/config";
import { findRedirectOrigins } from "@/lib/deposits/find-redirect-origins";
import { type ErrorCode, errorCodes } from "@/lib/errors/app-error";
import { clientIpOf } from "@/lib/http/client-ip";
import { problem, rateLimitedProblem } from "@/lib/http/problem";
import { readBoundedBody } from "@/lib/http/read-bounded-body";
import { MAX_FORM_BODY_BYTES } from "@/lib/http/read-hosted-form";
import { type RouteRules, methodNotAllowed, routeRules } from "@/lib/http/route-rules";
import { consumeRateLimit } from "@/lib/rate-limits/consume-rate-limit";
import { newNonce, securityHeaders } from "@/lib/security/security-headers";

function refuse(code: ErrorCode, detail: string): Response {
  const { status, title } = errorCodes[code];
  return problem(status, { type: `/docs/errors#${code}`, title, detail, code });
}

function isMalformedPath(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return false;
  } catch {
    return true;
  }
}

async function isJsonArray(request: NextRequest): Promise<boolean> {
  const body = await readBoundedBody(request.clone(), MAX_FORM_BODY_BYTES);
  try {
    return body.ok && Array.isArray(JSON.parse(new TextDecoder().decode(body.bytes)));
  } catch {
    return false;
  }
}

/** A refusal to answer as it is, a customer's page past the limit (answered by app/pay/limite), or nothing to refuse. */
async function check(
  request: NextRequest,
  route: RouteRules,
): Promise<Response | { retryAfterSeconds: number } | null> {
  const { pathname } = request.nextUrl;
  if (isMalformedPath(pathname)) return refuse("path_malformed", "the path is not valid percent-encoding");
  if (!route.methods.includes(request.method)) {
    const refusal = methodNotAllowed(request.method, route);
    return new Response(refusal.body, { status: 405, headers: refusal.headers });
  }
  if (route.kind === "page" && request.method === "POST") {
    // Next.js refuses a foreign server action with an exception (a 500); the answer is the caller's fault.
    const origin = request.headers.get("origin");
    if (origin !== null && origin !== request.nextUrl.origin && origin !== getConfig().publicBaseUrl) {
      return refuse("origin_not_allowed", `forms are accepted from ${getConfig().publicBaseUrl} only`);
    }
    if (Number(request.headers.get("content-length") ?? "0") > MAX_FORM_BODY_BYTES) {
      return refuse("body_too_large", `at most ${MAX_FORM_BODY_BYTES} bytes allowed`);
    }
    // A script's action call is a JSON array of arguments; Next.js parses it unguarded (a 500).
    if (
      request.headers.has("next-action") &&
      (request.headers.get("content-type") ?? "").startsWith("text/plain") &&
      !(await isJsonArray(request))
    ) {
      return refuse("action_malformed", "the body of an action call must be a JSON array of its arguments");
    }
  }
  if (route.isLimited) {
    const outcome = await consumeRateLimit("page", clientIpOf(request));
    if (!outcome.isLimited) return null;
    // A customer's page gets a page, in their language (app/pay/limite); a script's call, JSON.
    if (route.kind !== "api" && /^\/(pay|direct)\//.test(pathname))
      return { retryAfterSeconds: outcome.retryAfterSeconds };
    return rateLimitedProblem(outcome.retryAfterSeconds, "too many requests from this address");
  }
  return null;
}

export async function proxy(request: NextRequest): Promise<Response> {
  const config = getConfig();
  const route = routeRules(request.nextUrl.pathname);
  const nonce = newNonce();
  const payToken =
    route.kind === "page" && request.method === "GET"
      ? /^\/pay\/([^/]+)/.exec(request.nextUrl.pathname)?.[1]
      : undefined;
  const headers = securityHeaders({
    kind: route.kind,
    nonce,
    isProduction: config.isProduction,
    allowEval: config.isNextDevelopment,
    formActionOrigins: payToken ? await findRedirectOrigins(payToken) : [],
  });

  const refusal = await check(request, route);
  // Next.js takes the nonce for its own scripts from the request's CSP; handlers read x-nonce.
  // x-lang: the ?lang= of the address, for pages Next.js gives no query (the 404 page); only a
  // language tag (a NUL or a character no header can carry is no language). Set, never appended
  // to what the client sent under the same names.
  const forwarded = new Headers(request.headers);
  forwarded.set("content-security-policy", headers["content-security-policy"]);
  forwarded.set("x-nonce", nonce);
  forwarded.set("x-lang", /^[A-Za-z-]{1,16}$/.exec(request.nextUrl.searchParams.get("lang") ?? "")?.[0] ?? "");
  forwarded.delete("x-retry-after");
  let response: Response;
  if (refusal instanceof Response) {
    response = refusal;
  } else if (refusal) {
    forwarded.set("x-retry-after", String(refusal.retryAfterSeconds));
    response = NextResponse.rewrite(new URL(`/pay/limite${request.nextUrl.search}`, request.url), {
      request: { headers: forwarded },
    });
  } else {
    response = NextResponse.next({ request: { headers: forwarded } });
  }
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

export const config = {
  // Built assets carry no token and run no code of ours.
  matcher: ["/((?!_next/static|_next/image).*)"],
};
