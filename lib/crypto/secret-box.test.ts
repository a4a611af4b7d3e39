import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { sealV1 } from "@/test/support/seal-v1";
import { keyIdOf, makeKeyRing } from "./key-ring";
import { UnknownSealingKeyError, decryptSecret, encryptSecret, openSecret, sealedKeyId } from "./secret-box";

describe("secret-box", () => {
  const oldKey = randomBytes(32);
  const newKey = randomBytes(32);
  const keys = makeKeyRing(newKey);

  it("round-trips, never stores the plaintext, and names the key by an id that is not the key", () => {
    const sealed = encryptSecret(keys, "my-merchant-secret", "mk_test_a");
    expect(sealed).not.toContain("my-merchant-secret");
    expect(sealed.split(".")).toHaveLength(5);
    expect(sealed.startsWith(`v2.${keyIdOf(newKey)}.`)).toBe(true);
    expect(sealedKeyId(sealed)).toBe(keyIdOf(newKey));
    expect(keyIdOf(newKey)).toMatch(/^[0-9a-f]{16}$/);
    expect(newKey.toString("hex")).not.toContain(keyIdOf(newKey));
    expect(keyIdOf(Buffer.from(newKey))).toBe(keyIdOf(newKey));
    expect(decryptSecret(keys, sealed, "mk_test_a")).toBe("my-merchant-secret");
  });

  it("uses a fresh IV each time", () => {
    expect(encryptSecret(keys, "s", "k")).not.toBe(encryptSecret(keys, "s", "k"));
  });

  it("refuses another server key, another key id, and a tampered ciphertext", () => {
    const sealed = encryptSecret(keys, "secret", "mk_test_a");
    expect(() => decryptSecret(makeKeyRing(randomBytes(32)), sealed, "mk_test_a")).toThrow(UnknownSealingKeyError);
    expect(() => decryptSecret(keys, sealed, "mk_test_b")).toThrow();
    const parts = sealed.split(".");
    parts[4] = Buffer.from("tampered").toString("base64url");
    expect(() => decryptSecret(keys, parts.join("."), "mk_test_a")).toThrow();
  });

  it("opens an old key's value while that key is listed as previous, and seals anew under the current", () => {
    const sealed = encryptSecret(makeKeyRing(oldKey), "secret", "mk_test_a");
    expect(() => decryptSecret(keys, sealed, "mk_test_a")).toThrow(`encryption key ${keyIdOf(oldKey)}`);
    const rotated = makeKeyRing(newKey, [oldKey]);
    expect(openSecret(rotated, sealed, "mk_test_a")).toEqual({ plaintext: "secret", keyId: keyIdOf(oldKey) });
    expect(sealedKeyId(encryptSecret(rotated, "secret", "mk_test_a"))).toBe(keyIdOf(newKey));
  });

  it("opens a v1 value under whichever key sealed it, and no v1 value under another", () => {
    const v1 = sealV1(oldKey, "legacy", "mk_test_a");
    expect(sealedKeyId(v1)).toBeNull();
    expect(openSecret(makeKeyRing(oldKey), v1, "mk_test_a")).toEqual({ plaintext: "legacy", keyId: keyIdOf(oldKey) });
    expect(openSecret(makeKeyRing(newKey, [oldKey]), v1, "mk_test_a").keyId).toBe(keyIdOf(oldKey));
    expect(() => openSecret(keys, v1, "mk_test_a")).toThrow(UnknownSealingKeyError);
    expect(() => openSecret(makeKeyRing(oldKey), v1, "mk_test_b")).toThrow(UnknownSealingKeyError);
  });

  it("refuses a tampered key id: an unknown one by its id, another configured key's by the cipher", () => {
    const rotated = makeKeyRing(newKey, [oldKey]);
    const parts = encryptSecret(rotated, "secret", "mk_test_a").split(".");
    expect(() => openSecret(rotated, ["v2", "0123456789abcdef", ...parts.slice(2)].join("."), "mk_test_a")).toThrow(
      "encryption key 0123456789abcdef, which is not configured",
    );
    // The id is bound to the value: naming the other configured key does not open it.
    expect(() => openSecret(rotated, ["v2", keyIdOf(oldKey), ...parts.slice(2)].join("."), "mk_test_a")).toThrow();
    // Nor does the same ciphertext dressed as a v1 value.
    expect(() => openSecret(rotated, ["v1", ...parts.slice(2)].join("."), "mk_test_a")).toThrow();
    expect(() => openSecret(rotated, "v3.a.b.c", "mk_test_a")).toThrow("Unknown secret format");
  });
});
