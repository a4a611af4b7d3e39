// Provider accounts as operators add them (`provider add`) and as the tools show them. Every field
// is checked with a message of its own, so an account that is stored can be reached as given.
import { X509Certificate, createPrivateKey } from "node:crypto";
import { getPixKeyInfo } from "@brazilian-utils/brazilian-utils";
import { z } from "zod";
import { PSP_PROFILES, PSP_PROFILE_NAMES, type PspProfileName } from "../../config/psp-profiles";
import { RAILS, type Rail } from "../contract/payment-provider";
import { PROVIDER_KINDS, PROVIDER_KIND_TRAITS } from "../contract/provider-kinds";

export const providerAccountIdSchema = z.string().regex(/^pa_[a-z0-9]{1,64}$/, "must be a provider account id (pa_…)");

const plainText = (max: number) =>
  z
    .string({ error: "is required" })
    .trim()
    .min(1, "is required")
    .max(max, `must be at most ${max} characters`)
    .refine((value) => !/[\x00-\x1f\x7f]/.test(value), "must not hold control characters");

const pem = (what: string) =>
  z
    .string({ error: "is required" })
    .min(1, "is required")
    .max(64 * 1024, `is too long for a PEM ${what}`);

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

/** `provider add`'s input: the CLI reads the PEM files and the secrets (from standard input) for it. */
export const addProviderAccountSchema = z
  .object({
    kind: z.enum(PROVIDER_KINDS, { error: `must be one of ${PROVIDER_KINDS.join(", ")}` }),
    label: plainText(60),
    url: z.string({ error: "is required" }).trim(),
    tokenUrl: z.string().trim().optional(),
    profile: z.enum(PSP_PROFILE_NAMES, { error: `must be one of ${PSP_PROFILE_NAMES.join(", ")}` }).optional(),
    clientId: plainText(200),
    clientSecret: z.string().min(1, "must not be empty").max(1000, "must be at most 1000 characters").optional(),
    certPem: pem("certificate"),
    keyPem: pem("private key"),
    caPem: pem("certificate").optional(),
    pixKey: z.string({ error: "is required" }).trim().min(1, "is required"),
    rails: z.array(z.string()).optional(),
    // Carried in the webhook's address (?secret=, or the PSP's own way): URL-safe characters only.
    webhookSecret: z
      .string()
      .regex(/^[A-Za-z0-9._~-]{16,128}$/, "must be 16 to 128 letters, digits or . _ ~ -")
      .optional(),
    /** Production: http is refused, credentials and payments never travel in clear text. */
    isProduction: z.boolean(),
    now: z.date(),
  })
  .transform((input, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    const traits = PROVIDER_KIND_TRAITS[input.kind];

    const checkUrl = (path: string, value: string): string => {
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        issue(path, "must be an absolute URL such as https://pix.psp.example");
        return value;
      }
      if (url.protocol !== "https:" && url.protocol !== "http:") issue(path, "must be an https URL");
      else if (url.protocol === "http:" && input.isProduction) issue(path, "must be https:// in production");
      if (url.username || url.password) issue(path, "must not carry credentials");
      if (url.search || url.hash) issue(path, "must not carry a query or a fragment");
      return value.replace(/\/+$/, "");
    };
    const url = checkUrl("url", input.url);
    let tokenUrl = "";
    if (input.tokenUrl !== undefined) tokenUrl = checkUrl("tokenUrl", input.tokenUrl);
    else if (traits.defaultTokenPath !== null) tokenUrl = `${url}${traits.defaultTokenPath}`;
    else issue("tokenUrl", `is required for ${input.kind} accounts: each PSP keeps its token endpoint elsewhere`);

    let profile: PspProfileName = traits.fixedProfile ?? input.profile ?? "generic";
    if (traits.fixedProfile !== null && input.profile !== undefined && input.profile !== traits.fixedProfile) {
      issue("profile", `${input.kind} accounts follow the ${traits.fixedProfile} profile; leave it out`);
      profile = traits.fixedProfile;
    }
    const rules = PSP_PROFILES[profile];
    // A parameter such accounts cannot carry yet (Banco do Brasil's application key): PIX_PSP_QUERY serves it.
    if (rules.requiredQuery)
      issue("profile", `the ${profile} profile needs ${rules.requiredQuery.why}; use the PIX_PSP_* account for it`);
    if (input.clientSecret === undefined) {
      if (traits.needsSecret) issue("clientSecret", `is required for ${input.kind} accounts`);
      else if (rules.needsSecret) issue("clientSecret", `is required by the ${profile} profile`);
      else if (rules.tokenAuth === "basic")
        issue("clientSecret", `is required: the ${profile} profile asks for the token with HTTP Basic authentication`);
    }

    const certificate = readCertificate(input.certPem, ctx, "certPem", input.now);
    let privateKey: ReturnType<typeof createPrivateKey> | null = null;
    try {
      privateKey = createPrivateKey(input.keyPem);
    } catch {
      issue("keyPem", "is not a PEM private key (or it is encrypted)");
    }
    if (certificate && privateKey && !certificate.checkPrivateKey(privateKey))
      issue("keyPem", "is not the private key of the certificate");
    if (input.caPem !== undefined) readCertificate(input.caPem, ctx, "caPem", input.now);

    const pixKey = getPixKeyInfo(input.pixKey);
    if (!pixKey) issue("pixKey", "is not a Pix key (CPF, CNPJ, e-mail, +55 phone or random key)");

    const rails: Rail[] = [];
    for (const rail of input.rails ?? traits.rails) {
      if (!(RAILS as readonly string[]).includes(rail)) issue("rails", `${rail} is not a rail (${RAILS.join(", ")})`);
      else if (!traits.rails.includes(rail as Rail))
        issue("rails", `${input.kind} accounts serve ${traits.rails.join(", ")}, not ${rail}`);
      else if (!rails.includes(rail as Rail)) rails.push(rail as Rail);
    }
    if (input.rails !== undefined && input.rails.length === 0) issue("rails", "must name at least one rail");

    return {
      kind: input.kind,
      label: input.label,
      baseUrl: url,
      tokenUrl,
      profile,
      clientId: input.clientId,
      pixKey: pixKey?.value ?? input.pixKey,
      // RAILS' order, whatever order they were given in.
      rails: RAILS.filter((rail) => rails.includes(rail)),
      secrets: {
        clientSecret: input.clientSecret ?? null,
        certPem: input.certPem,
        keyPem: input.keyPem,
        caPem: input.caPem ?? null,
        webhookSecret: input.webhookSecret ?? null,
      },
    };
  });

