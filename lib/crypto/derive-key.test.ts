import { createHash, createHmac, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { deriveKey, keyedHash } from "./derive-key";

describe("derive-key", () => {
  const serverKey = randomBytes(32);

  it("derives a 32-byte key that is not the server key, the same each time", () => {
    const key = deriveKey(serverKey, "recovery-code-hmac");
    expect(key).toHaveLength(32);
    expect(key.equals(serverKey)).toBe(false);
    expect(deriveKey(Buffer.from(serverKey), "recovery-code-hmac").equals(key)).toBe(true);
    expect(deriveKey(randomBytes(32), "recovery-code-hmac").equals(key)).toBe(false);
  });

  it("hashes under the derived key: neither a plain SHA-256 nor an HMAC under the server key itself", () => {
    const hash = keyedHash(serverKey, "recovery-code-hmac", "abcd");
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).toBe(createHmac("sha256", deriveKey(serverKey, "recovery-code-hmac")).update("abcd").digest("hex"));
    expect(hash).not.toBe(createHash("sha256").update("abcd").digest("hex"));
    expect(hash).not.toBe(createHmac("sha256", serverKey).update("abcd").digest("hex"));
    expect(keyedHash(randomBytes(32), "recovery-code-hmac", "abcd")).not.toBe(hash);
  });
});
