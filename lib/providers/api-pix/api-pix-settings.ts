// The settings of an account that speaks the Central Bank's API Pix (the api_pix and efi kinds):
// OAuth 2.0 client credentials, mutual TLS and the PSP's profile (psp-profiles.ts). One schema
// checks them, whether `provider add` or the PIX_PSP_* variables give them.
import { X509Certificate, createPrivateKey } from "node:crypto";
import { z } from "zod";
import type { KindSettingField, KindSettingsContext, StoredKindSettings } from "../contract/provider-kind";
import { plainText, readUrl } from "../contract/setting-checks";
import { hasControlCharacter } from "../../text/has-control-character";
import {
  PSP_PROFILES,
  PSP_PROFILE_NAMES,
  type PspProfileName,
  type PspTokenAuth,
  type PspTokenFormat,
} from "./psp-profiles";

/** How the gateway reaches a PSP's API Pix. The secrets here are never logged nor put in errors. */
export type PspSettings = {
  /** The API Pix base URL, without a trailing slash: paths such as /cob/{txid} follow it. */
  baseUrl: string;
  /** OAuth 2.0 client-credentials token endpoint. */
  tokenUrl: string;
  clientId: string;
  /** Null where the PSP knows the gateway by its client certificate alone (Sicoob). */
  clientSecret: string | null;
  /** Which PSP's defaults the settings below started from. */
  profile: PspProfileName;
  tokenAuth: PspTokenAuth;
  tokenFormat: PspTokenFormat;
  /** Sent in the token request when not null. */
  scope: string | null;
  /** On every API Pix call, not the token call; header names in lower case, `{clientId}` replaced. */
  extraHeaders: Record<string, string>;
  extraQuery: Record<string, string>;
  /** On webhook registration only (PUT /webhook/{chave}), besides the extra ones. */
  webhookHeaders: Record<string, string>;
  webhookQuery: Record<string, string>;
  /** Mutual TLS: the gateway's client certificate and key (PEM). Required in production. */
  clientCertificate: { cert: Buffer; key: Buffer } | null;
  /** The CA that signed the PSP's server certificate, when it is not a publicly trusted one. */
  ca: Buffer | null;
  /** When set, the PSP's notifications must carry it as ?secret= in the webhook URL. */
  webhookSecret: string | null;
  /** The operator declared an mTLS terminator in front of the webhook. */
  hasWebhookTerminator: boolean;
  reconcileSeconds: number;
  timeoutMs: number;
};

/** The settings an API Pix account takes, as `provider add`'s flags and the PIX_PSP_* variables. */
export const API_PIX_FIELDS = {
  url: { flag: "url", from: "value", isRequired: true, env: "PIX_PSP_URL", placeholder: "URL" },
  tokenUrl: { flag: "token-url", from: "value", isRequired: false, env: "PIX_PSP_TOKEN_URL", placeholder: "URL" },
  profile: {
    flag: "profile",
    from: "value",
    isRequired: false,
    env: "PIX_PSP_PROFILE",
    placeholder: PSP_PROFILE_NAMES.join("|"),
  },
  clientId: { flag: "client-id", from: "value", isRequired: true, env: "PIX_PSP_CLIENT_ID", placeholder: "ID" },
  clientSecret: {
    flag: "client-secret-stdin",
    from: "stdin",
    isRequired: false,
    env: "PIX_PSP_CLIENT_SECRET",
    placeholder: "",
  },
  tokenAuth: {
    flag: "token-auth",
    from: "value",
    isRequired: false,
    env: "PIX_PSP_TOKEN_AUTH",
    placeholder: "basic|body",
  },
  tokenFormat: {
    flag: "token-format",
    from: "value",
    isRequired: false,
    env: "PIX_PSP_TOKEN_FORMAT",
    placeholder: "form|json",
  },
  scope: { flag: "scope", from: "value", isRequired: false, env: "PIX_PSP_SCOPE", placeholder: "SCOPES" },
  headers: {
    flag: "headers",
    from: "value",
    isRequired: false,
    env: "PIX_PSP_HEADERS",
    placeholder: "'NAME: VALUE; …'",
  },
  query: { flag: "query", from: "value", isRequired: false, env: "PIX_PSP_QUERY", placeholder: "NAME=VALUE&…" },
  webhookHeaders: {
    flag: "webhook-headers",
    from: "value",
    isRequired: false,
    env: "PIX_PSP_WEBHOOK_HEADERS",
    placeholder: "'NAME: VALUE; …'",
  },
  webhookQuery: {
    flag: "webhook-query",
    from: "value",
    isRequired: false,
    env: "PIX_PSP_WEBHOOK_QUERY",
    placeholder: "NAME=VALUE&…",
  },
  // A stored account always has its certificate; only the PIX_PSP_* account may go without, outside production.
  certPem: { flag: "cert-file", from: "file", isRequired: true, env: "PIX_PSP_CERT_FILE", placeholder: "FILE" },
  keyPem: { flag: "key-file", from: "file", isRequired: true, env: "PIX_PSP_KEY_FILE", placeholder: "FILE" },
  caPem: { flag: "ca-file", from: "file", isRequired: false, env: "PIX_PSP_CA_FILE", placeholder: "FILE" },
} as const satisfies Record<string, KindSettingField>;

