// The efi kind: Efí's API Pix, Pix send for payouts, and Pix initiated through Open Finance, paid
// into an account at Efí (ISPB 09089356) by default. Its settings are API Pix's under Efí's profile.
import { API_PIX_FIELDS, apiPixSettingsSchema, openApiPixSettings } from "../api-pix/api-pix-settings";
import { defineProviderKind } from "../contract/provider-kind";
import { createEfiProvider } from "./create-efi-provider";

/** Efí's Open Finance API beside its API Pix: pix.api… and openfinance.api…, -h for homologation. */
const EFI_OPEN_FINANCE_HOSTS: Record<string, string> = {
  "pix.api.efipay.com.br": "https://openfinance.api.efipay.com.br/v1",
  "pix-h.api.efipay.com.br": "https://openfinance-h.api.efipay.com.br/v1",
};

export const efiKind = defineProviderKind({
  kind: "efi",
  rails: ["charges", "refunds", "payouts", "initiation"],
  fields: API_PIX_FIELDS,
  settingsSchema: apiPixSettingsSchema({ name: "efi", fixedProfile: "efi" }),
  initiation: { defaultIspb: "09089356", urlFor: (apiUrl) => EFI_OPEN_FINANCE_HOSTS[apiUrl.host] ?? null },
  openSettings: openApiPixSettings,
  create: createEfiProvider,
});
