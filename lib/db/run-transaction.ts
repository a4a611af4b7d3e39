// Interactive transactions whose work may leave something to do once they have committed (a
// metric's count that must not count a rollback): afterCommit defers it, runTransaction runs what
// was deferred after the commit, never after a rollback.
import { log } from "../log/logger";
import { type Tx, getDb } from "./client";

const deferred = new WeakMap<Tx, (() => void)[]>();

/** `getDb().$transaction(work)`, then what the work deferred with afterCommit, in order. */
export async function runTransaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
  const hooks: (() => void)[] = [];
  const result = await getDb().$transaction((tx) => {
    deferred.set(tx, hooks);
    return work(tx);
  });
  // Committed: a hook that fails must not make the caller take the change for undone.
  for (const hook of hooks) {
    try {
      hook();
    } catch (error) {
      log.error("a step after a commit failed", { error: error instanceof Error ? error.message : String(error) });
    }
  }
  return result;
}

/** Runs `hook` once `tx` has committed. Throws for a transaction runTransaction did not open: the hook would never run. */
export function afterCommit(tx: Tx, hook: () => void): void {
  const hooks = deferred.get(tx);
  if (!hooks) throw new Error("afterCommit needs a transaction opened by runTransaction");
  hooks.push(hook);
}
