import { type Actor, assertRole } from "../access/actor";
import { getDb } from "../db/client";
import { countOpenOperatorAlerts, listOpenOperatorAlerts } from "../db/operator-alerts";

const SHOWN = 50;

/** The overview's open alerts, newest first: operators only (they concern the gateway's own money). */
export async function listOperatorAlerts(
  actor: Actor,
): Promise<{ alerts: Awaited<ReturnType<typeof listOpenOperatorAlerts>>; total: number }> {
  assertRole(actor, "operator");
  const [alerts, total] = await Promise.all([listOpenOperatorAlerts(getDb(), SHOWN), countOpenOperatorAlerts(getDb())]);
  return { alerts, total };
}
