import { getDb } from "../db/client";
import { listConsoleUserRows } from "../db/console-users";

export type ConsoleUserSummary = {
  id: string;
  email: string;
  role: string;
  merchantId: string | null;
  status: "setup_pending" | "active" | "disabled";
  totp: boolean;
  createdAt: string;
};

export async function listConsoleUsers(): Promise<ConsoleUserSummary[]> {
  const rows = await listConsoleUserRows(getDb());
  return rows.map((user) => ({
    id: user.id,
    email: user.email,
    role: user.role,
    merchantId: user.merchantId,
    status: user.disabledAt ? "disabled" : user.passwordHash ? "active" : "setup_pending",
    totp: user.totpEnabledAt !== null,
    createdAt: user.createdAt.toISOString(),
  }));
}
