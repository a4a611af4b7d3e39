import { mkdtempSync, readFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { generateCertificates } from "../../test/psp-simulator/generate-certificates";
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
    expect(first.encryptionKey).toHaveLength(32);
    expect(second.encryptionKey).toEqual(first.encryptionKey);
    expect(readFileSync(path.join(dir, "encryption.key"), "utf8").trim()).toBe(
      first.encryptionKey.toString("base64url"),
    );
  });

  it("accepts the key as base64", () => {
    const b64 = Buffer.alloc(32, 7).toString("base64");
    expect(loadConfig({ CASHIER_ENCRYPTION_KEY: b64 }).encryptionKey).toEqual(Buffer.alloc(32, 7));
  });
});

describe("loadConfig: the PSP", () => {
  const certificates = generateCertificates();
  const psp = {
    CASHIER_ENCRYPTION_KEY: key,
    PIX_PSP_URL: "https://psp.example/api/v2/",
    PIX_PSP_CLIENT_ID: "cashier",
    PIX_PSP_CLIENT_SECRET: "client-secret-never-shown",
    PIX_PSP_CERT_FILE: certificates.clientCertFile,
    PIX_PSP_KEY_FILE: certificates.clientKeyFile,
    PIX_PSP_CA_FILE: certificates.caFile,
  };
  const production = {
    ...psp,
    CASHIER_ENV: "production",
    PIX_KEY: "pagamentos@cashier.example",
    PUBLIC_BASE_URL: "https://pay.example",
    PIX_PSP_WEBHOOK_SECRET: "w".repeat(16),
  };

  it("is absent unless PIX_PSP_URL is set, and a lone PSP variable is a mistake", () => {
    expect(loadConfig({ CASHIER_ENCRYPTION_KEY: key }).psp).toBeNull();
    expect(problems({ CASHIER_ENCRYPTION_KEY: key, PIX_PSP_CLIENT_ID: "cashier" })[0]).toBe(
      "PIX_PSP_URL: required when PIX_PSP_CLIENT_ID is set",
    );
  });

  it("reads the settings, the certificate files and the defaults", () => {
    const settings = loadConfig(psp).psp!;
    expect(settings.baseUrl).toBe("https://psp.example/api/v2");
    expect(settings.tokenUrl).toBe("https://psp.example/api/v2/oauth/token");
    expect(settings.clientCertificate!.cert).toEqual(readFileSync(certificates.clientCertFile));
    expect(settings.clientCertificate!.key).toEqual(readFileSync(certificates.clientKeyFile));
    expect(settings.ca).toEqual(readFileSync(certificates.caFile));
    expect(settings).toMatchObject({
      clientId: "cashier",
      webhookSecret: null,
      reconcileSeconds: 60,
      timeoutMs: 10_000,
    });
    const tuned = loadConfig({
      ...psp,
      PIX_PSP_TOKEN_URL: "https://auth.psp.example/token",
      PIX_PSP_RECONCILE_SECONDS: "5",
      PIX_PSP_TIMEOUT_SECONDS: "3",
      PIX_PSP_WEBHOOK_SECRET: "w".repeat(16),
    }).psp!;
    expect(tuned).toMatchObject({
      tokenUrl: "https://auth.psp.example/token",
      reconcileSeconds: 5,
      timeoutMs: 3000,
      webhookSecret: "w".repeat(16),
    });
  });

  it("requires the client credentials, and both halves of the certificate", () => {
    expect(problems({ CASHIER_ENCRYPTION_KEY: key, PIX_PSP_URL: "https://psp.example" })).toEqual([
      "PIX_PSP_CLIENT_ID: required when PIX_PSP_URL is set",
      "PIX_PSP_CLIENT_SECRET: required when PIX_PSP_URL is set (the token is asked for with HTTP Basic authentication)",
    ]);
    expect(problems({ ...psp, PIX_PSP_KEY_FILE: "" })).toEqual([
      "PIX_PSP_CERT_FILE, PIX_PSP_KEY_FILE: set both or neither",
    ]);
    expect(problems({ ...psp, PIX_PSP_URL: "ftp://psp.example" })[0]).toMatch(/^PIX_PSP_URL: must be an http\(s\) URL/);
    expect(problems({ ...psp, PIX_PSP_WEBHOOK_SECRET: "short" })[0]).toMatch(
      /^PIX_PSP_WEBHOOK_SECRET: must be at least 16/,
    );
    expect(problems({ ...psp, PIX_PSP_TIMEOUT_SECONDS: "0" })[0]).toMatch(/^PIX_PSP_TIMEOUT_SECONDS: /);
  });

  it("in production takes PSP notifications only with the webhook secret or a declared mTLS terminator", () => {
    const withoutSecret = { ...production, PIX_PSP_WEBHOOK_SECRET: "" };
    expect(problems(withoutSecret)).toEqual([
      "PIX_PSP_WEBHOOK_SECRET: required in production unless PIX_PSP_WEBHOOK_MTLS_TERMINATOR=true declares a proxy that verifies the PSP's certificate",
    ]);
    expect(loadConfig({ ...withoutSecret, PIX_PSP_WEBHOOK_MTLS_TERMINATOR: "true" }).psp).toMatchObject({
      webhookSecret: null,
      hasWebhookTerminator: true,
    });
    // Outside production a local simulator needs neither.
    expect(loadConfig({ ...withoutSecret, CASHIER_ENV: "development" }).psp).toMatchObject({
      webhookSecret: null,
      hasWebhookTerminator: false,
    });
  });

  it("in production requires https and mutual TLS; outside it, a plain http simulator is allowed", () => {
    expect(loadConfig(production).psp!.clientCertificate).not.toBeNull();
    expect(problems({ ...production, PIX_PSP_URL: "http://127.0.0.1:8443" })).toEqual([
      "PIX_PSP_URL: must be https:// in production",
      "PIX_PSP_TOKEN_URL: must be https:// in production",
    ]);
    expect(problems({ ...production, PIX_PSP_CERT_FILE: "", PIX_PSP_KEY_FILE: "" })).toEqual([
      "PIX_PSP_CERT_FILE: required in production (the client certificate for mutual TLS)",
      "PIX_PSP_KEY_FILE: required in production (the client certificate's private key)",
    ]);
    const local = loadConfig({
      CASHIER_ENCRYPTION_KEY: key,
      PIX_PSP_URL: "http://127.0.0.1:8443",
      PIX_PSP_CLIENT_ID: "c",
      PIX_PSP_CLIENT_SECRET: "s",
    }).psp!;
    expect(local).toMatchObject({ baseUrl: "http://127.0.0.1:8443", clientCertificate: null, ca: null });
  });

  it("with no profile asks for its token as before: HTTP Basic, a form, no scope, nothing added to calls", () => {
    expect(loadConfig(psp).psp).toMatchObject({
      profile: "generic",
      tokenAuth: "basic",
      tokenFormat: "form",
      scope: null,
      clientSecret: "client-secret-never-shown",
      extraHeaders: {},
      extraQuery: {},
      webhookHeaders: {},
      webhookQuery: {},
    });
  });

  it("takes each PSP profile's defaults", () => {
    const apiPixScope = "cob.read cob.write pix.read pix.write webhook.read webhook.write";
    const profile = (name: string, extra: Record<string, string> = {}) =>
      loadConfig({ ...psp, PIX_PSP_PROFILE: name, ...extra }).psp!;
    expect(profile("bb", { PIX_PSP_QUERY: "gw-dev-app-key=dev-app-key-0123" })).toMatchObject({
      tokenAuth: "basic",
      tokenFormat: "form",
      scope: apiPixScope,
      extraHeaders: {},
      extraQuery: { "gw-dev-app-key": "dev-app-key-0123" },
    });
    expect(profile("inter")).toMatchObject({
      tokenAuth: "body",
      tokenFormat: "form",
      scope: apiPixScope,
      extraHeaders: {},
      extraQuery: {},
    });
    // An empty variable is an unset one, as in a .env file.
    const withoutSecret = { ...psp, PIX_PSP_CLIENT_SECRET: "" };
    expect(loadConfig({ ...withoutSecret, PIX_PSP_PROFILE: "sicoob" }).psp).toMatchObject({
      tokenAuth: "body",
      tokenFormat: "form",
      scope: apiPixScope,
      clientSecret: null,
      extraHeaders: { client_id: "cashier" },
    });
    expect(profile("santander")).toMatchObject({
      tokenAuth: "body",
      tokenFormat: "form",
      scope: null,
      extraHeaders: {},
    });
    expect(profile("itau")).toMatchObject({
      tokenAuth: "body",
      tokenFormat: "form",
      scope: null,
      extraHeaders: { "x-itau-apikey": "cashier" },
    });
    expect(profile("efi")).toMatchObject({
      tokenAuth: "basic",
      tokenFormat: "json",
      scope: null,
      extraHeaders: {},
      webhookHeaders: {},
    });
    expect(problems({ ...psp, PIX_PSP_PROFILE: "nubank" })[0]).toMatch(/^PIX_PSP_PROFILE: /);
  });

  it("lets each variable override its part of the profile; headers merge by name", () => {
    const settings = loadConfig({
      ...psp,
      PIX_PSP_PROFILE: "itau",
      PIX_PSP_TOKEN_AUTH: "basic",
      PIX_PSP_TOKEN_FORMAT: "json",
      PIX_PSP_SCOPE: "  cob.write\tcob.read  ",
      PIX_PSP_HEADERS: "X-Correlation-Source: cashier; x-itau-apikey: key-{clientId}-1",
      PIX_PSP_QUERY: "?a=1&b=caf%C3%A9+bar",
      PIX_PSP_WEBHOOK_HEADERS: "x-skip-mtls-checking: true",
      PIX_PSP_WEBHOOK_QUERY: "origin={clientId}",
    }).psp!;
    expect(settings).toMatchObject({
      profile: "itau",
      tokenAuth: "basic",
      tokenFormat: "json",
      scope: "cob.write cob.read",
      extraHeaders: { "x-correlation-source": "cashier", "x-itau-apikey": "key-cashier-1" },
      extraQuery: { a: "1", b: "café bar" },
      webhookHeaders: { "x-skip-mtls-checking": "true" },
      webhookQuery: { origin: "cashier" },
    });
  });

  it("names the variable and the reason for a bad header or query list, never its values", () => {
    const keyValue = "secret-app-key-value";
    expect(problems({ ...psp, PIX_PSP_HEADERS: `x-ok: 1; ${keyValue}` })).toEqual([
      'PIX_PSP_HEADERS: pair 2 is not "Name: value" (pairs are separated by ;)',
    ]);
    expect(problems({ ...psp, PIX_PSP_HEADERS: `bad name: ${keyValue}` })).toEqual([
      'PIX_PSP_HEADERS: pair 1 is not "Name: value" (pairs are separated by ;)',
    ]);
    expect(problems({ ...psp, PIX_PSP_HEADERS: "x-empty:" })).toEqual([
      'PIX_PSP_HEADERS: pair 1 is not "Name: value" (pairs are separated by ;)',
    ]);
    expect(problems({ ...psp, PIX_PSP_HEADERS: `Authorization: Bearer ${keyValue}` })).toEqual([
      "PIX_PSP_HEADERS: authorization is set by the gateway itself and cannot be overridden",
    ]);
    expect(problems({ ...psp, PIX_PSP_WEBHOOK_HEADERS: "Content-Type: text/plain" })).toEqual([
      "PIX_PSP_WEBHOOK_HEADERS: content-type is set by the gateway itself and cannot be overridden",
    ]);
    expect(problems({ ...psp, PIX_PSP_HEADERS: "x-a: 1; X-A: 2" })).toEqual(["PIX_PSP_HEADERS: x-a is given twice"]);
    expect(problems({ ...psp, PIX_PSP_HEADERS: `x-a: ${keyValue}\u0007` })).toEqual([
      "PIX_PSP_HEADERS: the value of x-a holds a control character",
    ]);
    expect(problems({ ...psp, PIX_PSP_QUERY: `gw-dev-app-key=${keyValue}&flag` })).toEqual([
      "PIX_PSP_QUERY: parameter 2 is not name=value (parameters are separated by &)",
    ]);
    expect(problems({ ...psp, PIX_PSP_QUERY: `=${keyValue}` })).toEqual([
      "PIX_PSP_QUERY: parameter 1 is not name=value (parameters are separated by &)",
    ]);
    expect(problems({ ...psp, PIX_PSP_WEBHOOK_QUERY: "a=1&a=2" })).toEqual(["PIX_PSP_WEBHOOK_QUERY: a is given twice"]);
    expect(problems({ ...psp, PIX_PSP_SCOPE: 'cob.read "pix"' })).toEqual([
      "PIX_PSP_SCOPE: must be scope names separated by spaces",
    ]);
    expect(problems({ ...psp, PIX_PSP_TOKEN_AUTH: "header" })[0]).toMatch(/^PIX_PSP_TOKEN_AUTH: /);
    expect(problems({ ...psp, PIX_PSP_TOKEN_FORMAT: "xml" })[0]).toMatch(/^PIX_PSP_TOKEN_FORMAT: /);
  });

  it("refuses a missing secret where the token authentication or the PSP needs one; without one it needs the certificate", () => {
    // An empty variable is an unset one, as in a .env file.
    const withoutSecret = { ...psp, PIX_PSP_CLIENT_SECRET: "" };
    const basic =
      "PIX_PSP_CLIENT_SECRET: required when PIX_PSP_URL is set (the token is asked for with HTTP Basic authentication)";
    expect(problems(withoutSecret)).toEqual([basic]);
    expect(problems({ ...withoutSecret, PIX_PSP_PROFILE: "efi" })).toEqual([basic]);
    expect(problems({ ...withoutSecret, PIX_PSP_PROFILE: "sicoob", PIX_PSP_TOKEN_AUTH: "basic" })).toEqual([basic]);
    expect(problems({ ...withoutSecret, PIX_PSP_PROFILE: "inter" })).toEqual([
      "PIX_PSP_CLIENT_SECRET: required by the inter profile (the PSP issues one with the client id)",
    ]);
    expect(problems({ ...withoutSecret, PIX_PSP_PROFILE: "itau" })).toEqual([
      "PIX_PSP_CLIENT_SECRET: required by the itau profile (the PSP issues one with the client id)",
    ]);
    // Sicoob, or any PSP taking the client id in the body, knows the gateway by its certificate.
    expect(loadConfig({ ...withoutSecret, PIX_PSP_TOKEN_AUTH: "body" }).psp).toMatchObject({
      tokenAuth: "body",
      clientSecret: null,
    });
    const certificateOnly =
      "PIX_PSP_CERT_FILE: required without PIX_PSP_CLIENT_SECRET, as the PSP then knows the gateway by its client certificate alone (set PIX_PSP_CERT_FILE and PIX_PSP_KEY_FILE)";
    expect(
      problems({ ...withoutSecret, PIX_PSP_PROFILE: "sicoob", PIX_PSP_CERT_FILE: "", PIX_PSP_KEY_FILE: "" }),
    ).toEqual([certificateOnly]);
    expect(
      problems({ ...withoutSecret, PIX_PSP_TOKEN_AUTH: "body", PIX_PSP_CERT_FILE: "", PIX_PSP_KEY_FILE: "" }),
    ).toEqual([certificateOnly]);
    const productionWithoutSecret = { ...production, PIX_PSP_CLIENT_SECRET: "", PIX_PSP_PROFILE: "sicoob" };
    expect(loadConfig(productionWithoutSecret).psp).toMatchObject({ clientSecret: null });
    expect(problems({ ...productionWithoutSecret, PIX_PSP_CERT_FILE: "", PIX_PSP_KEY_FILE: "" })).toEqual([
      certificateOnly,
      "PIX_PSP_KEY_FILE: required in production (the client certificate's private key)",
    ]);
  });

  it("refuses Banco do Brasil without its application key", () => {
    const message =
      "PIX_PSP_QUERY: the bb profile needs Banco do Brasil's application key: gw-dev-app-key=… in homologation, gw-app-key=… in production";
    expect(problems({ ...psp, PIX_PSP_PROFILE: "bb" })).toEqual([message]);
    expect(problems({ ...psp, PIX_PSP_PROFILE: "bb", PIX_PSP_QUERY: "gw-key=abc" })).toEqual([message]);
    expect(
      loadConfig({ ...psp, PIX_PSP_PROFILE: "bb", PIX_PSP_QUERY: "gw-app-key=production-key" }).psp!.extraQuery,
    ).toEqual({ "gw-app-key": "production-key" });
  });

  it("names every PSP variable set without PIX_PSP_URL", () => {
    expect(
      problems({
        CASHIER_ENCRYPTION_KEY: key,
        PIX_PSP_PROFILE: "bb",
        PIX_PSP_QUERY: "gw-dev-app-key=x",
        PIX_PSP_SCOPE: "cob.read",
      }),
    ).toEqual(["PIX_PSP_URL: required when PIX_PSP_PROFILE, PIX_PSP_SCOPE, PIX_PSP_QUERY is set"]);
    for (const name of [
      "PIX_PSP_TOKEN_AUTH=body",
      "PIX_PSP_TOKEN_FORMAT=json",
      "PIX_PSP_HEADERS=x-a: 1",
      "PIX_PSP_WEBHOOK_HEADERS=x-a: 1",
      "PIX_PSP_WEBHOOK_QUERY=a=1",
    ]) {
      const [variable, value] = [name.slice(0, name.indexOf("=")), name.slice(name.indexOf("=") + 1)];
      expect(problems({ CASHIER_ENCRYPTION_KEY: key, [variable]: value })).toEqual([
        `PIX_PSP_URL: required when ${variable} is set`,
      ]);
    }
  });

  it("names an unreadable or wrong file without showing its contents", () => {
    const missing = path.join(certificates.dir, "missing.pem");
    expect(problems({ ...psp, PIX_PSP_KEY_FILE: missing })).toEqual([
      `PIX_PSP_KEY_FILE: cannot read ${missing} (ENOENT)`,
    ]);
    expect(problems({ ...psp, PIX_PSP_CA_FILE: certificates.dir })).toEqual([
      `PIX_PSP_CA_FILE: cannot read ${certificates.dir} (EISDIR)`,
    ]);
    // A key given where the certificate belongs, and the other way round.
    const swapped = problems({
      ...psp,
      PIX_PSP_CERT_FILE: certificates.clientKeyFile,
      PIX_PSP_KEY_FILE: certificates.clientCertFile,
    });
    expect(swapped).toEqual([`PIX_PSP_CERT_FILE: ${certificates.clientKeyFile} is not a PEM certificate`]);
    const keyText = readFileSync(certificates.clientKeyFile, "utf8");
    const wrongKey = problems({ ...psp, PIX_PSP_KEY_FILE: certificates.clientCertFile }).join("\n");
    expect(wrongKey).toBe(
      `PIX_PSP_KEY_FILE: ${certificates.clientCertFile} is not a PEM private key (or it is encrypted)`,
    );
    for (const message of [...swapped, wrongKey]) {
      expect(message).not.toContain(keyText.split("\n")[1]);
      expect(message).not.toContain(psp.PIX_PSP_CLIENT_SECRET);
    }
  });
});
