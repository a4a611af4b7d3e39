// The account the PIX_PSP_* variables seed, for deployments that predate stored accounts: an
// api_pix account read through the same schema as `provider add`, each problem named by its
// variable. npm start reads it beside the configuration, so a bad value stops the start.
import { readFileSync } from "node:fs";
import { type Config, ConfigError, getConfig } from "../../config/config";
import type { ProviderAccount } from "../contract/provider-account";
import { findProviderKind } from "../kinds/provider-kinds";
import { buildAddProviderAccountSchema } from "./schemas";

/** Its id, which the transactions of deployments that predate accounts already store. */
export const ENVIRONMENT_ACCOUNT_ID = "api_pix";
/** Its kind: any PSP's API Pix, under the profile PIX_PSP_PROFILE names. */
const ENVIRONMENT_KIND = "api_pix";

/** The account's own variables, besides its kind's settings (PIX_KEY is the gateway's, read by lib/config). */
const WEBHOOK_SECRET = "PIX_PSP_WEBHOOK_SECRET";
const WEBHOOK_TERMINATOR = "PIX_PSP_WEBHOOK_MTLS_TERMINATOR";

/** Every variable the account reads, for the guide's table. */
export function listEnvironmentVariables(): string[] {
  const kind = findProviderKind(ENVIRONMENT_KIND)!;
  const settings = Object.values(kind.fields).flatMap((field) => (field.env === undefined ? [] : [field.env]));
  return [...settings, WEBHOOK_SECRET, WEBHOOK_TERMINATOR];
}

let seeded: { config: Config; account: ProviderAccount | null } | undefined;

/** Reads a PEM file a variable names; the code (ENOENT, EACCES) says enough, the contents never reach a message. */
function readPemFile(variable: string, file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    throw new ConfigError([
      `${variable}: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? "unreadable"})`,
    ]);
  }
}

function readAccount(config: Config): ProviderAccount | null {
  const kind = findProviderKind(ENVIRONMENT_KIND)!;
  const variables = config.providerEnvironment;
  const fields = Object.entries(kind.fields).filter(([, field]) => field.env !== undefined);
  const url = kind.fields.url?.env;
  if (url === undefined || variables[url] === undefined) {
    const orphans = fields.map(([, field]) => field.env!).filter((name) => variables[name] !== undefined);
    if (orphans.length > 0) throw new ConfigError([`${url}: required when ${orphans.join(", ")} is set`]);
    return null;
  }

  const settings: Record<string, string> = {};
  for (const [name, field] of fields) {
    const value = variables[field.env!];
    if (value !== undefined) settings[name] = field.from === "file" ? readPemFile(field.env!, value) : value;
  }
  const terminator = variables[WEBHOOK_TERMINATOR] ?? "false";
  const problems: string[] = [];
  if (!["true", "false", "1", "0"].includes(terminator)) problems.push(`${WEBHOOK_TERMINATOR}: must be true or false`);
  const hasWebhookTerminator = terminator === "true" || terminator === "1";
  const webhookSecret = variables[WEBHOOK_SECRET];
  // Anyone who finds the webhook could otherwise make the gateway query the PSP at will.
  if (config.isProduction && webhookSecret === undefined && !hasWebhookTerminator)
    problems.push(
      `${WEBHOOK_SECRET}: required in production unless ${WEBHOOK_TERMINATOR}=true declares a proxy that verifies the PSP's certificate`,
    );

  const parsed = buildAddProviderAccountSchema([kind]).safeParse({
    kind: kind.kind,
    label: url,
    pixKey: config.pix.key,
    webhookSecret,
    ...settings,
    isProduction: config.isProduction,
    now: new Date(),
  });
  if (!parsed.success) {
    // Each problem under its variable, and a file's under its path too: the operator fixes a file, not a field.
    const describe = (name: string, message: string) => {
      if (name === "webhookSecret") return `${WEBHOOK_SECRET}: ${message}`;
      if (name === "pixKey") return `PIX_KEY: ${message}`;
      const field = kind.fields[name];
      const file = field?.from === "file" ? variables[field.env!] : undefined;
      return `${field?.env ?? name}: ${file === undefined ? "" : `${file} `}${message}`;
    };
    problems.unshift(...parsed.error.issues.map((issue) => describe(String(issue.path[0] ?? ""), issue.message)));
  }
  if (problems.length > 0 || !parsed.success) throw new ConfigError(problems);
  const account = parsed.data;
  return {
    id: ENVIRONMENT_ACCOUNT_ID,
    kind: account.kind,
    label: account.label,
    rails: account.rails,
    pixKey: account.pixKey,
    settings: kind.openSettings(account, {
      webhookSecret: account.webhookSecret,
      hasWebhookTerminator,
      reconcileSeconds: config.reconcile.intervalMs / 1000,
      timeoutMs: config.pspTimeoutMs,
    }),
    initiation: null,
    disabledAt: null,
  };
}

/**
 * The PIX_PSP_* account, or null when PIX_PSP_URL is not set; a ConfigError naming each bad
 * variable otherwise. Read once per configuration: its certificate files are not read again.
 */
export function readEnvironmentAccount(config: Config = getConfig()): ProviderAccount | null {
  if (seeded?.config !== config) seeded = { config, account: readAccount(config) };
  return seeded.account;
}
