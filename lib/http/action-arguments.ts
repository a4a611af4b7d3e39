// What a server action's arguments must be, as schemas (lib/http/parse-action-arguments reads them):
// apart from the parsing, which answers Next.js's 404, so that the schemas the command-line tool
// shares with the console (lib/users/schemas) load without Next.js.
import { z } from "zod";
import { textProblem } from "../text/text-problem";

/** What useActionState hands back: the state the server answered last. Never read. */
export const actionState = z.unknown();

/** The form a form action receives: no NUL in its text fields or their names (PostgreSQL stores none). */
export const actionForm = z.instanceof(FormData).superRefine((form, context) => {
  for (const [name, value] of form.entries()) {
    const problem = textProblem(name) ?? (typeof value === "string" ? textProblem(value) : null);
    if (problem) context.addIssue({ code: "custom", path: [name.slice(0, 40)], message: problem });
  }
});

/** A plain form action's arguments: the form. */
export const formArguments = z.tuple([actionForm]);

/** A useActionState form's arguments: the last state, then the form. */
export const formStateArguments = z.tuple([actionState, actionForm]);
