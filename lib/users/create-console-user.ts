import { type AuditActor, recordAuditEvent } from "../audit/record-audit-event";
import { getConfig } from "../config/config";
import { hashToken, newBearerToken } from "../crypto/hash-token";
import { getDb } from "../db/client";
import { findConsoleUserByEmail, insertConsoleUser, insertSetupToken } from "../db/console-users";
import { findMerchant } from "../db/merchants";
import { AppError } from "../errors/app-error";
import { newId } from "../ids/new-id";
import { hashPassword } from "./password-hash";
import { consolePasswordSchema, createConsoleUserSchema } from "./schemas";
import { newTotpSecret, sealTotpSecret } from "./totp";

export type CreatedConsoleUser = {
  id: string;
  email: string;
  role: string;
  merchantId: string | null;
  /** The one-time link to set the password and the authenticator; shown once, only its hash is kept. */
  setupUrl: string;
  setupExpiresAt: string;
};

/**
 * Creates a console user and their one-time setup link. A password given here (the CLI's
 * --password-stdin) is set at once; the link then only enrols the authenticator, which an
 * operator must do before signing in.
 */
export async function createConsoleUser(
  input: unknown,
  by: AuditActor,
  options: { password?: string } = {},
): Promise<CreatedConsoleUser> {
  const { email, role, merchantId = null } = createConsoleUserSchema.parse(input);
  let passwordHash: string | null = null;
  if (options.password !== undefined) {
    const password = consolePasswordSchema.safeParse(options.password);
    if (!password.success) throw new AppError("invalid_argument", `the password ${password.error.issues[0].message}`);
    passwordHash = await hashPassword(password.data);
  }
  const config = getConfig();
  const token = newBearerToken();
  const expiresAt = new Date(Date.now() + config.console.setupLinkSeconds * 1000);
  const id = newId("usr");
  const user = await getDb().$transaction(async (tx) => {
    if (merchantId !== null && !(await findMerchant(tx, merchantId)))
      throw new AppError("not_found", `no merchant ${merchantId}`);
    if (await findConsoleUserByEmail(tx, email))
      throw new AppError("invalid_argument", `a console user with the e-mail ${email} exists already`);
    // The authenticator's secret is drawn now, pending until a code from it is verified at setup.
    const created = await insertConsoleUser(tx, {
      id,
      email,
      role,
      merchantId,
      passwordHash,
      totpSecretCiphertext: sealTotpSecret(id, newTotpSecret()),
    });
    await insertSetupToken(tx, { tokenHash: hashToken(token), userId: id, expiresAt });
    await recordAuditEvent(tx, {
      actor: by,
      action: "user.created",
      targetType: "console_user",
      targetId: id,
      merchantId,
      ip: null,
      detail: { email, role, passwordSet: passwordHash !== null },
    });
    return created;
  });
  return {
    id: user.id,
    email: user.email,
    role: user.role,
    merchantId: user.merchantId,
    setupUrl: `${config.publicBaseUrl}/console/setup/${token}`,
    setupExpiresAt: expiresAt.toISOString(),
  };
}
