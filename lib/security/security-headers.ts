// Every answer's security headers, from this one module (applied by proxy.ts, by the API wrapper to
// the routes the proxy does not run for, and by npm start's server to whatever sets none). Three kinds:
//  - page: the hosted payment pages (their inline style and script) and the React pages (home,
//    docs, console, error pages): scripts and styles only with this request's nonce, which Next.js
//    reads from the request's own CSP header and puts on its scripts; forms post to the gateway and, on a payment page, to the merchant's redirect origins
//    (a form's answer redirects there, and Chromium checks form-action on redirects);
//  - document: HTML a route handler writes itself (the /direct answers): nothing but its own style and the favicon;
//  - api: JSON for servers: nothing may load, frame or submit; also what every other answer of
//    npm start's server gets (built assets, their 404, Next.js's redirects: lib/server/serve-gateway).
// Framing is refused everywhere (the clickjacking of /pay/{token}/autorizar), referrers never
// leave the gateway (hosted URLs carry the payment's token) but stay within it, so a hosted
// form's POST carries its Origin for proxy.ts to check (under no-referrer, browsers send
// "Origin: null"); HSTS in production only (tests run on http).

export type HeaderKind = "page" | "document" | "api";

export type SecurityHeaderOptions = {
  kind: HeaderKind;
  nonce: string;
  isProduction: boolean;
  /** React's development build evaluates code; never in production. */
  allowEval?: boolean;
  /** Origins a page's forms may lead to besides the gateway's own. */
  formActionOrigins?: string[];
};

function contentSecurityPolicy(options: SecurityHeaderOptions): string {
  const locked = ["frame-ancestors 'none'", "base-uri 'none'", "object-src 'none'"];
  if (options.kind === "api") return ["default-src 'none'", "form-action 'none'", ...locked].join("; ");
  if (options.kind === "document")
    return [
      "default-src 'none'",
      `style-src 'nonce-${options.nonce}'`,
      "img-src 'self'",
      "form-action 'none'",
      ...locked,
    ].join("; ");
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${options.nonce}' 'strict-dynamic'${options.allowEval ? " 'unsafe-eval'" : ""}`,
    `style-src 'self' 'nonce-${options.nonce}'`,
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    ["form-action 'self'", ...(options.formActionOrigins ?? [])].join(" "),
    ...locked,
    ...(options.isProduction ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

export function securityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  return {
    "content-security-policy": contentSecurityPolicy(options),
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "same-origin",
    "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()",
    "cross-origin-opener-policy": "same-origin",
    ...(options.isProduction ? { "strict-transport-security": "max-age=63072000; includeSubDomains" } : {}),
  };
}

const apiHeaders = new Map<boolean, Record<string, string>>();

/** An API answer's headers, and any answer's that sets none: no nonce, so the same for every one. */
export function apiSecurityHeaders(isProduction: boolean): Record<string, string> {
  let headers = apiHeaders.get(isProduction);
  if (!headers) apiHeaders.set(isProduction, (headers = securityHeaders({ kind: "api", nonce: "", isProduction })));
  return headers;
}

/** A fresh nonce for each answer: 16 random bytes, base64. */
export function newNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
}
