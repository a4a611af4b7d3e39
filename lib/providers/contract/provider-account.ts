// A provider account: one PSP contract the gateway holds (its URLs, credentials, certificate and
// Pix key), kept by operators (`npm run cashier -- provider add`) or, for deployments that predate
// accounts, seeded from the PIX_PSP_* variables as the implicit account. An adapter is built for
// one account; a merchant routes each rail to one.
import type { Rail } from "./payment-provider";

/** Settings: the shape its kind declares (lib/providers/<kind>/kind.ts). */
export type ProviderAccount<Settings = unknown> = {
  /** pa_… for a stored account; the registry's own ids for the sandbox and the implicit account. */
  id: string;
  /** Which adapter speaks to it (lib/providers/registry.ts). */
  kind: string;
  label: string;
  /** The rails it serves: a merchant can route only these to it. */
  rails: Rail[];
  /** The Pix key it receives charges on and sends payouts from. */
  pixKey: string;
  /** How to reach it. The secrets in it are never logged, printed or sent to a browser. */
  settings: Settings;
  /**
   * Payment initiation (Open Finance), where the kind serves it: the initiator's API base URL and
   * the account that receives the payments (the gateway operator's, at the initiator). Null when
   * the account does not serve the initiation rail.
   */
  initiation: InitiationSettings | null;
  /** Disabled: no new transaction is routed to it; those it issued are still settled through it. */
  disabledAt: Date | null;
};

/** Where an initiated Pix is paid to, as Open Finance names an account. */
export type InitiationSettings = {
  /** The initiator's Open Finance API, without a trailing slash (Efí: https://openfinance.api.efipay.com.br/v1). */
  baseUrl: string;
  receiver: {
    /** The receiving institution's ISPB. */
    ispb: string;
    branch: string;
    /** The account number with its check digit. */
    account: string;
    /** CACC: conta corrente; SVGS: poupança; TRAN: conta de pagamento; SLRY: salário. */
    accountType: "CACC" | "SVGS" | "TRAN" | "SLRY";
    /** The holder's CPF or CNPJ, digits only. */
    document: string;
    name: string;
  };
};
