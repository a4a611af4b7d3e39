// The console's route handlers (the CSV exports): the signed-in actor, and a refusal as the same
// application/problem+json the API answers unsigned (a schema's 422 with its fields, another
// merchant's id as 404), never a 500, an access denial recorded first. Without a session,
// requireActor sends the browser to login.
import { toAppError } from "../errors/to-app-error";
import { toUnavailableError } from "../db/database-outage";
import { problemOf } from "../http/problem";
import type { Actor } from "../access/actor";
import { recordAccessDenied } from "./record-access-denied";
import { requireActor } from "./require-actor";

export function withConsoleRoute(handler: (request: Request, actor: Actor) => Promise<Response>) {
  return async (request: Request): Promise<Response> => {
    const actor = await requireActor();
    try {
      return await handler(request, actor);
    } catch (error) {
      await recordAccessDenied(actor, { page: new URL(request.url).pathname }, error);
      const known = toUnavailableError(error) ?? toAppError(error);
      if (!known) throw error;
      return problemOf(known);
    }
  };
}
