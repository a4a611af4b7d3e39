// The request a line of the log belongs to: npm start's server runs each request's handling inside
// its context (lib/server/serve-gateway), and every line written meanwhile, however deep, carries
// its id. Kept on globalThis: the server wrapper and Next.js's server chunks hold their own copies
// of this module, and both must read the one context.
import { AsyncLocalStorage } from "node:async_hooks";

/** `operation`: the merchant API's, once its wrapper knows it (for the request's span). */
export type RequestContext = { requestId: string; operation?: string };

const REQUEST_CONTEXT = Symbol.for("cashier.requestContext");
type WithRequestContext = { [REQUEST_CONTEXT]?: AsyncLocalStorage<RequestContext> };

function storage(): AsyncLocalStorage<RequestContext> {
  const holder = globalThis as WithRequestContext;
  holder[REQUEST_CONTEXT] ??= new AsyncLocalStorage<RequestContext>();
  return holder[REQUEST_CONTEXT];
}

/** Runs `work` as the handling of one request: what it logs, now or later, carries the request's id. */
export function runInRequest<T>(context: RequestContext, work: () => T): T {
  return storage().run(context, work);
}

/**
 * Runs `work` outside any request: what it starts that outlives the request (a timer, a client
 * with its own events) must not write every later line under that request's id.
 */
export function outsideRequest<T>(work: () => T): T {
  return storage().exit(work);
}

/** The id of the request being handled; null outside any (a background job, the CLI). */
export function currentRequestId(): string | null {
  return storage().getStore()?.requestId ?? null;
}

/** Names the operation the current request performs (the merchant API's wrapper does). */
export function nameRequestOperation(operation: string): void {
  const store = storage().getStore();
  if (store) store.operation = operation;
}
