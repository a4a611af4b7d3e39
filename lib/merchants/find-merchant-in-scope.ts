import { type Actor, merchantScopeOf, outsideScope } from "../access/actor";
import { type DbOrTx, getDb } from "../db/client";
import { type MerchantRecord, findMerchant } from "../db/merchants";
import { AppError } from "../errors/app-error";
import { merchantIdSchema } from "./schemas";

// Another merchant's id is answered as one that does not exist (404), so ids cannot be probed.
const noMerchant = (merchantId: string) => new AppError("not_found", `no merchant ${merchantId}`);

/** The merchant a console page is about: a merchant user's own, or the one an operator chose (null: all). */
export function chooseMerchantScope(actor: Actor, requested: string | undefined): string | null {
  if (requested !== undefined && !merchantIdSchema.safeParse(requested).success) throw noMerchant(requested);
  const scope = merchantScopeOf(actor);
  if (scope === null) return requested ?? null;
  if (requested !== undefined && requested !== scope)
    throw outsideScope(`no merchant ${requested}`, { type: "merchant", id: requested });
  return scope;
}

/** A merchant the actor names and may see, read in `db` (a transaction when a change follows). */
export async function findMerchantInScope(
  actor: Actor,
  merchantId: string,
  db: DbOrTx = getDb(),
): Promise<MerchantRecord> {
  chooseMerchantScope(actor, merchantId);
  const merchant = await findMerchant(db, merchantId);
  if (!merchant) throw noMerchant(merchantId);
  return merchant;
}
