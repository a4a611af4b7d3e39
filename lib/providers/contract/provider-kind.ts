// What a kind of provider account declares in its own folder (lib/providers/<kind>/kind.ts): the
// rails it serves, the settings an account of it takes (as `provider add`'s flags and, for the
// kind the PIX_PSP_* variables seed, as those variables), the one schema that checks them, how
// they are stored and read back, and its adapter. lib/providers/kinds collects the kinds; the
// accounts schema, the CLI and the console read their declarations, so a kind with another shape
// of credential (an API key, a signed request) is one more folder.
import type { z } from "zod";
import type { PaymentProvider, Rail } from "./payment-provider";
import type { ProviderAccount } from "./provider-account";

/** One setting of a kind, as the operator gives it. */
export type KindSettingField = {
  /** `provider add`'s flag, without its dashes. */
  flag: string;
  /**
   * value: the flag's value; file: the contents of the file it names (a PEM); stdin: a line of
   * standard input, for a secret that must not sit in shell history or ps.
   */
  from: "value" | "file" | "stdin";
  /** Whether `provider add` asks for it before anything is checked. */
  isRequired: boolean;
  /** The PIX_PSP_* variable that gives it to the seeded account, for the kind that has one. */
  env?: string;
  /** The flag's value in the CLI's usage line, such as URL or FILE. */
  placeholder: string;
};

/** Where an account is checked: production refuses http and more; certificates expire by now. */
export type KindSettingsContext = { isProduction: boolean; now: Date };

/**
 * An account's settings as stored: the columns every account has (the kind leaves those it has
 * no use for empty) and, sealed under CASHIER_ENCRYPTION_KEY, whatever else the kind needs.
 */
export type StoredKindSettings = {
  baseUrl: string;
  tokenUrl: string;
  clientId: string;
  profile: string | null;
  secrets: Record<string, unknown>;
};

/** What the registry hands a kind besides the stored settings when it opens an account. */
export type KindOpenContext = {
  /** The account's webhook secret: every kind's notifications are authenticated by it. */
  webhookSecret: string | null;
  /** The operator declared an mTLS terminator in front of the webhook (the PIX_PSP_* account only). */
  hasWebhookTerminator: boolean;
  timeoutMs: number;
  reconcileSeconds: number;
};

/** Payment initiation (Open Finance), for a kind that serves it. */
export type KindInitiation = {
  /** The receiving institution's ISPB when the operator names none. */
  defaultIspb: string;
  /** The initiator's API as derived from the account's API URL (null when it cannot be). */
  urlFor: (apiUrl: URL) => string | null;
};

export type ProviderKindDeclaration<Settings> = {
  kind: string;
  /** The rails its adapter can serve: an account of the kind serves these or some of them. */
  rails: readonly Rail[];
  /** Its settings by name; the schema's issues name a setting by the same name. */
  fields: Record<string, KindSettingField>;
  /** The one check of its settings, wherever they come from: the fields given in, what is stored out. */
  settingsSchema: (context: KindSettingsContext) => z.ZodType<StoredKindSettings, Record<string, string | undefined>>;
  initiation: KindInitiation | null;
  /** A stored account's settings, read back strictly for the adapter. */
  openSettings: (stored: StoredKindSettings, context: KindOpenContext) => Settings;
  create: (account: ProviderAccount<Settings>) => PaymentProvider;
};

/** A kind as the registry holds it: its settings are its own business. */
export type ProviderKind = ProviderKindDeclaration<unknown>;

/**
 * Declares a kind: typed here, where openSettings and create must agree on its settings, and
 * handed to the registry as one whose settings it need not know.
 */
export function defineProviderKind<Settings>(declaration: ProviderKindDeclaration<Settings>): ProviderKind {
  return declaration as unknown as ProviderKind;
}