// The gateway writes these itself: an extra one would break the token, the body or the connection.
const RESERVED_HEADERS = new Set([
  "authorization",
  "content-type",
  "content-length",
  "host",
  "connection",
  "transfer-encoding",
]);

/** `Name: value` pairs separated by `;`, such as `x-itau-apikey: {clientId}; x-other: 1`. */
const headerList = z
  .string()
  .max(2048, "at most 2,048 characters")
  .transform((text, ctx) => {
    const headers: Record<string, string> = {};
    const pairs = text
      .split(";")
      .map((pair) => pair.trim())
      .filter(Boolean);
    // The values may be keys: messages name the header or its position, never what it holds.
    pairs.forEach((pair, index) => {
      const colon = pair.indexOf(":");
      const name = pair.slice(0, Math.max(colon, 0)).trim().toLowerCase();
      const value = pair.slice(colon + 1).trim();
      if (colon === -1 || !/^[!#$%&'*+.^_`|~0-9a-z-]+$/.test(name) || value === "") {
        ctx.addIssue({ code: "custom", message: `pair ${index + 1} is not "Name: value" (pairs are separated by ;)` });
      } else if (hasControlCharacter(value)) {
        ctx.addIssue({ code: "custom", message: `the value of ${name} holds a control character` });
      } else if (/[^\x20-\x7e]/.test(value)) {
        // Node refuses to send such a header: every call to the PSP would fail, not the setting.
        ctx.addIssue({ code: "custom", message: `the value of ${name} holds a character other than printable ASCII` });
      } else if (RESERVED_HEADERS.has(name)) {
        ctx.addIssue({ code: "custom", message: `${name} is set by the gateway itself and cannot be overridden` });
      } else if (Object.hasOwn(headers, name)) {
        ctx.addIssue({ code: "custom", message: `${name} is given twice` });
      } else {
        headers[name] = value;
      }
    });
    return headers;
  });

/** A query string, such as `gw-dev-app-key=abc&x=1` (percent-encoding allowed). */
const queryList = z.string().transform((text, ctx) => {
  const query: Record<string, string> = {};
  const parts = text.replace(/^\?/, "").split("&").filter(Boolean);
  parts.forEach((part, index) => {
    const [[name, value] = ["", ""]] = new URLSearchParams(part);
    if (!part.includes("=") || name === "" || value === "") {
      ctx.addIssue({
        code: "custom",
        message: `parameter ${index + 1} is not name=value (parameters are separated by &)`,
      });
    } else if (Object.hasOwn(query, name)) {
      ctx.addIssue({ code: "custom", message: `${name} is given twice` });
    } else {
      query[name] = value;
    }
  });
  return query;
});

// RFC 6749 section 3.3: scope tokens of printable ASCII but " and \, separated by spaces.
const scopeList = z
  .string()
  .transform((text) => text.trim().split(/\s+/).join(" "))
  .pipe(
    z
      .string()
      .regex(/^[\x21\x23-\x5b\x5d-\x7e]+( [\x21\x23-\x5b\x5d-\x7e]+)*$/, "must be scope names separated by spaces"),
  );

const pem = (what: string) =>
  z
    .string()
    .min(1, "is empty")
    .max(64 * 1024, `is too long for a PEM ${what}`);

/** What the operator may set over a profile's defaults, kept sealed with the account (a query may hold an app key). */
const overridesSchema = z.object({
  tokenAuth: z.enum(["basic", "body"]).optional(),
  tokenFormat: z.enum(["form", "json"]).optional(),
  scope: z.string().optional(),
  headers: z.record(z.string(), z.string()).optional(),
  query: z.record(z.string(), z.string()).optional(),
  webhookHeaders: z.record(z.string(), z.string()).optional(),
  webhookQuery: z.record(z.string(), z.string()).optional(),
});

type PspProfileOverrides = z.infer<typeof overridesSchema>;

/** What an API Pix account keeps sealed; accounts stored before PIX_PSP_* were read as one have no overrides. */
const secretsSchema = z.object({
  clientSecret: z.string().nullable(),
  certPem: z.string().nullable(),
  keyPem: z.string().nullable(),
  caPem: z.string().nullable(),
  overrides: overridesSchema.default({}),
});

/** Checks a PEM certificate, naming what is wrong; the text itself never reaches a message. */
function readCertificate(text: string, ctx: z.RefinementCtx, path: string, now: Date): X509Certificate | null {
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(text);
  } catch {
    ctx.addIssue({ code: "custom", path: [path], message: "is not a PEM certificate" });
    return null;
  }
  if (new Date(certificate.validTo) < now)
    ctx.addIssue({
      code: "custom",
      path: [path],
      message: `expired on ${new Date(certificate.validTo).toISOString()}`,
    });
  return certificate;
}

