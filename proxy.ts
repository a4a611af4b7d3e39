// Runs before every route but the merchant API's (Next.js 16's Proxy): what every answer shares and
// no handler should repeat. In order: a path that is not valid percent-encoding is a 400; a method
// the route does not take is a 405 with Allow; a page POST (a hosted form, a server action) from
// another origin or over 1 MB is refused; a POST Next.js would read as a server action is refused
// before it throws (a host other than its Origin, an action this build does not have or outside the
// console, a body it could not parse: lib/http/find-action-call-problem); hosted pages and /direct
// are rate-limited per client IP (past the limit a customer's page is answered by app/pay/limite,
// in their language); then every answer gets the security headers of
// lib/security/security-headers.ts, pages with a fresh CSP nonce.
import { type NextRequest, NextResponse } from "next/server";
import { getConfig } from "@/lib/config/config";
import { isDatabaseUnavailable } from "@/lib/db/is-database-unavailable";
import { findRedirectOrigins } from "@/lib/deposits/find-redirect-origins";
import { type ErrorCode, errorCodes } from "@/lib/errors/app-error";
import { clientIpOf } from "@/lib/http/client-ip";
import { actionHostOf, findActionCallProblem, isMultipart } from "@/lib/http/find-action-call-problem";
import { problem, problemTypeOf, rateLimitedProblem } from "@/lib/http/problem";
import { readBoundedBody } from "@/lib/http/read-bounded-body";
import { MAX_FORM_BODY_BYTES } from "@/lib/http/read-hosted-form";
import { type RouteRules, methodNotAllowed, routeRules } from "@/lib/http/route-rules";
import { readServerActionIds } from "@/lib/http/server-action-ids";
import { addressKeyOf } from "@/lib/rate-limits/address-key";
import { consumeRateLimit } from "@/lib/rate-limits/consume-rate-limit";
import { isSandboxSignupOn } from "@/lib/sandbox-signup/sandbox-signup-access";
import { apiSecurityHeaders, newNonce, securityHeaders } from "@/lib/security/security-headers";
import { CONSOLE_PATH_HEADER } from "@/lib/console/return-path";

function refuse(code: ErrorCode, detail: string): Response {
  const { status, title } = errorCodes[code];
  return problem(status, { type: problemTypeOf(code), title, detail, code });
}

function isMalformedPath(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return false;
  } catch {
    return true;
  }
}

const isOwnOrigin = (request: NextRequest, origin: string) =>
  origin === request.nextUrl.origin || origin === getConfig().publicBaseUrl;

const originHostOf = (origin: string) => URL.parse(origin)?.host ?? null;

/**
 * A POST Next.js reads as a server action (a Next-Action header, or a multipart body: a form
 * without script) wherever it renders a page, its not-found page included, so on any address but
 * the hosted forms' route handlers. Refused here whatever Next.js would throw on.
 */
async function checkActionCall(request: NextRequest, route: RouteRules): Promise<Response | null> {
  const origin = request.headers.get("origin");
  if (origin !== null && !isOwnOrigin(request, origin)) return foreignOrigin();
  // Next.js compares the Origin with X-Forwarded-Host, else Host, and throws when they differ.
  if (origin !== null && originHostOf(origin) !== actionHostOf(request.headers)) {
    return refuse("origin_not_allowed", "the Origin of an action call must name the host it is sent to");
  }
  const body = await readBoundedBody(request.clone(), MAX_FORM_BODY_BYTES);
  if (!body.ok && body.reason === "too_large") return tooLarge();
  if (!body.ok) return refuse("body_incomplete", "the body ended before its end");
  const ids = route.takesActions && !getConfig().isNextDevelopment ? await readServerActionIds() : null;
  const found = await findActionCallProblem(
    {
      actionId: request.headers.get("next-action"),
      contentType: request.headers.get("content-type") ?? "",
      body: body.bytes,
    },
    // Outside the console no action is known; `next dev` has ids of its own, which it checks itself.
    route.takesActions ? (id) => !ids || ids.has(id) : () => false,
  );
  if (!found) return null;
  const refusal = refuse(found.code, found.detail);
  // How Next.js marks an unknown action: the page's script then says so instead of failing on the body.
  if (found.code === "not_found") refusal.headers.set("x-nextjs-action-not-found", "1");
  return refusal;
}

