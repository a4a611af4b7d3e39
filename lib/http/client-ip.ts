// The client's address for rate limits. X-Forwarded-For is client-written text: it is believed
// only hop by hop from the socket, and only while the hop that wrote it is a configured trusted
// proxy (TRUSTED_PROXIES). npm start's server puts the result in CLIENT_IP_HEADER, replacing
// anything a client sent under that name.
import ipaddr from "ipaddr.js";

export const CLIENT_IP_HEADER = "x-cashier-client-ip";

function normalize(address: string): string | null {
  try {
    const parsed = ipaddr.process(address.trim());
    return parsed.toString();
  } catch {
    return null;
  }
}

function isTrusted(address: string, trustedProxies: string[]): boolean {
  const parsed = ipaddr.parse(address);
  return trustedProxies.some((entry) => {
    if (!entry.includes("/")) return normalize(entry) === address;
    const [range, bits] = ipaddr.parseCIDR(entry);
    return range.kind() === parsed.kind() && parsed.match([range, bits]);
  });
}

/** Whether the socket's peer is a configured trusted proxy: what it says of the request is believed. */
export function isTrustedProxy(socketAddress: string | undefined, trustedProxies: string[]): boolean {
  const peer = normalize(socketAddress ?? "");
  return peer !== null && isTrusted(peer, trustedProxies);
}

/** The nearest address that is not a trusted proxy, walking X-Forwarded-For from the socket back. */
export function resolveClientIp(
  socketAddress: string | undefined,
  forwardedFor: string | undefined,
  trustedProxies: string[],
): string {
  let client = normalize(socketAddress ?? "");
  if (!client) return "unknown";
  const hops = (forwardedFor ?? "")
    .split(",")
    .map((hop) => hop.trim())
    .filter(Boolean);
  while (isTrusted(client, trustedProxies) && hops.length > 0) {
    const previous = normalize(hops.pop()!);
    // A trusted proxy that wrote garbage: the proxy itself is the last address known.
    if (!previous) break;
    client = previous;
  }
  return client;
}

/** The address npm start's server resolved; "unknown" under a server that does not set it (next dev). */
export function clientIpOf(request: Request): string {
  return request.headers.get(CLIENT_IP_HEADER) ?? "unknown";
}
