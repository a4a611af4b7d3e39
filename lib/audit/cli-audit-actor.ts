import { userInfo } from "node:os";
import type { AuditActor } from "./record-audit-event";

/** The command line as the audit log names it: the shell account that ran `npm run cashier`. */
export function cliAuditActor(): AuditActor {
  let account = "unknown";
  try {
    account = userInfo().username;
  } catch {
    // A container user without a passwd entry: the record still says it came from the CLI.
  }
  return { userId: null, email: `cli:${account}`, role: "cli", sessionId: null };
}
