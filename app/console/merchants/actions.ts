"use server";

import { revalidatePath } from "next/cache";
import { requireActor } from "@/lib/console/require-actor";
import { formText } from "@/lib/http/form-text";
import { refuseAction } from "@/lib/console/refuse-action";
import { formStateArguments, parseActionArguments } from "@/lib/http/parse-action-arguments";
import { changeMerchantSettings } from "@/lib/merchants/change-merchant-settings";
import { createConsoleMerchant } from "@/lib/merchants/create-console-merchant";
import { merchantModeSchema, splitRedirectOrigins } from "@/lib/merchants/schemas";
import { switchMerchantMode } from "@/lib/merchants/switch-merchant-mode";
import type { MerchantKeyState, MerchantSettingsState } from "@/components/console/merchant-forms";

const origins = (form: unknown) => splitRedirectOrigins(formText(form, "redirectOrigins"));

// A new merchant and its first key; the secret goes back in this answer only.
export async function createMerchantAction(state: MerchantKeyState, form: FormData): Promise<MerchantKeyState> {
  parseActionArguments(formStateArguments, [state, form]);
  const actor = await requireActor();
  try {
    const callbackUrl = formText(form, "callbackUrl").trim();
    const issued = await createConsoleMerchant(actor, {
      name: formText(form, "name"),
      mode: formText(form, "mode"),
      callbackUrl: callbackUrl === "" ? undefined : callbackUrl,
      redirectOrigins: origins(form),
    });
    revalidatePath("/console/merchants");
    return { status: "done", ...issued };
  } catch (error) {
    return refuseAction(actor, "merchants.create", error);
  }
}

// Where the merchant's callbacks go, and the origins its redirect URLs may use: from an operator's
// merchant page or a merchant admin's settings page.
export async function changeMerchantSettingsAction(
  state: MerchantSettingsState,
  form: FormData,
): Promise<MerchantSettingsState> {
  parseActionArguments(formStateArguments, [state, form]);
  const actor = await requireActor();
  const merchantId = formText(form, "merchantId");
  try {
    const callbackUrl = formText(form, "callbackUrl").trim();
    await changeMerchantSettings(actor, merchantId, {
      callbackUrl: callbackUrl === "" ? null : callbackUrl,
      redirectOrigins: origins(form),
    });
    revalidatePath(`/console/merchants/${merchantId}`);
    revalidatePath("/console/settings");
    return { status: "done" };
  } catch (error) {
    return {
      ...(await refuseAction(actor, "merchants.change_settings", error)),
      typed: { callbackUrl: formText(form, "callbackUrl"), redirectOrigins: formText(form, "redirectOrigins") },
    };
  }
}

// Sandbox ⇄ live: the keys are replaced by one of the new mode, whose secret goes back once.
export async function switchMerchantModeAction(state: MerchantKeyState, form: FormData): Promise<MerchantKeyState> {
  parseActionArguments(formStateArguments, [state, form]);
  const actor = await requireActor();
  const merchantId = formText(form, "merchantId");
  try {
    const issued = await switchMerchantMode(actor, merchantId, merchantModeSchema.parse(formText(form, "mode")));
    revalidatePath(`/console/merchants/${merchantId}`);
    return { status: "done", merchantId: issued.merchantId, keyId: issued.keyId, secret: issued.secret };
  } catch (error) {
    return refuseAction(actor, "merchants.switch_mode", error);
  }
}
