// What the console's keys page offers whom, decided in one place (as lib/hosted/payment-flow
// decides the hosted pages). The page is only a view: createMerchantKey and revokeMerchantKey
// check the actor again, so a viewer who posts the form anyway is refused and audited.
import type { Actor } from "../access/actor";

export type KeysView = {
  /** Operators pick the merchant whose keys they see; a merchant user sees their own. */
  picksMerchant: boolean;
  /** "Criar chave" and each active key's "Revogar"; a viewer reads a note instead. */
  canManage: boolean;
};

export function keysView(actor: Pick<Actor, "role">): KeysView {
  return { picksMerchant: actor.role === "operator", canManage: actor.role !== "merchant-viewer" };
}

/** Whether a listed key may still be revoked: a revoked one is final. */
export const isRevocable = (key: { revokedAt: Date | null }) => key.revokedAt === null;
