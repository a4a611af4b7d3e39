// A value sealed as the gateway sealed secrets before sealed values named their key (v1): what a
// database from before key ids holds, for the tests that it still opens and is re-sealed.
import { createCipheriv, randomBytes } from "node:crypto";

export function sealV1(key: Buffer, plaintext: string, associatedData: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(associatedData));
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return ["v1", ...[iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString("base64url"))].join(".");
}
