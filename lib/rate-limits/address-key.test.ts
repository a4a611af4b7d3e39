import { describe, expect, it } from "vitest";
import { addressKeyOf, networkKeyOf } from "./address-key";

describe("addressKeyOf", () => {
  it("counts an IPv4 address on its own, and an IPv4-mapped IPv6 address as that IPv4 address", () => {
    expect(addressKeyOf("203.0.113.7")).toBe("203.0.113.7");
    expect(addressKeyOf("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(addressKeyOf("::ffff:cb00:7107")).toBe("203.0.113.7");
    expect(addressKeyOf("203.0.113.8")).not.toBe(addressKeyOf("203.0.113.7"));
  });

  it("counts every address of an IPv6 /64 together, and the next /64 apart", () => {
    const key = addressKeyOf("2001:db8:1:2::1");
    expect(key).toBe("2001:db8:1:2::/64");
    for (const address of ["2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:DB8:1:2:a:b:c:d", "2001:0db8:0001:0002::9"])
      expect(addressKeyOf(address)).toBe(key);
    expect(addressKeyOf("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(addressKeyOf("::1")).toBe("::/64");
  });

  it("counts what is not an address under one key", () => {
    for (const address of [null, "unknown", "", "2001:db8::1::2", "300.1.1.1"])
      expect(addressKeyOf(address)).toBe("unknown");
  });
});

describe("networkKeyOf", () => {
  it("counts an IPv4 address with its /24, an IPv4-mapped one as its IPv4 address", () => {
    expect(networkKeyOf("203.0.113.7")).toBe("203.0.113.0/24");
    expect(networkKeyOf("::ffff:203.0.113.200")).toBe("203.0.113.0/24");
    expect(networkKeyOf("203.0.114.7")).toBe("203.0.114.0/24");
  });

  it("counts an IPv6 address with its /48, so every /64 of a site is one network", () => {
    expect(networkKeyOf("2001:db8:1:2::1")).toBe("2001:db8:1::/48");
    expect(networkKeyOf("2001:db8:1:ffff:a:b:c:d")).toBe("2001:db8:1::/48");
    expect(networkKeyOf("2001:db8:2::1")).toBe("2001:db8:2::/48");
  });

  it("counts what is not an address under one key", () => {
    for (const address of [null, "unknown", "300.1.1.1"]) expect(networkKeyOf(address)).toBe("unknown");
  });
});
