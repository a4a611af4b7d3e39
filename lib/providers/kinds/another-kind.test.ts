// Issue 36: a kind with another shape of credential (an API key in a header, no OAuth, no
// certificate) is one folder, test/fixtures/api-key-kind: declared there, it is taken by
// `provider add`'s schema, described for the CLI, and opened and built by its own declaration.
import { describe, expect, it } from "vitest";
import { apiKeyKind } from "../../../test/fixtures/api-key-kind/kind";
import { buildAddProviderAccountSchema } from "../accounts/schemas";
import { describeKindSettings, groupKindsBySettings } from "./describe-kind-settings";
import { PROVIDER_KINDS, findProviderKind } from "./provider-kinds";

const kinds = [...PROVIDER_KINDS, apiKeyKind];
const schema = buildAddProviderAccountSchema(kinds);
const API_KEY = "key_0123456789abcdefghijklmn";
const account = {
  kind: "api_key_psp",
  label: "PSP por chave",
  url: "https://api.key-psp.example/v1/",
  apiKey: API_KEY,
  pixKey: "pagamentos@loja.example",
  isProduction: true,
  now: new Date(),
};

function problems(input: Record<string, unknown>): Record<string, string> {
  const parsed = schema.safeParse(input);
  return parsed.success
    ? {}
    : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join("."), issue.message]));
}

describe("a kind declared in a folder of its own", () => {
  it("registers beside the built-in kinds, its flags described from its declaration", () => {
    expect(findProviderKind("api_key_psp", kinds)).toBe(apiKeyKind);
    expect(findProviderKind("api_key_psp")).toBeUndefined();
    expect(groupKindsBySettings(kinds).map((group) => group.map((kind) => kind.kind))).toEqual([
      ["api_pix", "efi"],
      ["api_key_psp"],
    ]);
    expect(describeKindSettings(apiKeyKind, "all")).toEqual([
      "--url URL",
      "--api-key-stdin",
      "[--api-key-header NAME]",
    ]);
  });

  it("is accepted by provider add's schema with its own credential, stored in its own shape", () => {
    expect(schema.parse(account)).toEqual({
      kind: "api_key_psp",
      label: "PSP por chave",
      baseUrl: "https://api.key-psp.example/v1",
      tokenUrl: "",
      clientId: "",
      profile: null,
      pixKey: "pagamentos@loja.example",
      rails: ["charges"],
      initiation: null,
      webhookSecret: null,
      secrets: { apiKey: API_KEY, headerName: "x-api-key" },
    });
  });

  it("validates its settings with its own messages, and refuses another kind's", () => {
    expect(problems({ ...account, apiKey: "short" })).toEqual({ apiKey: "must be 24 to 200 letters, digits, _ or -" });
    expect(problems({ ...account, apiKey: undefined })).toEqual({ apiKey: "is required" });
    expect(problems({ ...account, url: "http://api.key-psp.example" })).toEqual({
      url: "must be https:// in production",
    });
    expect(problems({ ...account, clientId: "cashier" })).toEqual({
      clientId: "is not a setting of api_key_psp accounts",
    });
    expect(problems({ ...account, rails: ["payouts"] })).toEqual({
      rails: "api_key_psp accounts serve charges, not payouts",
    });
    expect(problems({ ...account, receiverBranch: "0001" })).toEqual({
      receiverBranch: "api_key_psp accounts serve no payment initiation; leave it out",
    });
    // And the built-in kinds do not take its settings.
    expect(problems({ ...account, kind: "efi", clientId: "c", clientSecret: "s" })).toMatchObject({
      apiKey: "is not a setting of efi accounts",
    });
  });

  it("opens what it stored and builds its adapter, which checks the key on a notification", () => {
    const stored = schema.parse(account);
    const settings = apiKeyKind.openSettings(stored, {
      webhookSecret: null,
      hasWebhookTerminator: false,
      timeoutMs: 1000,
      reconcileSeconds: 60,
    });
    const provider = apiKeyKind.create({
      id: "pa_fixture",
      kind: "api_key_psp",
      label: stored.label,
      rails: stored.rails,
      pixKey: stored.pixKey,
      settings,
      initiation: null,
      disabledAt: null,
    });
    const notification = (headers: Record<string, string>) => ({
      url: new URL("https://gateway.example/api/psp/webhook/pa_fixture"),
      headers: new Headers(headers),
      body: {},
    });
    expect(provider.readNotification!(notification({ "x-api-key": API_KEY }))).toEqual([]);
    expect(() => provider.readNotification!(notification({ "x-api-key": "another" }))).toThrow(/API key/);
  });
});
