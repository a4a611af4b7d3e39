// The api_pix kind: any PSP's API Pix, charges and refunds, under the PSP's profile
// (psp-profiles.ts). The PIX_PSP_* variables seed an account of this kind.
import { defineProviderKind } from "../contract/provider-kind";
import { API_PIX_FIELDS, apiPixSettingsSchema, openApiPixSettings } from "./api-pix-settings";
import { createApiPixProvider } from "./create-api-pix-provider";

export const apiPixKind = defineProviderKind({
  kind: "api_pix",
  rails: ["charges", "refunds"],
  fields: API_PIX_FIELDS,
  settingsSchema: apiPixSettingsSchema({ name: "api_pix", fixedProfile: null }),
  initiation: null,
  openSettings: openApiPixSettings,
  create: (account) => createApiPixProvider(account),
});
