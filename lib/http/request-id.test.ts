import { describe, expect, it } from "vitest";
import { isIdOf } from "../ids/new-id";
import { resolveRequestId } from "./request-id";

const proxies = ["10.0.0.0/8", "127.0.0.1"];

describe("resolveRequestId", () => {
  it("takes a trusted proxy's id, short and printable, as sent", () => {
    expect(resolveRequestId("10.1.2.3", "abc-123", proxies)).toBe("abc-123");
    expect(resolveRequestId("::ffff:127.0.0.1", "f47ac10b-58cc-4372-a567-0e02b2c3d479", proxies)).toBe(
      "f47ac10b-58cc-4372-a567-0e02b2c3d479",
    );
    expect(resolveRequestId("10.1.2.3", "x".repeat(128), proxies)).toBe("x".repeat(128));
  });

  it("makes a new one for a client that is not a trusted proxy, whatever it sent", () => {
    for (const address of ["203.0.113.9", "2001:db8::1", undefined, "garbage"]) {
      expect(isIdOf("req", resolveRequestId(address, "abc-123", proxies))).toBe(true);
    }
    expect(isIdOf("req", resolveRequestId("10.1.2.3", "abc-123", []))).toBe(true);
  });

  it("makes a new one when a trusted proxy sends none, an empty one, a long one, spaces, controls or several", () => {
    for (const sent of [undefined, "", "x".repeat(129), "a b", "a\tb", "ação", "a\u0000b", ["a", "b"]]) {
      expect(isIdOf("req", resolveRequestId("10.1.2.3", sent, proxies))).toBe(true);
    }
  });
});
