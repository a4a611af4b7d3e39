// The kinds of provider account an operator can store, and what each can do. The one list outside
// the registry's adapters that names them: the CLI's help, its checks and the console read kinds
// from here, so a new kind is added in lib/providers only. The sandbox is built in, never stored.
import type { Rail } from "./payment-provider";

export const PROVIDER_KINDS = ["api_pix", "efi"] as const;
export type ProviderKind = (typeof PROVIDER_KINDS)[number];

export type ProviderKindTraits = {
  /** The rails its adapter can serve: an account of the kind serves these or some of them. */
  rails: readonly Rail[];
  /**
   * The PSP profile (lib/config/psp-profiles) its token and calls follow: fixed for a PSP with an
   * adapter of its own, the operator's choice (default generic) for the Central Bank's API Pix.
   */
  fixedProfile: "efi" | null;
  /** Where the OAuth token is asked for when the operator names no token URL; null: it must be named. */
  defaultTokenPath: string | null;
  /** Whether the PSP always issues a client secret with the client id. */
  needsSecret: boolean;
  /**
   * Payment initiation (Open Finance), for a kind whose rails include it: the receiving
   * institution's ISPB when the operator names none, and the initiator's API as derived from the
   * account's API URL (null when it cannot be, such as a simulator's: the operator names it).
   */
  initiation: { defaultIspb: string; urlFor: (apiUrl: URL) => string | null } | null;
};

/** Efí's Open Finance API beside its API Pix: pix.api… and openfinance.api…, -h for homologation. */
const EFI_OPEN_FINANCE_HOSTS: Record<string, string> = {
  "pix.api.efipay.com.br": "https://openfinance.api.efipay.com.br/v1",
  "pix-h.api.efipay.com.br": "https://openfinance-h.api.efipay.com.br/v1",
};

export const PROVIDER_KIND_TRAITS: Record<ProviderKind, ProviderKindTraits> = {
  // Any PSP's API Pix: charges and refunds. Its token endpoint differs at each PSP (BB, Inter, Itaú
  // keep it on another path or host), so the operator names it.
  api_pix: {
    rails: ["charges", "refunds"],
    fixedProfile: null,
    defaultTokenPath: null,
    needsSecret: false,
    initiation: null,
  },
  // Efí: its API Pix, Pix send for payouts, and Pix initiated through Open Finance, paid into an
  // account at Efí (ISPB 09089356) by default. Its token is at /oauth/token of the API's own host.
  efi: {
    rails: ["charges", "refunds", "payouts", "initiation"],
    fixedProfile: "efi",
    defaultTokenPath: "/oauth/token",
    needsSecret: true,
    initiation: { defaultIspb: "09089356", urlFor: (apiUrl) => EFI_OPEN_FINANCE_HOSTS[apiUrl.host] ?? null },
  },
};

export function isProviderKind(value: unknown): value is ProviderKind {
  return typeof value === "string" && (PROVIDER_KINDS as readonly string[]).includes(value);
}
