// Who is acting in the console, and what that lets them see and do. Access is decided here, in
// the domain, by every console operation (it takes the Actor first), not only by the pages that
// call it.
import { AppError } from "../errors/app-error";

export type ConsoleRole = "operator" | "merchant-admin" | "merchant-viewer";

/** A signed-in console user as the domain sees them: read from their session, never from a form. */
export type Actor = {
  userId: string;
  email: string;
  role: ConsoleRole;
  merchantId: string | null;
  sessionId: string;
  ip: string | null;
};

/** null: every merchant (an operator); otherwise the one merchant the user belongs to. */
export function merchantScopeOf(actor: Actor): string | null {
  if (actor.role === "operator") return null;
  // A merchant user without a merchant is a broken row: it must see nothing rather than everything.
  if (actor.merchantId === null)
    throw new AppError("forbidden", `console user ${actor.userId} has no merchant`, undefined, {
      reason: "no_merchant",
    });
  return actor.merchantId;
}

/** Refuses (403) an action the actor's role may not take; a merchant viewer never changes anything. */
export function assertRole(actor: Actor, ...roles: ConsoleRole[]): void {
  if (!roles.includes(actor.role))
    throw new AppError("forbidden", `a ${actor.role} may not do this`, undefined, { reason: "role" });
}

/**
 * The refusal of an object outside the actor's merchant: the same 404 as an id that does not
 * exist, so ids cannot be probed, but known to the console as a denial worth recording.
 */
export function outsideScope(detail: string, target: { type: string; id: string }): AppError {
  return new AppError("not_found", detail, undefined, { reason: "other_merchant", target });
}
