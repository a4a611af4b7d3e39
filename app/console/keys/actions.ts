"use server";

import { consoleAction } from "@/lib/console/console-action";
import { formText } from "@/lib/http/form-text";
import { createMerchantKey } from "@/lib/merchants/create-merchant-key";
import { revokeMerchantKey } from "@/lib/merchants/revoke-merchant-key";
import type { CreateKeyState, RevokeKeyState } from "@/components/console/key-forms";

const roles = ["operator", "merchant-admin"] as const;

// A new key for the merchant, another one only once confirmed; its secret goes back in this answer
// only, never in an address.
export const createKeyAction = consoleAction<CreateKeyState>(
  { name: "keys.create", roles, revalidate: ["/console/keys"] },
  async (actor, _state, form) => {
    const isAnotherKeyConfirmed = formText(form, "another") === "confirmed";
    const created = await createMerchantKey(actor, formText(form, "merchantId"), { isAnotherKeyConfirmed });
    if (created.status === "confirm") return created;
    return { status: "done", keyId: created.key.keyId, secret: created.key.secret };
  },
);

// Revokes a key: requests signed with it are refused from the next one on.
export const revokeKeyAction = consoleAction<RevokeKeyState>(
  { name: "keys.revoke", roles, revalidate: ["/console/keys"] },
  async (actor, _state, form) => {
    await revokeMerchantKey(actor, formText(form, "keyId"));
    return { status: "idle" };
  },
);
