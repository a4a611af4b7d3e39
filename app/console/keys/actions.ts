"use server";

import { revalidatePath } from "next/cache";
import { requireActor } from "@/lib/console/require-actor";
import { formText } from "@/lib/http/form-text";
import { refuseAction } from "@/lib/console/refuse-action";
import { formStateArguments, parseActionArguments } from "@/lib/http/parse-action-arguments";
import { createMerchantKey } from "@/lib/merchants/create-merchant-key";
import { revokeMerchantKey } from "@/lib/merchants/revoke-merchant-key";
import type { CreateKeyState, RevokeKeyState } from "@/components/console/key-forms";

// A new key for the merchant, another one only once confirmed; its secret goes back in this answer
// only, never in an address.
export async function createKeyAction(state: CreateKeyState, form: FormData): Promise<CreateKeyState> {
  parseActionArguments(formStateArguments, [state, form]);
  const actor = await requireActor();
  try {
    const isAnotherKeyConfirmed = formText(form, "another") === "confirmed";
    const created = await createMerchantKey(actor, formText(form, "merchantId"), { isAnotherKeyConfirmed });
    if (created.status === "confirm") return created;
    revalidatePath("/console/keys");
    return { status: "done", keyId: created.key.keyId, secret: created.key.secret };
  } catch (error) {
    return refuseAction(actor, "keys.create", error);
  }
}

// Revokes a key: requests signed with it are refused from the next one on.
export async function revokeKeyAction(state: RevokeKeyState, form: FormData): Promise<RevokeKeyState> {
  parseActionArguments(formStateArguments, [state, form]);
  const actor = await requireActor();
  try {
    await revokeMerchantKey(actor, formText(form, "keyId"));
    revalidatePath("/console/keys");
    return { status: "idle" };
  } catch (error) {
    return refuseAction(actor, "keys.revoke", error);
  }
}
