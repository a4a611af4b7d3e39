// The merchant API's operations: every route app/api serves through withEnvelope, each a POST (the
// token travels in the body). The one list: the OpenAPI document describes each path named here
// (its operations are keyed by them), the integration tests reach each handler by it, and
// proxy.ts's matcher leaves each out (a literal, as Next.js reads it at build time; proxy.test.ts
// fails when it differs). envelope-routes.test.ts fails when app/api and this list disagree.
export const envelopePaths = [
  "/api/pix",
  "/api/payment-initiation",
  "/api/gateway-out",
  "/api/status",
  "/api/refund",
  "/api/sandbox/simulate",
  "/api/callbacks/test",
  "/api/balance",
  "/api/transactions",
  "/api/events",
  "/api/events/resend",
  "/api/events/forwarded",
  "/api/disputes",
  "/api/disputes/respond",
] as const;

export type EnvelopePath = (typeof envelopePaths)[number];
