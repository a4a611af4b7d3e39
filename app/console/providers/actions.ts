"use server";

import { revalidatePath } from "next/cache";
import { requireActor } from "@/lib/console/require-actor";
import { formText } from "@/lib/http/form-text";
import { refuseAction } from "@/lib/console/refuse-action";
import { formStateArguments, parseActionArguments } from "@/lib/http/parse-action-arguments";
import { disableConsoleProviderAccount } from "@/lib/providers/accounts/disable-provider-account";
import type { DisableProviderState } from "@/components/console/provider-forms";

// Disables an account: no new routing or transaction goes to it; what it issued still settles.
export async function disableProviderAction(
  state: DisableProviderState,
  form: FormData,
): Promise<DisableProviderState> {
  parseActionArguments(formStateArguments, [state, form]);
  const actor = await requireActor();
  try {
    await disableConsoleProviderAccount(actor, formText(form, "accountId"));
    revalidatePath("/console/providers");
    return { status: "idle" };
  } catch (error) {
    return refuseAction(actor, "providers.disable", error);
  }
}
