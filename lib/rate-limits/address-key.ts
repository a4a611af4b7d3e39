// Whom an address-based budget counts. An IPv4 address is one client; an IPv6 address is not: an
// ISP hands a subscriber a whole /64 (RFC 6177), so one machine can change its address at will
// within it. Counting per /64 gives an IPv6 client the same budget an IPv4 one has.
import ipaddr from "ipaddr.js";

function parseAddress(address: string | null): ipaddr.IPv4 | ipaddr.IPv6 | null {
  try {
    return ipaddr.process(address ?? "");
  } catch {
    return null;
  }
}

/** The first `bits` of an IPv6 address, as its prefix ("2001:db8:1:2::/64"). */
function ipv6Prefix(address: ipaddr.IPv6, bits: 48 | 64): string {
  const bytes = address.toByteArray().fill(0, bits / 8);
  return `${ipaddr.fromByteArray(bytes).toString()}/${bits}`;
}

/**
 * The counter key of a client address: an IPv4 address as itself (an IPv4-mapped IPv6 address is
 * its IPv4 address), an IPv6 address as its /64 ("2001:db8:1:2::/64"). What is not an address
 * (null, "unknown") counts together under "unknown".
 */
export function addressKeyOf(address: string | null): string {
  const parsed = parseAddress(address);
  if (!parsed) return "unknown";
  return parsed.kind() === "ipv4" ? parsed.toString() : ipv6Prefix(parsed as ipaddr.IPv6, 64);
}

/**
 * The network a client address belongs to, for budgets an attacker's other networks must not
 * spend: an IPv4 address's /24, an IPv6 address's /48 (the block a site is given, RFC 6177, in
 * which one subscriber's /64s all lie). What is not an address counts under "unknown".
 */
export function networkKeyOf(address: string | null): string {
  const parsed = parseAddress(address);
  if (!parsed) return "unknown";
  if (parsed.kind() === "ipv6") return ipv6Prefix(parsed as ipaddr.IPv6, 48);
  const octets = (parsed as ipaddr.IPv4).octets;
  return `${octets[0]}.${octets[1]}.${octets[2]}.0/24`;
}