/**
 * The one check of an API Pix account's settings. A kind with an adapter of its own may fix the
 * profile (Efí); the token URL defaults to the API's own /oauth/token.
 */
export function apiPixSettingsSchema(kind: { name: string; fixedProfile: PspProfileName | null }) {
  return ({ isProduction, now }: KindSettingsContext) =>
    z
      .object({
        url: z.string({ error: "is required" }).trim(),
        tokenUrl: z.string().trim().optional(),
        profile: z.enum(PSP_PROFILE_NAMES, { error: `must be one of ${PSP_PROFILE_NAMES.join(", ")}` }).optional(),
        // Checked with the rest below, so that a missing id and a missing secret are both named at once.
        clientId: z.string().optional(),
        clientSecret: z.string().min(1, "must not be empty").max(1000, "must be at most 1000 characters").optional(),
        tokenAuth: z.enum(["basic", "body"], { error: "must be basic or body" }).optional(),
        tokenFormat: z.enum(["form", "json"], { error: "must be form or json" }).optional(),
        scope: scopeList.optional(),
        headers: headerList.optional(),
        query: queryList.optional(),
        webhookHeaders: headerList.optional(),
        webhookQuery: queryList.optional(),
        certPem: pem("certificate").optional(),
        keyPem: pem("private key").optional(),
        caPem: pem("certificate").optional(),
      })
      .transform((input, ctx): StoredKindSettings => {
        const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
        const url = readUrl(input.url, "url", ctx, isProduction);
        const clientId = plainText(200).safeParse(input.clientId);
        if (!clientId.success) issue("clientId", clientId.error.issues[0].message);
        const tokenUrl =
          input.tokenUrl === undefined ? `${url}/oauth/token` : readUrl(input.tokenUrl, "tokenUrl", ctx, isProduction);

        let profileName: PspProfileName = kind.fixedProfile ?? input.profile ?? "generic";
        if (kind.fixedProfile !== null && input.profile !== undefined && input.profile !== kind.fixedProfile) {
          issue("profile", `${kind.name} accounts follow the ${kind.fixedProfile} profile; leave it out`);
          profileName = kind.fixedProfile;
        }
        const profile = PSP_PROFILES[profileName];
        const tokenAuth = input.tokenAuth ?? profile.tokenAuth;
        const required = profile.requiredQuery;
        if (required && !required.anyOf.some((name) => Object.hasOwn(input.query ?? {}, name)))
          issue("query", `the ${profileName} profile needs ${required.why}`);

        // Without a secret the certificate is the gateway's only proof, and the message says so.
        const isCertificateOnly = input.clientSecret === undefined && tokenAuth === "body" && !profile.needsSecret;
        if (input.clientSecret === undefined && kind.fixedProfile !== null && profile.needsSecret)
          issue("clientSecret", `is required for ${kind.name} accounts`);
        else if (input.clientSecret === undefined && tokenAuth === "basic")
          issue("clientSecret", "is required: the token is asked for with HTTP Basic authentication");
        else if (input.clientSecret === undefined && profile.needsSecret)
          issue("clientSecret", `is required by the ${profileName} profile (the PSP issues one with the client id)`);
        if (isCertificateOnly && input.certPem === undefined)
          issue(
            "certPem",
            "is required without a client secret: the PSP then knows the gateway by its certificate alone",
          );
        else if (isProduction && input.certPem === undefined)
          issue("certPem", "is required in production (the client certificate for mutual TLS)");
        if (isProduction && input.keyPem === undefined)
          issue("keyPem", "is required in production (the client certificate's private key)");
        else if (input.keyPem === undefined && input.certPem !== undefined)
          issue("keyPem", "is required with the certificate (give both or neither)");
        if (!isProduction && !isCertificateOnly && input.certPem === undefined && input.keyPem !== undefined)
          issue("certPem", "is required with its private key (give both or neither)");

        const certificate = input.certPem === undefined ? null : readCertificate(input.certPem, ctx, "certPem", now);
        let privateKey: ReturnType<typeof createPrivateKey> | null = null;
        if (input.keyPem !== undefined) {
          try {
            privateKey = createPrivateKey(input.keyPem);
          } catch {
            issue("keyPem", "is not a PEM private key (or it is encrypted)");
          }
        }
        if (certificate && privateKey && !certificate.checkPrivateKey(privateKey))
          issue("keyPem", "is not the private key of the certificate");
        if (input.caPem !== undefined) readCertificate(input.caPem, ctx, "caPem", now);

        const overrides: PspProfileOverrides = {
          tokenAuth: input.tokenAuth,
          tokenFormat: input.tokenFormat,
          scope: input.scope,
          headers: input.headers,
          query: input.query,
          webhookHeaders: input.webhookHeaders,
          webhookQuery: input.webhookQuery,
        };
        return {
          baseUrl: url,
          tokenUrl,
          clientId: clientId.data ?? "",
          profile: profileName,
          secrets: {
            clientSecret: input.clientSecret ?? null,
            certPem: input.certPem ?? null,
            keyPem: input.keyPem ?? null,
            caPem: input.caPem ?? null,
            overrides: JSON.parse(JSON.stringify(overrides)) as PspProfileOverrides,
          },
        };
      });
}

