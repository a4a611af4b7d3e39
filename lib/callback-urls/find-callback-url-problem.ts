// What a callback URL's own text can tell about where it goes, without asking DNS: checked when a
// URL is saved (callback-url-schema) and again before every attempt (lib/callbacks'
// check-callback-target, which then resolves the name). A save-time lookup would make saving
// depend on the gateway's resolver at that moment, and a name can change afterwards anyway.
import ipaddr from "ipaddr.js";
import type { DeliveryErrorCode } from "../errors/delivery-errors";

/** Longer URLs are no merchant's endpoint; one of 20 KB grew an audit row to 100 KB. */
export const MAX_CALLBACK_URL_LENGTH = 2048;

export type CallbackUrlOptions = { allowPrivate: boolean; requireHttps: boolean };

export type CallbackUrlProblem = {
  code: Extract<DeliveryErrorCode, "url_invalid" | "scheme_not_allowed" | "address_not_public">;
  /** Said to whoever typed the URL: it names nothing the URL itself does not. */
  reason: string;
};

/**
 * ipaddr.js names the range; only plain public unicast is a merchant's server. An IPv6 address
 * that carries an IPv4 one (::ffff:a.b.c.d) is the IPv4 address; the deprecated IPv4-compatible
 * form (::a.b.c.d, which ipaddr.js calls unicast) reaches the IPv4 address on some systems, so it
 * is refused whatever it embeds.
 */
export function addressRangeOf(address: string): string {
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv4") return parsed.range();
  const v6 = parsed as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().range();
  const range = v6.range();
  if (range === "unicast" && v6.parts.slice(0, 6).every((part) => part === 0)) return "ipv4Compatible";
  return range;
}

/** Names that never lead to a public server: RFC 6761's localhost, mDNS, private-use suffixes, one label. */
function isLocalName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, "");
  return (
    !name.includes(".") ||
    ["localhost", "local", "internal", "home.arpa", "localdomain"].some(
      (suffix) => name === suffix || name.endsWith(`.${suffix}`),
    )
  );
}

export function findCallbackUrlProblem(rawUrl: string, options: CallbackUrlOptions): CallbackUrlProblem | null {
  if (rawUrl.length > MAX_CALLBACK_URL_LENGTH) {
    return { code: "url_invalid", reason: `must be at most ${MAX_CALLBACK_URL_LENGTH} characters` };
  }
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return { code: "url_invalid", reason: "must be an absolute http(s) URL" };
  }
  if (url.protocol !== "https:" && !(url.protocol === "http:" && !options.requireHttps)) {
    return {
      code: "scheme_not_allowed",
      reason: options.requireHttps ? "must use https" : "must be an absolute http(s) URL",
    };
  }
  // Kept in clear in the merchant's row, its audit and every page that shows the URL.
  if (url.username || url.password) return { code: "url_invalid", reason: "must not carry a user name or password" };
  if (options.allowPrivate) return null;
  // The URL parser has already turned 2130706433, 0x7f000001 and 017700000001 into 127.0.0.1.
  const hostname = url.hostname.replace(/^\[|\]$/g, "");
  if (ipaddr.isValid(hostname)) {
    const range = addressRangeOf(hostname);
    if (range === "unicast") return null;
    return { code: "address_not_public", reason: `is not an allowed address (${range}): only public servers` };
  }
  if (isLocalName(hostname)) {
    return { code: "address_not_public", reason: "is not an allowed address (a local name): only public servers" };
  }
  return null;
}
