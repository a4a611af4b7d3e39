// "Enviar resposta" on the console's disputes page: the same one answer as POST
// /api/disputes/respond (respondToDispute: claimed once, sent to the PSP at once, dispute.answered
// in the audit log with the change it caused), given by an operator for any merchant or by a
// merchant's admin for its own, in the console user's name.
import { type Actor, assertRole, merchantScopeOf, outsideScope } from "../access/actor";
import { getDb } from "../db/client";
import { type DisputeRecord, findDispute } from "../db/disputes";
import { respondToDispute } from "../disputes/respond-to-dispute";
import { respondToDisputeSchema } from "../disputes/schemas";
import { AppError } from "../errors/app-error";

export async function answerConsoleDispute(actor: Actor, input: unknown): Promise<DisputeRecord> {
  assertRole(actor, "operator", "merchant-admin");
  const answer = respondToDisputeSchema.parse(input);
  const scope = merchantScopeOf(actor);
  // Another merchant's dispute is answered as one that does not exist, and recorded as a denial.
  const found = await findDispute(getDb(), answer.id);
  if (!found) throw new AppError("not_found", `no dispute ${answer.id}`);
  if (scope !== null && found.merchantId !== scope)
    throw outsideScope(`no dispute ${answer.id}`, { type: "dispute", id: answer.id });
  return respondToDispute({
    answer,
    scope: scope === null ? "any" : { merchantId: scope },
    answeredBy: actor.email,
    audit: { actor, ip: actor.ip },
  });
}
