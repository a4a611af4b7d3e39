import type { ConsoleRole } from "../access/actor";
import { type AuditActor, recordAuditEvent } from "../audit/record-audit-event";
import { type Tx, getDb } from "../db/client";
import { findConsoleUserByEmail, insertConsoleUser } from "../db/console-users";
import { findMerchant } from "../db/merchants";
import { AppError } from "../errors/app-error";
import { newId } from "../ids/new-id";
import { hashPassword } from "./password-hash";
import { consolePasswordSchema, createConsoleUserSchema } from "./schemas";
import { type IssuedSetupLink, emailSetupLink } from "./email-setup-link";
import { type SetupLink, issueSetupLink } from "./setup-link";
import { newTotpSecret, sealTotpSecret } from "./totp";
import { type UserManager, assertMayGrant, ipOf } from "./user-access";

type ConsoleUserFields = { id: string; email: string; role: string; merchantId: string | null };

/** A user added inside a caller's transaction, with the link nothing has e-mailed yet. */
export type AddedConsoleUser = ConsoleUserFields & SetupLink;

export type CreatedConsoleUser = ConsoleUserFields & IssuedSetupLink;

/** The refusal of an e-mail another console user has: one person, one account. */
export const emailTaken = (email: string) =>
  new AppError("invalid_argument", `a console user with the e-mail ${email} exists already`, [
    { path: "email", message: "is taken by another console user" },
  ]);

/**
 * Creates a console user and their one-time setup link: `user create` and the console's invite.
 * A password given here (the CLI's --password-stdin) is set at once; the link then only enrols the
 * authenticator, which an operator must do before signing in. With SMTP_URL set the link is also
 * e-mailed to the user; the creator sees it either way, and whether the e-mail went out.
 */
export async function createConsoleUser(
  input: unknown,
  by: UserManager,
  options: { password?: string } = {},
): Promise<CreatedConsoleUser> {
  const { email, role, merchantId = null } = createConsoleUserSchema.parse(input);
  assertMayGrant(by, role, merchantId);
  let passwordHash: string | null = null;
  if (options.password !== undefined) {
    const password = consolePasswordSchema.safeParse(options.password);
    if (!password.success) throw new AppError("invalid_argument", `the password ${password.error.issues[0].message}`);
    passwordHash = await hashPassword(password.data);
  }
  const { setupUrl, setupExpiresAt, ...user } = await getDb().$transaction((tx) =>
    addConsoleUser(tx, { email, role, merchantId, passwordHash }, { actor: by, ip: ipOf(by) }),
  );
  return { ...user, ...(await emailSetupLink(user, { setupUrl, setupExpiresAt }, "invitation", by)) };
}

/**
 * The user, their setup link and `user.created`, inside the caller's transaction: the sandbox
 * sign-up commits its admin with the merchant it makes. Who may grant the role is the caller's
 * check.
 */
export async function addConsoleUser(
  tx: Tx,
  user: { email: string; role: ConsoleRole; merchantId: string | null; passwordHash: string | null },
  audit: { actor: AuditActor; ip: string | null },
): Promise<AddedConsoleUser> {
  const { email, role, merchantId, passwordHash } = user;
  const id = newId("usr");
  if (merchantId !== null && !(await findMerchant(tx, merchantId)))
    throw new AppError("not_found", `no merchant ${merchantId}`);
  if (await findConsoleUserByEmail(tx, email)) throw emailTaken(email);
  // The authenticator's secret is drawn now, pending until a code from it is verified at setup.
  const created = await insertConsoleUser(tx, {
    id,
    email,
    role,
    merchantId,
    passwordHash,
    totpSecretCiphertext: sealTotpSecret(id, newTotpSecret()),
  });
  const link = await issueSetupLink(tx, id);
  await recordAuditEvent(tx, {
    actor: audit.actor,
    action: "user.created",
    targetType: "console_user",
    targetId: id,
    merchantId,
    ip: audit.ip,
    detail: { email, role, passwordSet: passwordHash !== null },
  });
  return { id: created.id, email: created.email, role: created.role, merchantId: created.merchantId, ...link };
}
