import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

const key = "ab".repeat(32);

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe("loadConfig", () => {
  it("defaults to SQLite under data/ on port 3000", () => {
    const config = loadConfig({ CASHIER_ENCRYPTION_KEY: key });
    expect(config.databaseUrl).toBe("file:./data/cashier.db");
    expect(config.port).toBe(3000);
    expect(config.publicBaseUrl).toBe("http://localhost:3000");
    expect(config.encryptionKey).toEqual(Buffer.from(key, "hex"));
  });

  it("names each bad variable", () => {
    expect(problems({ CASHIER_ENCRYPTION_KEY: key, PORT: "http" })[0]).toMatch(/^PORT: /);
    expect(problems({ CASHIER_ENCRYPTION_KEY: key, DATABASE_URL: "mysql://x" })[0]).toMatch(
      /^DATABASE_URL: must start with file:, postgres:\/\/ or postgresql:\/\//,
    );
    expect(problems({ CASHIER_ENCRYPTION_KEY: "short" })[0]).toMatch(/^CASHIER_ENCRYPTION_KEY: must be 32 bytes/);
    expect(problems({ CASHIER_ENCRYPTION_KEY: key, CASHIER_ENV: "prod" })[0]).toMatch(/^CASHIER_ENV: /);
  });

  it("requires the encryption key, the Pix key and the public URL in production", () => {
    expect(problems({ CASHIER_ENV: "production" })[0]).toMatch(/^CASHIER_ENCRYPTION_KEY: required in production/);
    expect(problems({ CASHIER_ENV: "production", CASHIER_ENCRYPTION_KEY: key })[0]).toMatch(/^PIX_KEY: required/);
    const withPixKey = { CASHIER_ENV: "production", CASHIER_ENCRYPTION_KEY: key, PIX_KEY: "pagamentos@cashier.example" };
    expect(problems(withPixKey)[0]).toMatch(/^PUBLIC_BASE_URL: required/);
    expect(loadConfig({ ...withPixKey, PUBLIC_BASE_URL: "https://pay.example" }).isProduction).toBe(true);
  });

  it("checks the Pix settings", () => {
    expect(problems({ CASHIER_ENCRYPTION_KEY: key, PIX_KEY: "not a key" })[0]).toMatch(/^PIX_KEY: not a valid Pix key/);
    expect(problems({ CASHIER_ENCRYPTION_KEY: key, PIX_MERCHANT_NAME: "x".repeat(26) })[0]).toMatch(/^PIX_MERCHANT_NAME: must be at most 25/);
    expect(problems({ CASHIER_ENCRYPTION_KEY: key, PIX_MERCHANT_CITY: "x".repeat(16) })[0]).toMatch(/^PIX_MERCHANT_CITY: must be at most 15/);
    expect(loadConfig({ CASHIER_ENCRYPTION_KEY: key, CASHIER_MAX_AMOUNT: "500.5" }).maxAmountCents).toBe(50050n);
    expect(problems({ CASHIER_ENCRYPTION_KEY: key, CASHIER_MAX_AMOUNT: "1.000,00" })[0]).toMatch(/^CASHIER_MAX_AMOUNT: /);
  });

  it("outside production generates a key once under the data directory and reuses it", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "cashier-config-"));
    const first = loadConfig({ CASHIER_DATA_DIR: dir });
    const second = loadConfig({ CASHIER_DATA_DIR: dir });
    expect(first.encryptionKey).toHaveLength(32);
    expect(second.encryptionKey).toEqual(first.encryptionKey);
    expect(readFileSync(path.join(dir, "encryption.key"), "utf8").trim()).toBe(first.encryptionKey.toString("base64url"));
  });

  it("accepts the key as base64", () => {
    const b64 = Buffer.alloc(32, 7).toString("base64");
    expect(loadConfig({ CASHIER_ENCRYPTION_KEY: b64 }).encryptionKey).toEqual(Buffer.alloc(32, 7));
  });
});