const foreignOrigin = () => refuse("origin_not_allowed", `forms are accepted from ${getConfig().publicBaseUrl} only`);
const tooLarge = () => refuse("body_too_large", `at most ${MAX_FORM_BODY_BYTES} bytes allowed`);

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
  // Off, the sandbox sign-up's forms (server actions) are refused before they run, as its pages are 404s.
  if (request.method === "POST" && /^\/console\/signup(\/|$)/.test(pathname) && !isSandboxSignupOn())
    return refuse("not_found", "sandbox sign-up is off on this gateway");
  if (route.kind === "page" && request.method === "POST") {
    const origin = request.headers.get("origin");
    if (origin !== null && !isOwnOrigin(request, origin)) return foreignOrigin();
    if (Number(request.headers.get("content-length") ?? "0") > MAX_FORM_BODY_BYTES) return tooLarge();
  }
  const isHostedForm = route.kind === "page" && !route.takesActions;
  if (
    request.method === "POST" &&
    !isHostedForm &&
    (request.headers.has("next-action") || isMultipart(request.headers.get("content-type") ?? ""))
  ) {
    const refusal = await checkActionCall(request, route);
    if (refusal) return refusal;
  }
  if (route.isLimited) {
    const outcome = await consumeRateLimit("page", addressKeyOf(clientIpOf(request)));
    if (!outcome.isLimited) return null;
    // A customer's page gets a page, in their language (app/pay/limite); a script's call, JSON.
    if (route.kind !== "api" && /^\/(pay|direct)\//.test(pathname))
      return { retryAfterSeconds: outcome.retryAfterSeconds };
    return rateLimitedProblem(outcome.retryAfterSeconds, "too many requests from this address");
  }
  return null;
}

/**
 * An API route the proxy runs for (health, the PSP's webhook, a hosted page's status, unknown
 * /api/ paths): its headers, after the checks every route gets. Nothing is forwarded to the
 * handler (no nonce, language or console path: JSON for servers reads none of them), so Next.js
 * passes the request on as it came, without rebuilding it from overridden headers.
 */
async function proxyApi(request: NextRequest, route: RouteRules): Promise<Response> {
  const refusal = await check(request, route);
  const response = refusal instanceof Response ? refusal : NextResponse.next();
  for (const [name, value] of Object.entries(apiSecurityHeaders(getConfig().isProduction)))
    response.headers.set(name, value);
  return response;
}

export async function proxy(request: NextRequest): Promise<Response> {
  const config = getConfig();
  const route = routeRules(request.nextUrl.pathname);
  if (route.kind === "api") return proxyApi(request, route);
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
    // A database that does not answer leaves the page to its route, which answers a 503 page; no
    // other form target is allowed meanwhile, the safe side.
    formActionOrigins: payToken
      ? await findRedirectOrigins(payToken).catch((error: unknown) => {
          if (!isDatabaseUnavailable(error)) throw error;
          return [];
        })
      : [],
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
  // x-console-path: the page a console request asked for, where sign-in returns a signed-out
  // browser (lib/console/return-path checks it again). nextUrl is percent-encoded already.
  const asked = `${request.nextUrl.pathname}${request.nextUrl.search}`;
  if (asked.startsWith("/console") && /^[\x21-\x7e]{1,2048}$/.test(asked)) forwarded.set(CONSOLE_PATH_HEADER, asked);
  else forwarded.delete(CONSOLE_PATH_HEADER);
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
  // Built assets carry no token and run no code of ours. The merchant API's routes (each served by
  // lib/envelope/with-envelope, which sets their headers) are left out too: Next.js's proxy step
  // was a fifth of a Pix request's CPU (bench/README.md), and they need nothing of it: their path
  // is exact, a method they do not take is refused by npm start's server (lib/server/serve-gateway),
  // no server action runs at a route handler, and none is rate-limited per address. Next.js takes
  // this list only as a literal, read at build time: proxy.test.ts fails when it differs from what
  // lib/envelope/envelope-routes makes of its list, and prints the literal to put here.
  matcher: [
    "/((?!_next/static|_next/image|api/(?:balance|callbacks/test|disputes|disputes/respond|events|events/forwarded|events/resend|gateway-out|payment-initiation|pix|refund|sandbox/simulate|status|transactions)$).*)",
  ],
};
