// The guard against server-side request forgery (contract section 5): in production a callback
// may only reach a public unicast address. It runs on every attempt, on the addresses the host
// resolves to then, and the connection is pinned to the address that was checked, so a DNS answer
// that changes between the check and the connect cannot slip through.
import { lookup as dnsLookup } from "node:dns/promises";
import ipaddr from "ipaddr.js";
import {
  type CallbackUrlOptions,
  addressRangeOf,
  findCallbackUrlProblem,
} from "../callback-urls/find-callback-url-problem";
import type { DeliveryErrorCode } from "../errors/delivery-errors";

export type Resolver = (hostname: string) => Promise<{ address: string; family: number }[]>;

const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

export type CallbackTarget =
  | { isAllowed: true; url: URL; address: string; family: number }
  | { isAllowed: false; code: DeliveryErrorCode; reason: string };

export async function checkCallbackTarget(
  rawUrl: string,
  options: CallbackUrlOptions & { resolve?: Resolver },
): Promise<CallbackTarget> {
  // A URL saved before the save-time checks, or under other settings, is refused here as then.
  const problem = findCallbackUrlProblem(rawUrl, options);
  if (problem) return { isAllowed: false, code: problem.code, reason: `callback URL ${problem.reason}` };
  const url = new URL(rawUrl);
  const hostname = url.hostname.replace(/^\[|\]$/g, "");
  let addresses: { address: string; family: number }[];
  if (ipaddr.isValid(hostname)) {
    addresses = [{ address: hostname, family: hostname.includes(":") ? 6 : 4 }];
  } else {
    try {
      addresses = await (options.resolve ?? systemResolver)(hostname);
    } catch (error) {
      return {
        isAllowed: false,
        code: "host_unresolved",
        reason: `cannot resolve ${hostname}: ${(error as NodeJS.ErrnoException).code ?? "lookup failed"}`,
      };
    }
  }
  if (addresses.length === 0) {
    return { isAllowed: false, code: "host_unresolved", reason: `cannot resolve ${hostname}: no address` };
  }
  if (!options.allowPrivate) {
    for (const { address } of addresses) {
      const range = addressRangeOf(address);
      if (range !== "unicast") {
        return {
          isAllowed: false,
          code: "address_not_public",
          reason: `refused: ${hostname} resolves to ${address} (${range}), not a public address`,
        };
      }
    }
  }
  return { isAllowed: true, url, address: addresses[0].address, family: addresses[0].family };
}
