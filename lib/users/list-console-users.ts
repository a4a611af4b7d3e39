import { getDb } from "../db/client";
import { type ConsoleUserRecord, listConsoleUserRows } from "../db/console-users";
import { type UserManager, hasFinishedSetup, managedMerchantOf } from "./user-access";

export type ConsoleUserStatus = "setup_pending" | "active" | "disabled";

export type ConsoleUserSummary = {
  id: string;
  email: string;
  role: string;
  merchantId: string | null;
  /** Active: can sign in; setup_pending: the setup link is still to be used (or a new one issued). */
  status: ConsoleUserStatus;
  totp: boolean;
  createdAt: string;
  disabledAt: string | null;
};

export function consoleUserStatusOf(user: ConsoleUserRecord): ConsoleUserStatus {
  if (user.disabledAt) return "disabled";
  return hasFinishedSetup(user) ? "active" : "setup_pending";
}

/** `user list` and the console's users page: every user for operators, a merchant admin's own merchant's. */
export async function listConsoleUsers(by: UserManager): Promise<ConsoleUserSummary[]> {
  const rows = await listConsoleUserRows(getDb(), managedMerchantOf(by));
  return rows.map((user) => ({
    id: user.id,
    email: user.email,
    role: user.role,
    merchantId: user.merchantId,
    status: consoleUserStatusOf(user),
    totp: user.totpEnabledAt !== null,
    createdAt: user.createdAt.toISOString(),
    disabledAt: user.disabledAt?.toISOString() ?? null,
  }));
}
