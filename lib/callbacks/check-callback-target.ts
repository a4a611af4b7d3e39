// The guard against server-side request forgery (contract section 5): in production a callback
// may only reach a public unicast address. It runs on every attempt, on the addresses the host
// resolves to then, and the connection is pinned to the address that was checked, so a DNS answer
// that changes between the check and the connect cannot slip through.
import { lookup as dnsLookup } from "node:dns/promises";
import ipaddr from "ipaddr.js";
import type { DeliveryErrorCode } from "../errors/delivery-errors";

export type Resolver = (hostname: string) => Promise<{ address: string; family: number }[]>;

const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

export type CallbackTarget =
  | { isAllowed: true; url: URL; address: string; family: number }
  | { isAllowed: false; code: DeliveryErrorCode; reason: string };

/** ipaddr.js names the range; only plain public unicast is a merchant's server. */
function rangeOf(address: string): string {
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  return parsed.range();
}

export async function checkCallbackTarget(
  rawUrl: string,
  options: { allowPrivate: boolean; requireHttps: boolean; resolve?: Resolver },
): Promise<CallbackTarget> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return { isAllowed: false, code: "url_invalid", reason: `callback URL is not a valid URL: ${rawUrl}` };
  }
  if (url.protocol !== "https:" && !(url.protocol === "http:" && !options.requireHttps)) {
    return {
      isAllowed: false,
      code: "scheme_not_allowed",
      reason: `callback URL must use ${options.requireHttps ? "https" : "http or https"}`,
    };
  }
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
      const range = rangeOf(address);
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
