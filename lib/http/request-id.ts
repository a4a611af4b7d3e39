// Every request's id (X-Request-Id): the one a trusted proxy sent, when it is short and printable,
// so a line of the proxy's log and of ours name the same request; else a new one. A client's own
// header is never taken: anyone could make their requests look like another's in the log.
import { newId } from "../ids/new-id";
import { isTrustedProxy } from "./client-ip";

export const REQUEST_ID_HEADER = "x-request-id";

/** Printable ASCII without spaces, up to 128 characters: what proxies send (UUIDs, hex, Heroku's, AWS's). */
const ACCEPTED = /^[\x21-\x7e]{1,128}$/;

export function resolveRequestId(
  socketAddress: string | undefined,
  sent: string | string[] | undefined,
  trustedProxies: string[],
): string {
  const value = Array.isArray(sent) ? undefined : sent;
  if (value !== undefined && ACCEPTED.test(value) && isTrustedProxy(socketAddress, trustedProxies)) return value;
  return newId("req");
}
