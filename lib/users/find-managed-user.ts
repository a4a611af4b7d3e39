import { z } from "zod";
import type { Tx } from "../db/client";
import { type ConsoleUserRecord, findConsoleUserByEmail, findConsoleUserById } from "../db/console-users";
import { AppError } from "../errors/app-error";
import { isIdOf } from "../ids/new-id";
import { consoleEmailSchema } from "./schemas";
import { type UserManager, assertMayManage, managedMerchantOf } from "./user-access";

/** A user as the CLI names them (an e-mail) or the console does (their id). */
export const consoleUserRefSchema = z.union([
  z.object({ email: consoleEmailSchema }),
  z.object({ id: z.string().refine((id) => isIdOf("usr", id), { error: "must be a console user id" }) }),
]);

export type ConsoleUserRef = z.input<typeof consoleUserRefSchema>;

/** The user `by` names, inside the caller's transaction; unknown, or outside what `by` manages, is not found. */
export async function findManagedUser(tx: Tx, by: UserManager, ref: ConsoleUserRef): Promise<ConsoleUserRecord> {
  managedMerchantOf(by);
  const parsed = consoleUserRefSchema.parse(ref);
  const name = "email" in parsed ? parsed.email : parsed.id;
  const user =
    "email" in parsed ? await findConsoleUserByEmail(tx, parsed.email) : await findConsoleUserById(tx, parsed.id);
  if (!user) throw new AppError("not_found", `no console user ${name}`);
  assertMayManage(by, user);
  return user;
}
