import { describe, expect, it } from "vitest";
import { resolveClientIp } from "./client-ip";

describe("resolveClientIp", () => {
  it("takes the socket's address and ignores X-Forwarded-For when no proxy is trusted", () => {
    expect(resolveClientIp("203.0.113.7", "198.51.100.1", [])).toBe("203.0.113.7");
    expect(resolveClientIp("::ffff:203.0.113.7", undefined, [])).toBe("203.0.113.7");
  });

  it("walks back through trusted proxies only", () => {
    const trusted = ["10.0.0.0/8", "127.0.0.1"];
    expect(resolveClientIp("10.1.2.3", "198.51.100.1", trusted)).toBe("198.51.100.1");
    // The client's own forged hop stays to the left of the first untrusted address.
    expect(resolveClientIp("10.1.2.3", "1.2.3.4, 198.51.100.1, 10.9.9.9", trusted)).toBe("198.51.100.1");
    expect(resolveClientIp("127.0.0.1", "2001:db8::1", trusted)).toBe("2001:db8::1");
    expect(resolveClientIp("10.1.2.3", "not-an-ip", trusted)).toBe("10.1.2.3");
    expect(resolveClientIp("10.1.2.3", undefined, trusted)).toBe("10.1.2.3");
  });

  it("answers unknown without a socket address", () => {
    expect(resolveClientIp(undefined, "198.51.100.1", ["10.0.0.0/8"])).toBe("unknown");
  });
});
