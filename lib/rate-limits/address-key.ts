// Whom an address-based budget counts. An IPv4 address is one client; an IPv6 address is not: an
// ISP hands a subscriber a whole /64 (RFC 6177), so one machine can change its address at will
// within it. Counting per /64 gives an IPv6 client the same budget an IPv4 one has.
import ipaddr from "ipaddr.js";

/**
 * The counter key of a client address: an IPv4 address as itself (an IPv4-mapped IPv6 address is
 * its IPv4 address), an IPv6 address as its /64 ("2001:db8:1:2::/64"). What is not an address
 * (null, "unknown") counts together under "unknown".
 */
export function addressKeyOf(address: string | null): string {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.process(address ?? "");
  } catch {
    return "unknown";
  }
  if (parsed.kind() === "ipv4") return parsed.toString();
  const bytes = parsed.toByteArray().fill(0, 8);
  return `${ipaddr.fromByteArray(bytes).toString()}/64`;
}
