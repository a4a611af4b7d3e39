"use server";

import { consoleAction } from "@/lib/console/console-action";
import { formText } from "@/lib/http/form-text";
import { changeMerchantSettings } from "@/lib/merchants/change-merchant-settings";
import { createConsoleMerchant } from "@/lib/merchants/create-console-merchant";
import { merchantModeSchema } from "@/lib/merchants/schemas";
import { splitRedirectOrigins } from "@/lib/merchants/split-redirect-origins";
import { switchMerchantMode } from "@/lib/merchants/switch-merchant-mode";
import type { MerchantKeyState, MerchantSettingsState } from "@/components/console/merchant-forms";
import type { TestCallbackState } from "@/components/console/test-callback-button";
import { sendConsoleTestCallback } from "@/lib/sandbox/send-console-test-callback";

const origins = (form: unknown) => splitRedirectOrigins(formText(form, "redirectOrigins"));
const merchantPage = (form: FormData) => `/console/merchants/${formText(form, "merchantId")}`;

// A new merchant and its first key; the secret goes back in this answer only.
export const createMerchantAction = consoleAction<MerchantKeyState>(
  { name: "merchants.create", roles: ["operator"], revalidate: ["/console/merchants"] },
  async (actor, _state, form) => {
    const callbackUrl = formText(form, "callbackUrl").trim();
    const issued = await createConsoleMerchant(actor, {
      name: formText(form, "name"),
      mode: formText(form, "mode"),
      callbackUrl: callbackUrl === "" ? undefined : callbackUrl,
      redirectOrigins: origins(form),
    });
    return { status: "done", ...issued };
  },
);

// Where the merchant's callbacks go, and the origins its redirect URLs may use: from an operator's
// merchant page or a merchant admin's settings page. A refusal keeps what was typed in the form.
export const changeMerchantSettingsAction = consoleAction<MerchantSettingsState>(
  {
    name: "merchants.change_settings",
    roles: ["operator", "merchant-admin"],
    revalidate: (_state, form) => [merchantPage(form), "/console/settings"],
    refusal: (failure, _state, form) => ({
      ...failure,
      typed: { callbackUrl: formText(form, "callbackUrl"), redirectOrigins: formText(form, "redirectOrigins") },
    }),
  },
  async (actor, _state, form) => {
    const callbackUrl = formText(form, "callbackUrl").trim();
    await changeMerchantSettings(actor, formText(form, "merchantId"), {
      callbackUrl: callbackUrl === "" ? null : callbackUrl,
      redirectOrigins: origins(form),
    });
    return { status: "done" };
  },
);

// Sandbox ⇄ live: the keys are replaced by one of the new mode, whose secret goes back once.
export const switchMerchantModeAction = consoleAction<MerchantKeyState>(
  { name: "merchants.switch_mode", roles: ["operator"], revalidate: (_state, form) => [merchantPage(form)] },
  async (actor, _state, form) => {
    const mode = merchantModeSchema.parse(formText(form, "mode"));
    const issued = await switchMerchantMode(actor, formText(form, "merchantId"), mode);
    return { status: "done", merchantId: issued.merchantId, keyId: issued.keyId, secret: issued.secret };
  },
);

// "Enviar callback de teste" on a merchant admin's settings page: what their URL answered.
export const sendTestCallbackAction = consoleAction<TestCallbackState>(
  {
    name: "settings.test_callback",
    roles: ["merchant-admin"],
    refusal: (failure) => ({ status: "refused", code: failure.code }),
  },
  async (actor) => ({ status: "sent", answer: await sendConsoleTestCallback(actor) }),
);
