import { forbidden, notFound } from "next/navigation";
import type { Actor } from "../access/actor";
import { isAppError } from "../errors/app-error";
import { recordAccessDenied } from "./record-access-denied";

/**
 * A console page's domain refusal as Next.js's own answers: another merchant's id, or one that
 * does not exist, is the 404 page; what the actor's role may not open is the 403 page. Anything
 * else is rethrown. An access denial is recorded first. Use as
 * `.catch(refusePage(actor, "/console/keys"))` on a page's reads.
 */
export function refusePage(actor: Actor, page: string): (error: unknown) => Promise<never> {
  return async (error) => {
    await recordAccessDenied(actor, { page }, error);
    if (isAppError(error) && error.code === "not_found") notFound();
    if (isAppError(error) && error.code === "forbidden") forbidden();
    throw error;
  };
}