export type AddProviderAccountInput = Omit<z.input<typeof addProviderAccountSchema>, "isProduction" | "now">;

/** What is sealed in ProviderAccount.secretsCiphertext, as one JSON. */
export const providerAccountSecretsSchema = z.object({
  clientSecret: z.string().nullable(),
  certPem: z.string(),
  keyPem: z.string(),
  caPem: z.string().nullable(),
  webhookSecret: z.string(),
});

export type ProviderAccountSecrets = z.infer<typeof providerAccountSecretsSchema>;

/** An account as the CLI prints it and the console lists it: never a secret, a certificate or a key. */
export const providerAccountViewSchema = z.object({
  id: z.string(),
  kind: z.string(),
  label: z.string(),
  url: z.string(),
  token_url: z.string(),
  profile: z.string().nullable(),
  pix_key: z.string(),
  rails: z.array(z.enum(RAILS)),
  /** Where the PSP notifies this account, under the gateway's PUBLIC_BASE_URL. */
  webhook_path: z.string(),
  webhook_url: z.string(),
  created_at: z.string(),
});

export type ProviderAccountView = z.infer<typeof providerAccountViewSchema>;

export type ProviderAccountListing = ProviderAccountView & {
  disabled_at: string | null;
  /** How many merchants route at least one rail to it. */
  merchants: number;
};
