import { type Actor, assertRole } from "../access/actor";
import { listMerchants } from "./list-merchants";

/** Every merchant with its settings and keys (ids and states, never secrets): operators only. */
export async function listConsoleMerchants(actor: Actor) {
  assertRole(actor, "operator");
  return listMerchants();
}