/**
 * How a PSP wants its token asked for and its calls made: its profile's defaults under what the
 * operator set.
 */
function resolvePspProfile(profileName: PspProfileName, clientId: string, overrides: PspProfileOverrides) {
  const profile = PSP_PROFILES[profileName];
  // Itaú and Sicoob want the client id again in a header of each call.
  const withClientId = (values: Record<string, string>) =>
    Object.fromEntries(Object.entries(values).map(([name, value]) => [name, value.replaceAll("{clientId}", clientId)]));
  return {
    profile: profileName,
    tokenAuth: overrides.tokenAuth ?? profile.tokenAuth,
    tokenFormat: overrides.tokenFormat ?? profile.tokenFormat,
    scope: overrides.scope ?? profile.scope,
    extraHeaders: withClientId({ ...profile.headers, ...overrides.headers }),
    extraQuery: withClientId(overrides.query ?? {}),
    webhookHeaders: withClientId(overrides.webhookHeaders ?? {}),
    webhookQuery: withClientId(overrides.webhookQuery ?? {}),
  };
}

/** A stored API Pix account's settings, read back strictly: what it sealed, its profile resolved. */
export function openApiPixSettings(
  stored: StoredKindSettings,
  context: { webhookSecret: string | null; hasWebhookTerminator: boolean; timeoutMs: number; reconcileSeconds: number },
): PspSettings {
  const profile = stored.profile ?? "generic";
  if (!(PSP_PROFILE_NAMES as readonly string[]).includes(profile)) throw new Error(`unknown PSP profile ${profile}`);
  const secrets = secretsSchema.parse(stored.secrets);
  const pemBuffer = (text: string | null) => (text === null ? null : Buffer.from(text));
  const cert = pemBuffer(secrets.certPem);
  const key = pemBuffer(secrets.keyPem);
  return {
    baseUrl: stored.baseUrl,
    tokenUrl: stored.tokenUrl,
    clientId: stored.clientId,
    clientSecret: secrets.clientSecret,
    ...resolvePspProfile(profile as PspProfileName, stored.clientId, secrets.overrides),
    clientCertificate: cert && key ? { cert, key } : null,
    ca: pemBuffer(secrets.caPem),
    ...context,
  };
}
