// The account the PIX_PSP_* variables seed: read through the api_pix kind's schema, the one check
// of a PSP's settings, each problem named by its variable and failing as the configuration does.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { generateCertificates } from "../../../test/psp-simulator/generate-certificates";
import { ConfigError, PROVIDER_ENVIRONMENT_PREFIX, envSchema, loadConfig } from "../../config/config";
import type { PspSettings } from "../api-pix/api-pix-settings";
import { listEnvironmentVariables, readEnvironmentAccount } from "./read-environment-account";

const key = "ab".repeat(32);

/** The seeded account's settings, as its adapter gets them; null without PIX_PSP_URL. */
function pspOf(env: Record<string, string>): PspSettings | null {
  return (readEnvironmentAccount(loadConfig(env))?.settings as PspSettings | undefined) ?? null;
}

function problems(env: Record<string, string>): string[] {
  try {
    pspOf(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe("the PIX_PSP_* account", () => {
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
    expect(pspOf({ CASHIER_ENCRYPTION_KEY: key })).toBeNull();
    expect(problems({ CASHIER_ENCRYPTION_KEY: key, PIX_PSP_CLIENT_ID: "cashier" })[0]).toBe(
      "PIX_PSP_URL: required when PIX_PSP_CLIENT_ID is set",
    );
  });

  it("reads the settings, the certificate files and the defaults", () => {
    const settings = pspOf(psp)!;
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
    const tuned = pspOf({
      ...psp,
      PIX_PSP_TOKEN_URL: "https://auth.psp.example/token",
      PIX_PSP_RECONCILE_SECONDS: "5",
      PIX_PSP_TIMEOUT_SECONDS: "3",
      PIX_PSP_WEBHOOK_SECRET: "w".repeat(16),
    })!;
    expect(tuned).toMatchObject({
      tokenUrl: "https://auth.psp.example/token",
      reconcileSeconds: 5,
      timeoutMs: 3000,
      webhookSecret: "w".repeat(16),
    });
  });

  it("requires the client credentials, and both halves of the certificate", () => {
    expect(problems({ CASHIER_ENCRYPTION_KEY: key, PIX_PSP_URL: "https://psp.example" })).toEqual([
      "PIX_PSP_CLIENT_ID: is required",
      "PIX_PSP_CLIENT_SECRET: is required: the token is asked for with HTTP Basic authentication",
    ]);
    expect(problems({ ...psp, PIX_PSP_KEY_FILE: "" })).toEqual([
      "PIX_PSP_KEY_FILE: is required with the certificate (give both or neither)",
    ]);
    expect(problems({ ...psp, PIX_PSP_URL: "ftp://psp.example" })[0]).toMatch(/^PIX_PSP_URL: must be an https URL/);
    expect(problems({ ...psp, PIX_PSP_WEBHOOK_SECRET: "short" })[0]).toMatch(
      /^PIX_PSP_WEBHOOK_SECRET: must be 16 to 128 letters/,
    );
    expect(problems({ ...psp, PIX_PSP_TIMEOUT_SECONDS: "0" })[0]).toMatch(/^PIX_PSP_TIMEOUT_SECONDS: /);
  });

  it("in production takes PSP notifications only with the webhook secret or a declared mTLS terminator", () => {
    const withoutSecret = { ...production, PIX_PSP_WEBHOOK_SECRET: "" };
    expect(problems(withoutSecret)).toEqual([
      "PIX_PSP_WEBHOOK_SECRET: required in production unless PIX_PSP_WEBHOOK_MTLS_TERMINATOR=true declares a proxy that verifies the PSP's certificate",
    ]);
    expect(pspOf({ ...withoutSecret, PIX_PSP_WEBHOOK_MTLS_TERMINATOR: "true" })).toMatchObject({
      webhookSecret: null,
      hasWebhookTerminator: true,
    });
    // Outside production a local simulator needs neither.
    expect(pspOf({ ...withoutSecret, CASHIER_ENV: "development" })).toMatchObject({
      webhookSecret: null,
      hasWebhookTerminator: false,
    });
  });

  it("in production requires https and mutual TLS; outside it, a plain http simulator is allowed", () => {
    expect(pspOf(production)!.clientCertificate).not.toBeNull();
    expect(problems({ ...production, PIX_PSP_URL: "http://127.0.0.1:8443" })).toEqual([
      "PIX_PSP_URL: must be https:// in production",
    ]);
    expect(problems({ ...production, PIX_PSP_TOKEN_URL: "http://127.0.0.1:8443/oauth/token" })).toEqual([
      "PIX_PSP_TOKEN_URL: must be https:// in production",
    ]);
    expect(problems({ ...production, PIX_PSP_CERT_FILE: "", PIX_PSP_KEY_FILE: "" })).toEqual([
      "PIX_PSP_CERT_FILE: is required in production (the client certificate for mutual TLS)",
      "PIX_PSP_KEY_FILE: is required in production (the client certificate's private key)",
    ]);
    const local = pspOf({
      CASHIER_ENCRYPTION_KEY: key,
      PIX_PSP_URL: "http://127.0.0.1:8443",
      PIX_PSP_CLIENT_ID: "c",
      PIX_PSP_CLIENT_SECRET: "s",
    })!;
    expect(local).toMatchObject({ baseUrl: "http://127.0.0.1:8443", clientCertificate: null, ca: null });
  });

  it("with no profile asks for its token as before: HTTP Basic, a form, no scope, nothing added to calls", () => {
    expect(pspOf(psp)).toMatchObject({
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
      pspOf({ ...psp, PIX_PSP_PROFILE: name, ...extra })!;
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
    expect(pspOf({ ...withoutSecret, PIX_PSP_PROFILE: "sicoob" })).toMatchObject({
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
    const settings = pspOf({
      ...psp,
      PIX_PSP_PROFILE: "itau",
      PIX_PSP_TOKEN_AUTH: "basic",
      PIX_PSP_TOKEN_FORMAT: "json",
      PIX_PSP_SCOPE: "  cob.write\tcob.read  ",
      PIX_PSP_HEADERS: "X-Correlation-Source: cashier; x-itau-apikey: key-{clientId}-1",
      PIX_PSP_QUERY: "?a=1&b=caf%C3%A9+bar",
      PIX_PSP_WEBHOOK_HEADERS: "x-skip-mtls-checking: true",
      PIX_PSP_WEBHOOK_QUERY: "origin={clientId}",
    })!;
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
    expect(problems({ ...psp, PIX_PSP_HEADERS: `x-a: ${keyValue}\ufffd` })).toEqual([
      "PIX_PSP_HEADERS: the value of x-a holds a character other than printable ASCII",
    ]);
    expect(problems({ ...psp, PIX_PSP_HEADERS: `x-a: ${"a".repeat(2048)}` })).toEqual([
      "PIX_PSP_HEADERS: at most 2,048 characters",
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
    const basic = "PIX_PSP_CLIENT_SECRET: is required: the token is asked for with HTTP Basic authentication";
    expect(problems(withoutSecret)).toEqual([basic]);
    expect(problems({ ...withoutSecret, PIX_PSP_PROFILE: "efi" })).toEqual([basic]);
    expect(problems({ ...withoutSecret, PIX_PSP_PROFILE: "sicoob", PIX_PSP_TOKEN_AUTH: "basic" })).toEqual([basic]);
    expect(problems({ ...withoutSecret, PIX_PSP_PROFILE: "inter" })).toEqual([
      "PIX_PSP_CLIENT_SECRET: is required by the inter profile (the PSP issues one with the client id)",
    ]);
    expect(problems({ ...withoutSecret, PIX_PSP_PROFILE: "itau" })).toEqual([
      "PIX_PSP_CLIENT_SECRET: is required by the itau profile (the PSP issues one with the client id)",
    ]);
    // Sicoob, or any PSP taking the client id in the body, knows the gateway by its certificate.
    expect(pspOf({ ...withoutSecret, PIX_PSP_TOKEN_AUTH: "body" })).toMatchObject({
      tokenAuth: "body",
      clientSecret: null,
    });
    const certificateOnly =
      "PIX_PSP_CERT_FILE: is required without a client secret: the PSP then knows the gateway by its certificate alone";
    expect(
      problems({ ...withoutSecret, PIX_PSP_PROFILE: "sicoob", PIX_PSP_CERT_FILE: "", PIX_PSP_KEY_FILE: "" }),
    ).toEqual([certificateOnly]);
    expect(
      problems({ ...withoutSecret, PIX_PSP_TOKEN_AUTH: "body", PIX_PSP_CERT_FILE: "", PIX_PSP_KEY_FILE: "" }),
    ).toEqual([certificateOnly]);
    const productionWithoutSecret = { ...production, PIX_PSP_CLIENT_SECRET: "", PIX_PSP_PROFILE: "sicoob" };
    expect(pspOf(productionWithoutSecret)).toMatchObject({ clientSecret: null });
    expect(problems({ ...productionWithoutSecret, PIX_PSP_CERT_FILE: "", PIX_PSP_KEY_FILE: "" })).toEqual([
      certificateOnly,
      "PIX_PSP_KEY_FILE: is required in production (the client certificate's private key)",
    ]);
  });

  it("refuses Banco do Brasil without its application key", () => {
    const message =
      "PIX_PSP_QUERY: the bb profile needs Banco do Brasil's application key: gw-dev-app-key=… in homologation, gw-app-key=… in production";
    expect(problems({ ...psp, PIX_PSP_PROFILE: "bb" })).toEqual([message]);
    expect(problems({ ...psp, PIX_PSP_PROFILE: "bb", PIX_PSP_QUERY: "gw-key=abc" })).toEqual([message]);
    expect(pspOf({ ...psp, PIX_PSP_PROFILE: "bb", PIX_PSP_QUERY: "gw-app-key=production-key" })!.extraQuery).toEqual({
      "gw-app-key": "production-key",
    });
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
    expect(swapped).toEqual([
      `PIX_PSP_CERT_FILE: ${certificates.clientKeyFile} is not a PEM certificate`,
      `PIX_PSP_KEY_FILE: ${certificates.clientCertFile} is not a PEM private key (or it is encrypted)`,
    ]);
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

describe("docs/operating.md's configuration table", () => {
  it("lists every PIX_PSP_* variable the account reads, and none it does not", () => {
    const guide = readFileSync(path.resolve(import.meta.dirname, "../../../docs/operating.md"), "utf8");
    const table = guide.slice(guide.indexOf("\n## Configuration\n")).split(/\n## /)[1];
    const listed = new Set(
      [...table.matchAll(/`([A-Z0-9_]+)`/g)]
        .map((match) => match[1])
        .filter((name) => name.startsWith(PROVIDER_ENVIRONMENT_PREFIX)),
    );
    const read = listEnvironmentVariables();
    expect(read.filter((name) => !listed.has(name))).toEqual([]);
    expect([...listed].filter((name) => !read.includes(name) && !Object.hasOwn(envSchema.shape, name))).toEqual([]);
  });
});
