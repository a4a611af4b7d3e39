"use server";

import { revalidatePath } from "next/cache";
import { requireActor } from "@/lib/console/require-actor";
import { type FormFailure, toFormFailure } from "@/lib/errors/to-form-failure";
import { createMerchantKey } from "@/lib/merchants/create-merchant-key";
import { revokeMerchantKey } from "@/lib/merchants/revoke-merchant-key";

export type CreateKeyState = { status: "idle" } | FormFailure | { status: "done"; keyId: string; secret: string };
export type RevokeKeyState = { status: "idle" } | FormFailure;

const text = (form: unknown, name: string) => (form instanceof FormData && typeof form.get(name) === "string" ? (form.get(name) as string) : "");

// A new key for the merchant; its secret goes back in this answer only, never in an address.
export async function createKeyAction(_state: CreateKeyState, form: FormData): Promise<CreateKeyState> {
  const actor = await requireActor();
  try {
    const issued = await createMerchantKey(actor, text(form, "merchantId"));
    revalidatePath("/console/keys");
    return { status: "done", keyId: issued.keyId, secret: issued.secret };
  } catch (error) {
    return toFormFailure(error);
  }
}

// Revokes a key: requests signed with it are refused from the next one on.
export async function revokeKeyAction(_state: RevokeKeyState, form: FormData): Promise<RevokeKeyState> {
  const actor = await requireActor();
  try {
    await revokeMerchantKey(actor, text(form, "keyId"));
    revalidatePath("/console/keys");
    return { status: "idle" };
  } catch (error) {
    return toFormFailure(error);
  }
}
