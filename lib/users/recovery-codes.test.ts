import { createHash } from "node:crypto";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";

// The unit project shares modules between files, and a test below changes the key: each test
// reads the configuration again under this one.
beforeEach(() => {
  vi.stubEnv("CASHIER_ENCRYPTION_KEY", "b".repeat(64));
  vi.resetModules();
});
afterAll(() => vi.unstubAllEnvs());

const load = () => import("./recovery-codes");
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

describe("recovery codes", () => {
  it("carry 80 random bits in four groups of Crockford's base32, without i, l, o or u", async () => {
    const { issueRecoveryCodes } = await load();
    const stored: string[] = [];
    const db = {
      consoleRecoveryCode: {
        deleteMany: async () => ({ count: 0 }),
        createMany: async ({ data }: { data: { codeHash: string }[] }) => {
          stored.push(...data.map((row) => row.codeHash));
          return { count: data.length };
        },
      },
    } as unknown as Parameters<typeof issueRecoveryCodes>[0];
    const codes = await issueRecoveryCodes(db, "usr_a");
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{4}(-[0-9a-hjkmnp-tv-z]{4}){3}$/);
    // 16 symbols of 32: 80 bits.
    expect(codes[0].replaceAll("-", "").length * Math.log2(32)).toBe(80);
    // Stored keyed, never as the code or its plain SHA-256.
    const { hashRecoveryCode } = await load();
    expect(stored).toEqual(codes.map(hashRecoveryCode));
    for (const [i, code] of codes.entries()) {
      expect(stored[i]).not.toContain(code.replaceAll("-", ""));
      expect(stored[i]).not.toBe(sha256(code.replaceAll("-", "")));
    }
  });

  it("reads a code the way people type it: case, spaces and dashes ignored, i and l as 1, o as 0", async () => {
    const { hashRecoveryCode } = await load();
    const hash = hashRecoveryCode("a1b0-c1d0-e1f0-g1h0");
    for (const typed of ["A1B0C1D0E1F0G1H0", " a1b0 c1d0 e1f0 g1h0 ", "aib0-cLdO-e1fo-giho"])
      expect(hashRecoveryCode(typed), typed).toBe(hash);
    expect(hashRecoveryCode("a1b0-c1d0-e1f0-g1h1")).not.toBe(hash);
  });

  it("finds a code issued before the key as the migration re-keyed its stored SHA-256, letters as typed", async () => {
    const { hashRecoveryCode } = await load();
    const { keyedHash } = await import("../crypto/derive-key");
    const key = Buffer.from("b".repeat(64), "hex");
    expect(hashRecoveryCode("abcde-fghio")).toBe(keyedHash(key, "recovery-code-hmac", sha256("abcdefghio")));
    expect(hashRecoveryCode("abcde-fghio")).not.toBe(hashRecoveryCode("abcde-fgh10"));
  });

  it("hashes under the configured key: another server key stores another value", async () => {
    const before = (await load()).hashRecoveryCode("a1b0-c1d0-e1f0-g1h0");
    vi.resetModules();
    vi.stubEnv("CASHIER_ENCRYPTION_KEY", "c".repeat(64));
    expect((await load()).hashRecoveryCode("a1b0-c1d0-e1f0-g1h0")).not.toBe(before);
  });

  it("are looked up under a previous key while it is listed: codes issued before a rotation still sign in", async () => {
    const issued = (await load()).hashRecoveryCode("a1b0-c1d0-e1f0-g1h0");
    vi.resetModules();
    vi.stubEnv("CASHIER_ENCRYPTION_KEY", "c".repeat(64));
    expect((await load()).recoveryCodeHashes("A1B0 C1D0 E1F0 G1H0")).not.toContain(issued);
    vi.resetModules();
    vi.stubEnv("CASHIER_ENCRYPTION_PREVIOUS_KEYS", "b".repeat(64));
    const { hashRecoveryCode, recoveryCodeHashes } = await load();
    expect(recoveryCodeHashes("A1B0 C1D0 E1F0 G1H0")).toEqual([hashRecoveryCode("a1b0-c1d0-e1f0-g1h0"), issued]);
  });
});
