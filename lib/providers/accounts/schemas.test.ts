// `provider add`'s checks: each field refused with its own message, never with the secret in it;
// payment initiation's receiving account (issue 24) likewise, and the rail only with it.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { generateCertificates } from "../../../test/psp-simulator/generate-certificates";
import { addProviderAccountSchema, maskDocument } from "./schemas";

const certificates = generateCertificates();
const pem = (file: string) => readFileSync(file, "utf8");

const valid = {
  kind: "efi",
  label: "Efí homologação",
  url: "https://pix-h.api.efipay.com.br/",
  clientId: "Client_Id_abc",
  clientSecret: "Client_Secret_very_private",
  certPem: pem(certificates.clientCertFile),
  keyPem: pem(certificates.clientKeyFile),
  caPem: pem(certificates.caFile),
  pixKey: "pagamentos@loja.example",
  isProduction: true,
  now: new Date(),
};

function problems(input: Record<string, unknown>): Record<string, string> {
  const parsed = addProviderAccountSchema.safeParse(input);
  if (parsed.success) return {};
  return Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join("."), issue.message]));
}

describe("provider add's checks", () => {
  it("takes a complete efi account: its token URL, profile and rails from the kind", () => {
    const account = addProviderAccountSchema.parse(valid);
    expect(account).toMatchObject({
      baseUrl: "https://pix-h.api.efipay.com.br",
      tokenUrl: "https://pix-h.api.efipay.com.br/oauth/token",
      profile: "efi",
      rails: ["charges", "refunds", "payouts"],
      pixKey: "pagamentos@loja.example",
    });
  });

  it("normalizes the Pix key and keeps the rails asked for in their usual order", () => {
    const account = addProviderAccountSchema.parse({
      ...valid,
      pixKey: "11 99999-8888",
      rails: ["payouts", "charges"],
    });
    expect(account.pixKey).toBe("+5511999998888");
    expect(account.rails).toEqual(["charges", "payouts"]);
  });

  it("names each bad field", () => {
    expect(
      problems({
        ...valid,
        kind: "paypal",
      }),
    ).toEqual({ kind: "must be one of api_pix, efi" });
    expect(problems({ ...valid, label: "x".repeat(61) })).toEqual({ label: "must be at most 60 characters" });
    expect(problems({ ...valid, label: " " })).toEqual({ label: "is required" });
    expect(problems({ ...valid, url: "http://psp.example" })).toEqual({ url: "must be https:// in production" });
    expect(problems({ ...valid, url: "psp.example" })).toEqual({
      url: "must be an absolute URL such as https://pix.psp.example",
    });
    expect(problems({ ...valid, clientSecret: undefined })).toEqual({ clientSecret: "is required for efi accounts" });
    expect(problems({ ...valid, pixKey: "not a key" })).toEqual({
      pixKey: "is not a Pix key (CPF, CNPJ, e-mail, +55 phone or random key)",
    });
    expect(problems({ ...valid, rails: ["cards"] })).toEqual({
      rails: "cards is not a rail (charges, refunds, payouts, initiation)",
    });
    expect(problems({ ...valid, profile: "inter" })).toEqual({
      profile: "efi accounts follow the efi profile; leave it out",
    });
    expect(problems({ ...valid, webhookSecret: "short" })).toEqual({
      webhookSecret: "must be 16 to 128 letters, digits or . _ ~ -",
    });
  });

  it("keeps an efi account without a receiver on charges, refunds and payouts, with no initiation", () => {
    expect(addProviderAccountSchema.parse(valid).initiation).toBeNull();
    expect(addProviderAccountSchema.parse({ ...valid, rails: ["payouts"] })).toMatchObject({
      rails: ["payouts"],
      initiation: null,
    });
  });

  it("allows http outside production only (a simulator on the operator's machine)", () => {
    expect(problems({ ...valid, url: "http://127.0.0.1:8443", isProduction: false })).toEqual({});
  });

  it("refuses a certificate or key that is not PEM, or a key of another certificate", () => {
    expect(problems({ ...valid, certPem: "-----BEGIN CERTIFICATE-----\nnope" })).toEqual({
      certPem: "is not a PEM certificate",
    });
    expect(problems({ ...valid, keyPem: "garbage" })).toEqual({
      keyPem: "is not a PEM private key (or it is encrypted)",
    });
    expect(problems({ ...valid, keyPem: pem(certificates.serverKeyFile) })).toEqual({
      keyPem: "is not the private key of the certificate",
    });
    expect(problems({ ...valid, caPem: "nope" })).toEqual({ caPem: "is not a PEM certificate" });
    const later = new Date(Date.now() + 10 * 24 * 3600_000);
    expect(problems({ ...valid, now: later }).certPem).toMatch(/^expired on /);
  });

  it("takes an api_pix account's token URL (its API's /oauth/token by default), and a secret where its profile needs one", () => {
    const apiPix = { ...valid, kind: "api_pix", url: "https://api.psp.example/api/v2" };
    expect(addProviderAccountSchema.parse(apiPix)).toMatchObject({
      tokenUrl: "https://api.psp.example/api/v2/oauth/token",
      profile: "generic",
      rails: ["charges", "refunds"],
    });
    const withToken = { ...apiPix, tokenUrl: "https://auth.psp.example/oauth/token" };
    expect(addProviderAccountSchema.parse(withToken).tokenUrl).toBe("https://auth.psp.example/oauth/token");
    expect(problems({ ...withToken, clientSecret: undefined })).toEqual({
      clientSecret: "is required: the token is asked for with HTTP Basic authentication",
    });
    expect(problems({ ...withToken, profile: "inter", clientSecret: undefined })).toEqual({
      clientSecret: "is required by the inter profile (the PSP issues one with the client id)",
    });
    // Sicoob knows the gateway by its certificate alone.
    expect(problems({ ...withToken, profile: "sicoob", clientSecret: undefined })).toEqual({});
    expect(problems({ ...withToken, rails: ["payouts"] })).toEqual({
      rails: "api_pix accounts serve charges, refunds, not payouts",
    });
  });

  it("takes what PIX_PSP_* takes: Banco do Brasil with its application key, and the profile's overrides", () => {
    const bb = { ...valid, kind: "api_pix", url: "https://api.bb.example/pix/v2", profile: "bb" };
    expect(problems(bb).query).toMatch(/^the bb profile needs Banco do Brasil's application key/);
    const account = addProviderAccountSchema.parse({
      ...bb,
      query: "gw-dev-app-key=app-key-0123",
      headers: "x-trace: cashier",
      tokenFormat: "json",
    });
    expect(account).toMatchObject({
      profile: "bb",
      secrets: { overrides: { query: { "gw-dev-app-key": "app-key-0123" } } },
    });
    expect(problems({ ...bb, query: "gw-dev-app-key=x", headers: "Authorization: Basic x" })).toEqual({
      headers: "authorization is set by the gateway itself and cannot be overridden",
    });
    expect(problems({ ...valid, apiKey: "k" })).toEqual({ apiKey: "is not a setting of efi accounts" });
  });

  it("never puts a secret, a certificate or a key in a message", () => {
    const parsed = addProviderAccountSchema.safeParse({
      ...valid,
      clientSecret: "",
      keyPem: pem(certificates.serverKeyFile),
      webhookSecret: "bad secret with spaces",
    });
    expect(parsed.success).toBe(false);
    const text = JSON.stringify(parsed.error?.issues);
    expect(text).not.toContain("bad secret");
    expect(text).not.toContain("PRIVATE KEY");
  });
});

// A receiving account at Efí: a valid CNPJ (11.444.777/0001-61) and a valid CPF (123.456.789-09).
const receiver = {
  receiverBranch: "0001",
  receiverAccount: "65498-4",
  receiverAccountType: "cacc",
  receiverDocument: "11.444.777/0001-61",
  receiverName: "Loja Exemplo Ltda",
};

describe("provider add's initiation settings", () => {
  it("serves initiation with the receiving account: Efí's ISPB and Open Finance API by default", () => {
    const account = addProviderAccountSchema.parse({ ...valid, ...receiver });
    expect(account.rails).toEqual(["charges", "refunds", "payouts", "initiation"]);
    expect(account.initiation).toEqual({
      baseUrl: "https://openfinance-h.api.efipay.com.br/v1",
      receiver: {
        ispb: "09089356",
        branch: "0001",
        account: "654984",
        accountType: "CACC",
        document: "11444777000161",
        name: "Loja Exemplo Ltda",
      },
    });
    const production = addProviderAccountSchema.parse({ ...valid, ...receiver, url: "https://pix.api.efipay.com.br" });
    expect(production.initiation?.baseUrl).toBe("https://openfinance.api.efipay.com.br/v1");
  });

  it("takes another institution, a CPF, the initiation rail alone and a named API", () => {
    const account = addProviderAccountSchema.parse({
      ...valid,
      ...receiver,
      url: "http://127.0.0.1:8443",
      isProduction: false,
      initiationUrl: "http://127.0.0.1:8444/v1/",
      receiverIspb: "00000000",
      receiverDocument: "123.456.789-09",
      receiverAccountType: "SVGS",
      rails: ["initiation"],
    });
    expect(account.rails).toEqual(["initiation"]);
    expect(account.initiation).toMatchObject({
      baseUrl: "http://127.0.0.1:8444/v1",
      receiver: { ispb: "00000000", document: "12345678909", accountType: "SVGS" },
    });
  });

  it("refuses the initiation rail without the receiving account", () => {
    expect(problems({ ...valid, rails: ["charges", "initiation"] })).toEqual({
      receiverBranch: "is required to serve initiation",
      receiverAccount: "is required to serve initiation",
      receiverAccountType: "is required to serve initiation",
      receiverDocument: "is required to serve initiation",
      receiverName: "is required to serve initiation",
    });
    expect(problems({ ...valid, receiverName: "Loja Exemplo Ltda" })).toMatchObject({
      receiverBranch: "is required to serve initiation",
    });
    expect(problems({ ...valid, ...receiver, rails: ["charges"] })).toEqual({
      rails: "must include initiation when the receiving account is given (or leave the receiver out)",
    });
  });

  it("names each bad field of the receiving account and the API", () => {
    expect(problems({ ...valid, ...receiver, receiverIspb: "9089356" })).toEqual({
      receiverIspb: "must be the institution's ISPB, 8 digits",
    });
    expect(problems({ ...valid, ...receiver, receiverBranch: "0001-9" })).toEqual({
      receiverBranch: "must be the branch's 1 to 4 digits, without a check digit",
    });
    expect(problems({ ...valid, ...receiver, receiverAccount: "12.345-X" })).toEqual({
      receiverAccount: "must be the account number with its check digit, up to 20 digits",
    });
    expect(problems({ ...valid, ...receiver, receiverAccountType: "corrente" })).toEqual({
      receiverAccountType:
        "must be CACC (conta corrente), SVGS (poupança), TRAN (conta de pagamento) or SLRY (conta salário)",
    });
    expect(problems({ ...valid, ...receiver, receiverDocument: "123.456.789-00" })).toEqual({
      receiverDocument: "must be a valid CPF or CNPJ (the account holder's)",
    });
    expect(problems({ ...valid, ...receiver, receiverDocument: "11444777000100" })).toEqual({
      receiverDocument: "must be a valid CPF or CNPJ (the account holder's)",
    });
    expect(problems({ ...valid, ...receiver, receiverName: " " })).toEqual({
      receiverName: "is required to serve initiation",
    });
    expect(problems({ ...valid, ...receiver, receiverName: "x".repeat(141) })).toEqual({
      receiverName: "must be at most 140 characters",
    });
    expect(problems({ ...valid, ...receiver, initiationUrl: "http://openfinance.example/v1" })).toEqual({
      initiationUrl: "must be https:// in production",
    });
    expect(problems({ ...valid, ...receiver, initiationUrl: "https://openfinance.example/v1?x=1" })).toEqual({
      initiationUrl: "must not carry a query or a fragment",
    });
  });

  it("wants the initiator's API where it cannot be derived from the url", () => {
    expect(problems({ ...valid, ...receiver, url: "https://pix.psp.example" })).toEqual({
      initiationUrl: "is required: no Open Finance API is known for this url; name the initiator's",
    });
  });

  it("refuses the settings for a kind that serves no initiation", () => {
    const apiPix = {
      ...valid,
      kind: "api_pix",
      url: "https://api.psp.example/api/v2",
      tokenUrl: "https://auth.psp.example/oauth/token",
    };
    expect(problems({ ...apiPix, ...receiver })).toEqual({
      receiverBranch: "api_pix accounts serve no payment initiation; leave it out",
    });
    expect(problems({ ...apiPix, rails: ["initiation"] })).toEqual({
      rails: "api_pix accounts serve charges, refunds, not initiation",
    });
  });

  it("masks the holder's document for the tools", () => {
    expect(maskDocument("12345678909")).toBe("***.456.789-**");
    expect(maskDocument("11444777000161")).toBe("**.444.777/0001-**");
  });
});
