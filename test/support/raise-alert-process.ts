// A child process that raises one operator alert in the database of its environment, the way the
// gateway does when the PSP moves money on its own: for browser tests of the overview, whose
// server has no PSP to provoke one. Argument: the alert as JSON (amountCents as a string).
import { raiseOperatorAlert } from "../../lib/alerts/raise-operator-alert";
import { disconnectDb, getDb } from "../../lib/db/client";

const alert = JSON.parse(process.argv[2] ?? "{}");
await raiseOperatorAlert(getDb(), { ...alert, amountCents: alert.amountCents ? BigInt(alert.amountCents) : null });
await disconnectDb();
