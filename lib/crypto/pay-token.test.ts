import { createHash, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { makeKeyRing } from "./key-ring";
import { newPayToken, openPayToken, payTokenHash, storePayToken } from "./pay-token";

describe("pay-token", () => {
  const serverKey = makeKeyRing(randomBytes(32));

  it("stores a token as its SHA-256 and sealed for its own deposit only", () => {
    const token = newPayToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const stored = storePayToken(serverKey, "dep_a", token);
    expect(stored.payTokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(payTokenHash(token)).toBe(stored.payTokenHash);
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(openPayToken(serverKey, "dep_a", stored.payTokenSealed)).toBe(token);
    // Copied onto another deposit's row, or read with another key, it opens nothing.
    expect(() => openPayToken(serverKey, "dep_b", stored.payTokenSealed)).toThrow();
    expect(() => openPayToken(makeKeyRing(randomBytes(32)), "dep_a", stored.payTokenSealed)).toThrow();
  });

  it("looks up nothing for what no token looks like", () => {
    for (const value of ["", "short", "a".repeat(65), "has space in it..", "../../etc/passwd00"])
      expect(payTokenHash(value), value).toBeNull();
  });
});
