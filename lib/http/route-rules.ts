// What each kind of address takes, shared by proxy.ts and npm start's server: the methods it
// answers (anything else is a 405 naming them in Allow), the security headers it gets, whether
// the per-address page limit counts it, and whether its pages have server actions.
import { errorCodes } from "../errors/app-error";
import { problemTypeOf } from "./problem";
import type { HeaderKind } from "../security/security-headers";

export type RouteRules = {
  kind: HeaderKind;
  methods: string[];
  isLimited: boolean;
  /** The console's pages: the only ones whose POSTs may call a server action. */
  takesActions: boolean;
};

/** Liveness, readiness and both: all a worker instance (CASHIER_ROLE=worker) answers. */
export const healthPaths = ["/api/health", "/api/health/live", "/api/health/ready"];

export function routeRules(pathname: string): RouteRules {
  if (healthPaths.includes(pathname))
    return { kind: "api", methods: ["GET", "HEAD"], isLimited: false, takesActions: false };
  // An image browsers fetch by themselves: nothing in it may load or run (api's policy).
  if (pathname === "/favicon.ico")
    return { kind: "api", methods: ["GET", "HEAD"], isLimited: false, takesActions: false };
  if (pathname.startsWith("/api/")) return { kind: "api", methods: ["POST"], isLimited: false, takesActions: false };
  if (/^\/pay\/[^/]+\/status\/?$/.test(pathname))
    return { kind: "api", methods: ["GET", "HEAD"], isLimited: true, takesActions: false };
  // An image, not a page: nothing in it may load or run (api's policy); fetched with each page, so not counted again.
  if (/^\/pay\/[^/]+\/logo\/?$/.test(pathname))
    return { kind: "api", methods: ["GET", "HEAD"], isLimited: false, takesActions: false };
  if (pathname.startsWith("/direct/"))
    return { kind: "document", methods: ["GET", "HEAD"], isLimited: true, takesActions: false };
  // The hosted steps with a form take POST: it posts to the page's own address.
  if (/^\/pay\/(?!ajuda\/?$)[^/]+(\/(pix|autorizar))?\/?$/.test(pathname))
    return { kind: "page", methods: ["GET", "HEAD", "POST"], isLimited: true, takesActions: false };
  if (pathname.startsWith("/pay/"))
    return { kind: "page", methods: ["GET", "HEAD"], isLimited: true, takesActions: false };
  // The console's forms are server actions too; counted like hosted pages, per client IP.
  if (pathname === "/console" || pathname.startsWith("/console/"))
    return { kind: "page", methods: ["GET", "HEAD", "POST"], isLimited: true, takesActions: true };
  return { kind: "page", methods: ["GET", "HEAD"], isLimited: false, takesActions: false };
}

/** A worker instance's answer to anything but its health: no merchant or customer is served there. */
export function notServedByWorker(): { body: string; headers: Record<string, string> } {
  const body = {
    type: problemTypeOf("not_found"),
    title: errorCodes.not_found.title,
    status: 404,
    detail: `this is a worker instance (CASHIER_ROLE=worker): it answers only ${healthPaths.join(", ")}`,
    code: "not_found",
  };
  return {
    body: JSON.stringify(body),
    headers: { "content-type": "application/problem+json", "cache-control": "no-store" },
  };
}

/** The 405 body and headers, the same from the proxy and from the server. */
export function methodNotAllowed(method: string, rules: RouteRules): { body: string; headers: Record<string, string> } {
  const body = {
    type: problemTypeOf("method_not_allowed"),
    title: errorCodes.method_not_allowed.title,
    status: 405,
    detail: `${method} is not allowed here; use ${rules.methods.join(" or ")}`,
    code: "method_not_allowed",
  };
  return {
    body: JSON.stringify(body),
    headers: {
      allow: rules.methods.join(", "),
      "content-type": "application/problem+json",
      "cache-control": "no-store",
    },
  };
}
