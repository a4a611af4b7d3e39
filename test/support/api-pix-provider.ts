// The API Pix adapter for one account at the simulator, with its charges and refunds flattened:
// the adapter's own tests call them one by one.
import type { PspSettings } from "@/lib/providers/api-pix/api-pix-settings";
import { createApiPixProvider } from "@/lib/providers/api-pix/create-api-pix-provider";
import type { ProviderAccount } from "@/lib/providers/contract/provider-account";

export function apiPixAccount(settings: PspSettings, chave: string): ProviderAccount<PspSettings> {
  return {
    id: "pa_test",
    kind: "api_pix",
    label: "simulator",
    rails: ["charges", "refunds"],
    pixKey: chave,
    settings,
    disabledAt: null,
    initiation: null,
  };
}

export function createApiPix(settings: PspSettings, chave: string) {
  const provider = createApiPixProvider(apiPixAccount(settings, chave));
  if (!provider.charges || !provider.refunds) throw new Error("the API Pix adapter serves charges and refunds");
  return { ...provider.charges, ...provider.refunds, provider };
}

export type ApiPix = ReturnType<typeof createApiPix>;
