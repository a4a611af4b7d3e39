import type { Actor } from "../access/actor";
import { type FormFailure, toFormFailure } from "../errors/to-form-failure";
import { recordAccessDenied } from "./record-access-denied";

/**
 * A console server action's refusal as its form's state (lib/errors/to-form-failure), an access
 * denial recorded first. `action` names it in the audit log: `keys.revoke`, `payouts.mark`.
 */
export async function refuseAction(actor: Actor, action: string, error: unknown): Promise<FormFailure> {
  await recordAccessDenied(actor, { action }, error);
  return toFormFailure(error);
}
