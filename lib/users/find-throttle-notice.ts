// The notice a user gets after their account was throttled (issue 25). Sign-in works it out from
// the audit log (the account's throttles since the user's previous sign-in, and the addresses of
// the failures) and keeps it in the detail of that session's session.logged_in: the console shows
// it throughout that session, and the next sign-in starts from nothing again.
import { z } from "zod";
import type { Actor } from "../access/actor";
import { getDb } from "../db/client";
import { listTargetAuditEvents } from "../db/audit-events";

export const throttleNoticeSchema = z.object({
  /** The latest time the account's budget was spent, ISO 8601. */
  at: z.iso.datetime(),
  /** How many times it was spent since the previous sign-in. */
  times: z.number().int().positive(),
  /** From how many client addresses the failed sign-ins came. */
  addresses: z.number().int().nonnegative(),
});

export type ThrottleNotice = z.infer<typeof throttleNoticeSchema>;

/** The notice for the actor's session, or null when their account was not throttled before it began. */
export async function findThrottleNotice(actor: Actor): Promise<ThrottleNotice | null> {
  const events = await listTargetAuditEvents(getDb(), "console_session", actor.sessionId);
  const signIn = events.find((event) => event.action === "session.logged_in");
  const detail = z.object({ accountThrottled: throttleNoticeSchema.optional() }).safeParse(signIn?.detail);
  return detail.data?.accountThrottled ?? null;
}
