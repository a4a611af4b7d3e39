// What the console's users page shows of each user and offers the one looking, decided in one
// place (as lib/hosted/payment-flow decides the hosted pages). The page is only a view: the
// operations behind its buttons (lib/users, scoped by user-access) check the actor again.
import type { Actor } from "../access/actor";
import type { ConsoleUserStatus, ConsoleUserSummary } from "./list-console-users";

export type ConsoleUserView = {
  /** The one looking: marked "(você)", and offered nothing on their own account. */
  isSelf: boolean;
  /** How the status badge reads: active well, a setup still to finish as a warning, disabled as past. */
  statusTone: "success" | "warning" | "neutral";
  /** Whether an active user signs in with an authenticator; null until the user is active. */
  authenticator: "on" | "off" | null;
  /** Operators see every merchant's users, so each names its merchant. */
  namesMerchant: boolean;
  /** Disable, a new setup link, an authenticator reset: never on one's own account, and a disabled one is final. */
  canAct: boolean;
};

const statusTones: Record<ConsoleUserStatus, ConsoleUserView["statusTone"]> = {
  active: "success",
  setup_pending: "warning",
  disabled: "neutral",
};

export function consoleUserView(actor: Pick<Actor, "userId" | "role">, user: ConsoleUserSummary): ConsoleUserView {
  const isSelf = user.id === actor.userId;
  return {
    isSelf,
    statusTone: statusTones[user.status],
    authenticator: user.status === "active" ? (user.totp ? "on" : "off") : null,
    namesMerchant: actor.role === "operator" && user.merchantId !== null,
    canAct: !isSelf && user.status !== "disabled",
  };
}
