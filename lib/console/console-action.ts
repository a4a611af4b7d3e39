// The one frame every console server action runs inside, as every API route runs inside
// withEnvelope (lib/envelope/with-envelope.ts). An action declares its audit name, who may call
// it, its arguments' schema, the paths its success changes and, when its form shows a refusal in
// a shape of its own, that shape; its body is the one domain call and its answer. The frame:
//  1. parses the arguments (lib/http/parse-action-arguments): a call no page makes is a 404 with
//     nothing read or written, before any session is looked up;
//  2. finds the actor (lib/console/require-actor: no live session goes to the login page) and
//     refuses a role the action does not name, as the domain operation would (the operation keeps
//     its own check: the CLI and the API call them too);
//  3. runs the body; a refusal (AppError, ZodError) is recorded when it is an access denial
//     (access.denied in the audit log, lib/console/refuse-action) and answered as the form's state;
//     anything else stays a 500, and Next.js's redirect and not-found signals pass through;
//  4. on success revalidates the named paths, then answers the state or follows `redirectTo`.
// Actions taken without a session (sign-in, a setup link's steps, the language switch) use
// publicConsoleAction: the same frame without the actor, their refusals audited by the domain.
// Every action made here carries a brand (isConsoleAction), so a test can fail for one that is not.
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import type { z } from "zod";
import { type Actor, type ConsoleRole, assertRole } from "../access/actor";
import { type FormFailure, toFormFailure } from "../errors/to-form-failure";
import { formStateArguments } from "../http/action-arguments";
import { parseActionArguments } from "../http/parse-action-arguments";
import { refuseAction } from "./refuse-action";
import { requireActor } from "./require-actor";

const CONSOLE_ACTION = Symbol("console action");
const REDIRECT = Symbol("redirect");

/** A successful action's way on: another page, after the revalidation. */
export type Redirect = { [REDIRECT]: string };

/** Answer a success by going to `path` (a 303 for a form posted without script). */
export function redirectTo(path: string): Redirect {
  return { [REDIRECT]: path };
}

type ArgumentsSchema = z.ZodType<unknown[]>;
type Args<S extends ArgumentsSchema> = z.output<S>;

/**
 * How a refusal reaches the form: by default the FormFailure itself, which a state holding one
 * need not say; a state of another shape maps it; "throw" for a plain form, which has no state to
 * show one in (the refusal is the error page, as any failure of a plain form is).
 */
type RefusalSpec<State, S extends ArgumentsSchema> = FormFailure extends State
  ? { refusal?: (failure: FormFailure, ...args: Args<S>) => State }
  : { refusal: ((failure: FormFailure, ...args: Args<S>) => State) | "throw" };

type FrameSpec<State, S extends ArgumentsSchema> = {
  /** Its arguments; a useActionState form's (the last state, then the form) when absent. */
  args?: S;
  /** The paths whose pages its success changes. */
  revalidate?: string[] | ((...args: Args<S>) => string[]);
} & RefusalSpec<State, S>;

type ActionSpec<State, S extends ArgumentsSchema> = FrameSpec<State, S> & {
  /** What the audit log names it (`keys.revoke`), or the name for these arguments. */
  name: string | ((...args: Args<S>) => string);
  /** The roles that may take it. */
  roles: readonly ConsoleRole[];
};

type ConsoleActionFunction<State, S extends ArgumentsSchema> = (...args: Args<S>) => Promise<State>;

/** Whether `value` is an action made by consoleAction or publicConsoleAction. */
export function isConsoleAction(value: unknown): boolean {
  return typeof value === "function" && CONSOLE_ACTION in value;
}

/** A signed-in user's action: `consoleAction<State>({ name, roles, revalidate }, async (actor, _state, form) => …)`. */
export function consoleAction<State, S extends ArgumentsSchema = typeof formStateArguments>(
  spec: ActionSpec<State, S>,
  body: (actor: Actor, ...args: Args<S>) => Promise<State | Redirect>,
): ConsoleActionFunction<State, S> {
  return frame<State, S>(spec, async (args) => {
    const actor = await requireActor();
    try {
      assertRole(actor, ...spec.roles);
      return { answer: await body(actor, ...args) };
    } catch (error) {
      if (spec.refusal === "throw") throw error;
      const name = typeof spec.name === "string" ? spec.name : spec.name(...args);
      return { failure: await refuseAction(actor, name, error) };
    }
  });
}

/** An action taken without a session: `publicConsoleAction<State, typeof setupFormArguments>({ args }, async (token, _state, form) => …)`. */
export function publicConsoleAction<State, S extends ArgumentsSchema = typeof formStateArguments>(
  spec: FrameSpec<State, S>,
  body: (...args: Args<S>) => Promise<State | Redirect>,
): ConsoleActionFunction<State, S> {
  return frame<State, S>(spec, async (args) => {
    try {
      return { answer: await body(...args) };
    } catch (error) {
      if (spec.refusal === "throw") throw error;
      return { failure: toFormFailure(error) };
    }
  });
}

type Outcome<State> = { answer: State | Redirect } | { failure: FormFailure };

function frame<State, S extends ArgumentsSchema>(
  spec: FrameSpec<State, S>,
  run: (args: Args<S>) => Promise<Outcome<State>>,
): ConsoleActionFunction<State, S> {
  const action = async (...raw: unknown[]): Promise<State> => {
    const args = parseActionArguments(spec.args ?? formStateArguments, raw) as Args<S>;
    const outcome = await run(args);
    if ("failure" in outcome) {
      const refusal = spec.refusal as ((failure: FormFailure, ...args: Args<S>) => State) | undefined;
      // Without a mapping the state holds a FormFailure (RefusalSpec): the failure is the state.
      return refusal ? refusal(outcome.failure, ...args) : (outcome.failure as State);
    }
    const paths = typeof spec.revalidate === "function" ? spec.revalidate(...args) : (spec.revalidate ?? []);
    for (const path of paths) revalidatePath(path);
    const { answer } = outcome;
    if (typeof answer === "object" && answer !== null && REDIRECT in answer) redirect(answer[REDIRECT]);
    return answer as State;
  };
  return Object.assign(action, { [CONSOLE_ACTION]: true });
}
