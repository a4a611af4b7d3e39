"use server";

import { consoleAction } from "@/lib/console/console-action";
import { formText } from "@/lib/http/form-text";
import { disableConsoleProviderAccount } from "@/lib/providers/accounts/disable-provider-account";
import type { DisableProviderState } from "@/components/console/provider-forms";

// Disables an account: no new routing or transaction goes to it; what it issued still settles.
export const disableProviderAction = consoleAction<DisableProviderState>(
  { name: "providers.disable", roles: ["operator"], revalidate: ["/console/providers"] },
  async (actor, _state, form) => {
    await disableConsoleProviderAccount(actor, formText(form, "accountId"));
    return { status: "idle" };
  },
);
