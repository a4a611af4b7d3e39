import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { decryptSecret, encryptSecret } from "./secret-box";

describe("secret-box", () => {
  const key = randomBytes(32);

  it("round-trips and never stores the plaintext", () => {
    const sealed = encryptSecret(key, "my-merchant-secret", "mk_test_a");
    expect(sealed).not.toContain("my-merchant-secret");
    expect(sealed.startsWith("v1.")).toBe(true);
    expect(decryptSecret(key, sealed, "mk_test_a")).toBe("my-merchant-secret");
  });

  it("uses a fresh IV each time", () => {
    expect(encryptSecret(key, "s", "k")).not.toBe(encryptSecret(key, "s", "k"));
  });

  it("refuses another server key, another key id, and a tampered ciphertext", () => {
    const sealed = encryptSecret(key, "secret", "mk_test_a");
    expect(() => decryptSecret(randomBytes(32), sealed, "mk_test_a")).toThrow();
    expect(() => decryptSecret(key, sealed, "mk_test_b")).toThrow();
    const parts = sealed.split(".");
    parts[3] = Buffer.from("tampered").toString("base64url");
    expect(() => decryptSecret(key, parts.join("."), "mk_test_a")).toThrow();
  });
});
