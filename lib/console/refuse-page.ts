import { forbidden, notFound } from "next/navigation";
import { isAppError } from "../errors/app-error";

/**
 * A console page's domain refusal as Next.js's own answers: another merchant's id, or one that
 * does not exist, is the 404 page; what the actor's role may not open is the 403 page. Anything
 * else is rethrown. Use as `.catch(refusePage)` on a page's reads.
 */
export function refusePage(error: unknown): never {
  if (isAppError(error) && error.code === "not_found") notFound();
  if (isAppError(error) && error.code === "forbidden") forbidden();
  throw error;
}
