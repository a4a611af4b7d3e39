import { mkdtempSync, readFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { keyIdOf } from "../crypto/key-ring";
import { ConfigError, loadConfig } from "./config";

const key = "ab".repeat(32);
/** The least a production start takes. */
const production = {
  CASHIER_ENV: "production",
  CASHIER_ENCRYPTION_KEY: key,
  PIX_KEY: "pagamentos@cashier.example",
  PUBLIC_BASE_URL: "https://pay.example",
};

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
  it("reads METRICS_PORT, none by default, and refuses the public port for it", () => {
    expect(loadConfig({ CASHIER_ENCRYPTION_KEY: key }).metricsPort).toBeNull();
    expect(loadConfig({ CASHIER_ENCRYPTION_KEY: key, METRICS_PORT: "9464" }).metricsPort).toBe(9464);
    expect(problems({ CASHIER_ENCRYPTION_KEY: key, PORT: "8080", METRICS_PORT: "8080" })).toEqual([
      "METRICS_PORT: must differ from PORT (metrics are never served on the public port)",
    ]);
    expect(problems({ CASHIER_ENCRYPTION_KEY: key, METRICS_PORT: "70000" })[0]).toMatch(/^METRICS_PORT: /);
  });

  it("reads the PostgreSQL pool's size and mode, and where migrations run", () => {
    expect(loadConfig({ CASHIER_ENCRYPTION_KEY: key })).toMatchObject({
      databasePool: { size: 10, hasNamedStatements: true },
      migrationUrl: "file:./data/cashier.db",
    });
    expect(
      loadConfig({
        CASHIER_ENCRYPTION_KEY: key,
        DATABASE_URL: "postgresql://cashier@pgbouncer:6432/cashier",
        DATABASE_POOL_SIZE: "25",
        DATABASE_POOL_MODE: "transaction",
        DATABASE_DIRECT_URL: "postgresql://cashier@10.0.0.5:5432/cashier",
      }),
    ).toMatchObject({
      databaseUrl: "postgresql://cashier@pgbouncer:6432/cashier",
      databasePool: { size: 25, hasNamedStatements: false },
      migrationUrl: "postgresql://cashier@10.0.0.5:5432/cashier",
    });
    expect(problems({ CASHIER_ENCRYPTION_KEY: key, DATABASE_DIRECT_URL: "postgresql://db/cashier" })).toEqual([
      "DATABASE_DIRECT_URL: only for PostgreSQL (DATABASE_URL is a SQLite file)",
    ]);
    expect(
      problems({ CASHIER_ENCRYPTION_KEY: key, DATABASE_URL: "postgresql://db/c", DATABASE_POOL_MODE: "transaction" }),
    ).toEqual([
      "DATABASE_DIRECT_URL: required with DATABASE_POOL_MODE=transaction (migrations must reach PostgreSQL directly)",
    ]);
    expect(problems({ CASHIER_ENCRYPTION_KEY: key, DATABASE_POOL_MODE: "statement" })[0]).toMatch(
      /^DATABASE_POOL_MODE: must be session or transaction/,
    );
  });

  it("reads OpenTelemetry's endpoint and service name, off by default", () => {
    expect(loadConfig({ CASHIER_ENCRYPTION_KEY: key }).tracing).toBeNull();
    expect(
      loadConfig({ CASHIER_ENCRYPTION_KEY: key, OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318/" }).tracing,
    ).toEqual({ tracesUrl: "http://collector:4318/v1/traces", serviceName: "cashier" });
    expect(
      loadConfig({
        CASHIER_ENCRYPTION_KEY: key,
        OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318",
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "https://tempo.example.com/otlp/v1/traces",
        OTEL_SERVICE_NAME: "cashier-sp1",
      }).tracing,
    ).toEqual({ tracesUrl: "https://tempo.example.com/otlp/v1/traces", serviceName: "cashier-sp1" });
    expect(problems({ CASHIER_ENCRYPTION_KEY: key, OTEL_EXPORTER_OTLP_ENDPOINT: "collector:4318" })[0]).toMatch(
      /^OTEL_EXPORTER_OTLP_ENDPOINT: /,
    );
  });

  it("reads where operator alerts go, each channel whole or refused", () => {
    const secret = "s".repeat(32);
    expect(loadConfig({ CASHIER_ENCRYPTION_KEY: key })).toMatchObject({
      email: null,
      alerts: { webhook: null, emailTo: null },
    });
    expect(
      loadConfig({
        CASHIER_ENCRYPTION_KEY: key,
        PUBLIC_BASE_URL: "https://pay.example.com.br",
        ALERT_WEBHOOK_URL: "https://hooks.slack.com/services/T/B/x",
        ALERT_WEBHOOK_SECRET: secret,
        SMTP_URL: "smtps://alerts:pw@smtp.example.com:465",
        ALERT_EMAIL_TO: " ops@example.com ,oncall@example.com",
      }),
    ).toMatchObject({
      email: { smtpUrl: "smtps://alerts:pw@smtp.example.com:465", from: "cashier@pay.example.com.br" },
      alerts: {
        webhook: { url: "https://hooks.slack.com/services/T/B/x", secret },
        emailTo: ["ops@example.com", "oncall@example.com"],
      },
    });
    expect(problems({ CASHIER_ENCRYPTION_KEY: key, ALERT_WEBHOOK_URL: "https://hooks.example.com/a" })).toEqual([
      "ALERT_WEBHOOK_SECRET: required with ALERT_WEBHOOK_URL (receivers check the signature it makes)",
    ]);
    expect(problems({ CASHIER_ENCRYPTION_KEY: key, ALERT_EMAIL_TO: "ops@example.com" })).toEqual([
      "SMTP_URL: required with ALERT_EMAIL_TO (the server that sends the e-mails)",
    ]);
    expect(problems({ CASHIER_ENCRYPTION_KEY: key, ALERT_WEBHOOK_SECRET: "short" })[0]).toMatch(
      /^ALERT_WEBHOOK_SECRET: must be at least 32 characters/,
    );
    expect(problems({ CASHIER_ENCRYPTION_KEY: key, SMTP_URL: "http://smtp.example.com" })[0]).toMatch(
      /^SMTP_URL: must be an smtp/,
    );
    expect(problems({ CASHIER_ENCRYPTION_KEY: key, ALERT_EMAIL_TO: "ops@example.com, nobody" })[0]).toMatch(
      /^ALERT_EMAIL_TO: "nobody" is not an e-mail address/,
    );
  });

  it("reads the rate limits, their Redis, the trusted proxies and the request timeouts", () => {
    const defaults = loadConfig({ CASHIER_ENCRYPTION_KEY: key });
    expect(defaults).toMatchObject({
      redisUrl: null,
      trustedProxies: [],
      rateLimits: { tokenFailures: 100, pages: 600, requests: 60_000 },
      http: { headersTimeoutMs: 10_000, requestTimeoutMs: 10_000 },
    });
    const set = loadConfig({
      CASHIER_ENCRYPTION_KEY: key,
      REDIS_URL: "redis://127.0.0.1:6379",
      TRUSTED_PROXIES: "10.0.0.0/8, 127.0.0.1",
      RATE_LIMIT_PAGES: "30",
    });
    expect(set).toMatchObject({
      redisUrl: "redis://127.0.0.1:6379",
      trustedProxies: ["10.0.0.0/8", "127.0.0.1"],
      rateLimits: { pages: 30 },
    });
    expect(problems({ CASHIER_ENCRYPTION_KEY: key, TRUSTED_PROXIES: "10.0.0.0/8,proxy.internal" })).toEqual([
      'TRUSTED_PROXIES: "proxy.internal" is not an IP address or CIDR range',
    ]);
    expect(problems({ CASHIER_ENCRYPTION_KEY: key, REDIS_URL: "http://x" })[0]).toMatch(/^REDIS_URL: must be a redis/);
    expect(problems({ CASHIER_ENCRYPTION_KEY: key, RATE_LIMIT_REQUESTS: "0" })[0]).toMatch(/^RATE_LIMIT_REQUESTS: /);
  });

  it("reads the console's sign-in throttle, session lifetimes and setup links, and refuses an idle lifetime longer than the absolute one", () => {
    expect(loadConfig({ CASHIER_ENCRYPTION_KEY: key }).console).toEqual({
      loginFailures: 10,
      accountLoginFailures: 20,
      accountTotalLoginFailures: 50,
      loginWindowSeconds: 900,
      sessionIdleSeconds: 1800,
      sessionAbsoluteSeconds: 43_200,
      setupLinkSeconds: 86_400,
    });
    expect(
      loadConfig({
        CASHIER_ENCRYPTION_KEY: key,
        CONSOLE_SESSION_IDLE_MINUTES: "60",
        CONSOLE_SESSION_ABSOLUTE_HOURS: "1",
      }).console,
    ).toMatchObject({ sessionIdleSeconds: 3600, sessionAbsoluteSeconds: 3600 });
    expect(
      problems({
        CASHIER_ENCRYPTION_KEY: key,
        CONSOLE_SESSION_IDLE_MINUTES: "61",
        CONSOLE_SESSION_ABSOLUTE_HOURS: "1",
      }),
    ).toEqual(["CONSOLE_SESSION_IDLE_MINUTES: must not be longer than CONSOLE_SESSION_ABSOLUTE_HOURS"]);
    expect(problems({ CASHIER_ENCRYPTION_KEY: key, CONSOLE_LOGIN_FAILURES: "0" })[0]).toMatch(
      /^CONSOLE_LOGIN_FAILURES: /,
    );
    expect(
      loadConfig({ CASHIER_ENCRYPTION_KEY: key, CONSOLE_LOGIN_ACCOUNT_FAILURES: "50" }).console.accountLoginFailures,
    ).toBe(50);
    expect(problems({ CASHIER_ENCRYPTION_KEY: key, CONSOLE_LOGIN_ACCOUNT_FAILURES: "0" })[0]).toMatch(
      /^CONSOLE_LOGIN_ACCOUNT_FAILURES: /,
    );
    expect(
      loadConfig({ CASHIER_ENCRYPTION_KEY: key, CONSOLE_LOGIN_ACCOUNT_TOTAL_FAILURES: "80" }).console
        .accountTotalLoginFailures,
    ).toBe(80);
    expect(problems({ CASHIER_ENCRYPTION_KEY: key, CONSOLE_LOGIN_ACCOUNT_TOTAL_FAILURES: "0" })[0]).toMatch(
      /^CONSOLE_LOGIN_ACCOUNT_TOTAL_FAILURES: /,
    );
  });

  it("binds to every interface unless HOST names one, and counts the PSP webhook per address", () => {
    expect(loadConfig({ CASHIER_ENCRYPTION_KEY: key })).toMatchObject({ host: null, rateLimits: { pspWebhook: 600 } });
    expect(loadConfig({ CASHIER_ENCRYPTION_KEY: key, HOST: "127.0.0.1", RATE_LIMIT_PSP_WEBHOOK: "60" })).toMatchObject({
      host: "127.0.0.1",
      rateLimits: { pspWebhook: 60 },
    });
    expect(problems({ CASHIER_ENCRYPTION_KEY: key, HOST: "localhost" })[0]).toMatch(/^HOST: must be an IP address/);
    expect(problems({ CASHIER_ENCRYPTION_KEY: key, HOST: "10.0.0.0/8" })[0]).toMatch(/^HOST: must be an IP address/);
  });

  it("runs one server process per core unless WEB_CONCURRENCY says otherwise", () => {
    expect(loadConfig({ CASHIER_ENCRYPTION_KEY: key }).http.workers).toBe(availableParallelism());
    expect(loadConfig({ CASHIER_ENCRYPTION_KEY: key, WEB_CONCURRENCY: "3" }).http.workers).toBe(3);
    expect(problems({ CASHIER_ENCRYPTION_KEY: key, WEB_CONCURRENCY: "0" })).toEqual([
      "WEB_CONCURRENCY: must be at least 1 process",
    ]);
    expect(problems({ CASHIER_ENCRYPTION_KEY: key, WEB_CONCURRENCY: "two" })[0]).toMatch(/^WEB_CONCURRENCY: /);
  });

  it("lets CASHIER_ROLE set which background jobs run, refusing a switch that contradicts it", () => {
    const jobsOf = (env: Record<string, string>) => {
      const config = loadConfig({ CASHIER_ENCRYPTION_KEY: key, ...env });
      return [config.role, config.callbacks.runWorkerInServer, config.reconcile.runInServer];
    };
    expect(jobsOf({})).toEqual(["all", true, true]);
    expect(jobsOf({ CASHIER_ROLE: "api" })).toEqual(["api", false, false]);
    expect(jobsOf({ CASHIER_ROLE: "api", CALLBACK_WORKER: "false" })).toEqual(["api", false, false]);
    expect(jobsOf({ CASHIER_ROLE: "worker", RECONCILE_WORKER: "false" })).toEqual(["worker", true, false]);
    expect(jobsOf({ CALLBACK_WORKER: "false" })).toEqual(["all", false, true]);
    expect(problems({ CASHIER_ENCRYPTION_KEY: key, CASHIER_ROLE: "api", CALLBACK_WORKER: "true" })).toEqual([
      "CALLBACK_WORKER: cannot be true with CASHIER_ROLE=api (an api instance runs no background job)",
    ]);
    expect(
      problems({
        CASHIER_ENCRYPTION_KEY: key,
        CASHIER_ROLE: "worker",
        CALLBACK_WORKER: "0",
        RECONCILE_WORKER: "false",
      }),
    ).toEqual([
      "CASHIER_ROLE: a worker instance with CALLBACK_WORKER=false and RECONCILE_WORKER=false has nothing to do",
    ]);
    expect(problems({ CASHIER_ENCRYPTION_KEY: key, CASHIER_ROLE: "web" })).toEqual([
      "CASHIER_ROLE: must be api, worker or all",
    ]);
  });

  it("runs a worker instance in one process unless WEB_CONCURRENCY says otherwise", () => {
    expect(loadConfig({ CASHIER_ENCRYPTION_KEY: key, CASHIER_ROLE: "worker" }).http.workers).toBe(1);
    expect(loadConfig({ CASHIER_ENCRYPTION_KEY: key, CASHIER_ROLE: "worker", WEB_CONCURRENCY: "2" }).http.workers).toBe(
      2,
    );
  });

  it("defaults to SQLite under data/ on port 3000", () => {
    const config = loadConfig({ CASHIER_ENCRYPTION_KEY: key });
    expect(config.databaseUrl).toBe("file:./data/cashier.db");
    expect(config.port).toBe(3000);
    expect(config.publicBaseUrl).toBe("http://localhost:3000");
    expect(config.encryptionKeys.current.key).toEqual(Buffer.from(key, "hex"));
    expect(config.encryptionKeys.previous).toEqual([]);
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
    const withPixKey = {
      CASHIER_ENV: "production",
      CASHIER_ENCRYPTION_KEY: key,
      PIX_KEY: "pagamentos@cashier.example",
    };
    expect(problems(withPixKey)[0]).toMatch(/^PUBLIC_BASE_URL: required/);
    expect(loadConfig({ ...withPixKey, PUBLIC_BASE_URL: "https://pay.example" }).isProduction).toBe(true);
    expect(problems({ ...withPixKey, PUBLIC_BASE_URL: "http://pay.example" })).toEqual([
      "PUBLIC_BASE_URL: must be https:// in production (payment links carry their token in the URL)",
    ]);
    expect(problems({ ...withPixKey, PUBLIC_BASE_URL: "http://localhost:3000" })[0]).toMatch(
      /^PUBLIC_BASE_URL: must be https/,
    );
    expect(problems({ ...withPixKey, PUBLIC_BASE_URL: "HTTP://pay.example" })[0]).toMatch(
      /^PUBLIC_BASE_URL: must be https/,
    );
    expect(loadConfig({ ...withPixKey, PUBLIC_BASE_URL: "HTTPS://Pay.Example:443/" }).publicBaseUrl).toBe(
      "https://pay.example",
    );
    // Outside production a local http address is what npm start uses.
    expect(loadConfig({ CASHIER_ENCRYPTION_KEY: key, PUBLIC_BASE_URL: "http://localhost:3000" }).publicBaseUrl).toBe(
      "http://localhost:3000",
    );
  });

  it("seeds the demo merchant outside production only, and refuses to be told otherwise", () => {
    expect(loadConfig(production).seedDemo).toBe(false);
    expect(problems({ ...production, CASHIER_SEED_DEMO: "true" })[0]).toMatch(
      /^CASHIER_SEED_DEMO: the sandbox demo merchant is never seeded in production/,
    );
    expect(loadConfig({ ...production, CASHIER_SEED_DEMO: "false" }).seedDemo).toBe(false);
    expect(loadConfig({ CASHIER_ENCRYPTION_KEY: key }).seedDemo).toBe(true);
    expect(loadConfig({ CASHIER_ENCRYPTION_KEY: key, CASHIER_SEED_DEMO: "false" }).seedDemo).toBe(false);
  });

  it("checks the Pix settings", () => {
    expect(problems({ CASHIER_ENCRYPTION_KEY: key, PIX_KEY: "not a key" })[0]).toMatch(/^PIX_KEY: not a valid Pix key/);
    expect(problems({ CASHIER_ENCRYPTION_KEY: key, PIX_MERCHANT_NAME: "x".repeat(26) })[0]).toMatch(
      /^PIX_MERCHANT_NAME: must be at most 25/,
    );
    expect(problems({ CASHIER_ENCRYPTION_KEY: key, PIX_MERCHANT_CITY: "x".repeat(16) })[0]).toMatch(
      /^PIX_MERCHANT_CITY: must be at most 15/,
    );
    expect(loadConfig({ CASHIER_ENCRYPTION_KEY: key, CASHIER_MAX_AMOUNT: "500.5" }).maxAmountCents).toBe(50050n);
    expect(problems({ CASHIER_ENCRYPTION_KEY: key, CASHIER_MAX_AMOUNT: "1.000,00" })[0]).toMatch(
      /^CASHIER_MAX_AMOUNT: /,
    );
  });

  it("reads the operator's contacts; production shows only those set, elsewhere the demo's fill in", () => {
    expect(loadConfig(production).operator).toEqual({
      legalName: null,
      cnpj: null,
      sacPhone: null,
      sacEmail: null,
      dpoName: null,
      dpoEmail: null,
    });
    const set = {
      OPERATOR_LEGAL_NAME: "Pagamentos Exemplo S.A.",
      OPERATOR_CNPJ: "11222333000181",
      OPERATOR_SAC_PHONE: "0800 765 4321",
      OPERATOR_SAC_EMAIL: "sac@pay.example",
      OPERATOR_DPO_NAME: "Ana Souza",
      OPERATOR_DPO_EMAIL: "dpo@pay.example",
    };
    expect(loadConfig({ ...production, ...set }).operator).toEqual({
      legalName: "Pagamentos Exemplo S.A.",
      cnpj: "11.222.333/0001-81",
      sacPhone: "0800 765 4321",
      sacEmail: "sac@pay.example",
      dpoName: "Ana Souza",
      dpoEmail: "dpo@pay.example",
    });
    expect(loadConfig({ ...production, OPERATOR_SAC_EMAIL: "sac@pay.example" }).operator).toMatchObject({
      sacEmail: "sac@pay.example",
      sacPhone: null,
    });
    const demo = loadConfig({ CASHIER_ENCRYPTION_KEY: key, OPERATOR_DPO_NAME: "Ana Souza" }).operator;
    expect(demo).toMatchObject({ cnpj: "11.222.333/0001-81", sacEmail: "sac@cashier.example", dpoName: "Ana Souza" });
    expect(
      problems({
        CASHIER_ENCRYPTION_KEY: key,
        OPERATOR_CNPJ: "11.222.333/0001-00",
        OPERATOR_SAC_PHONE: "call us",
        OPERATOR_DPO_EMAIL: "dpo",
      }),
    ).toEqual([
      "OPERATOR_CNPJ: must be a valid CNPJ, such as 11.222.333/0001-81",
      "OPERATOR_SAC_PHONE: must be a Brazilian phone number, such as 0800 123 4567 or +55 11 4004-0001",
      "OPERATOR_DPO_EMAIL: must be an e-mail address such as sac@example.com",
    ]);
  });

  it("outside production generates a key once under the data directory and reuses it", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "cashier-config-"));
    const first = loadConfig({ CASHIER_DATA_DIR: dir });
    const second = loadConfig({ CASHIER_DATA_DIR: dir });
    expect(first.encryptionKeys.current.key).toHaveLength(32);
    expect(second.encryptionKeys.current).toEqual(first.encryptionKeys.current);
    expect(readFileSync(path.join(dir, "encryption.key"), "utf8").trim()).toBe(
      first.encryptionKeys.current.key.toString("base64url"),
    );
  });

  it("accepts the key as base64", () => {
    const b64 = Buffer.alloc(32, 7).toString("base64");
    expect(loadConfig({ CASHIER_ENCRYPTION_KEY: b64 }).encryptionKeys.current.key).toEqual(Buffer.alloc(32, 7));
  });

  it("reads the previous keys, each named by its id, and names a bad one by its place", () => {
    const previous = [Buffer.alloc(32, 1), Buffer.alloc(32, 2)];
    const keys = loadConfig({
      CASHIER_ENCRYPTION_KEY: key,
      CASHIER_ENCRYPTION_PREVIOUS_KEYS: ` ${previous[0].toString("hex")}, ${previous[1].toString("base64")},${key}`,
    }).encryptionKeys;
    // The current key listed again is no previous key.
    expect(keys.previous.map((entry) => entry.key)).toEqual(previous);
    expect(keys.previous.map((entry) => entry.id)).toEqual(previous.map(keyIdOf));
    expect(keys.current.id).toMatch(/^[0-9a-f]{16}$/);
    expect(problems({ CASHIER_ENCRYPTION_KEY: key, CASHIER_ENCRYPTION_PREVIOUS_KEYS: `${key},abc` })).toEqual([
      "CASHIER_ENCRYPTION_PREVIOUS_KEYS: key 2 must be 32 bytes, as 64 hex digits or base64",
    ]);
  });
});
