// Sandbox sign-up, its second step: the link's owner confirms, and in one transaction gets a
// sandbox merchant with its first test key, a merchant admin for the address (with a setup link
// for the password and authenticator) and the link used up. The key's secret and the setup link
// are answered this once and stored only sealed or hashed, as an operator's `merchant create` and
// `user create` do. Never a live merchant: the mode is sandbox here, and only an operator
// switches a merchant to live (lib/merchants/switch-merchant-mode).
import { recordAuditEvent } from "../audit/record-audit-event";
import { hashToken } from "../crypto/hash-token";
import { getDb } from "../db/client";
import { findSandboxSignupByTokenHash, markSandboxSignupConfirmed } from "../db/sandbox-signups";
import { AppError } from "../errors/app-error";
import { auditMerchantCreated } from "../merchants/create-console-merchant";
import { createMerchant } from "../merchants/create-merchant";
import type { IssuedKey } from "../merchants/issue-api-key";
import { type AddedConsoleUser, addConsoleUser, emailTaken } from "../users/create-console-user";
import { isUniqueViolation } from "../db/errors";
import { requireSandboxSignup, signupAuditActor } from "./sandbox-signup-access";

export type ConfirmedSandboxSignup = IssuedKey & Pick<AddedConsoleUser, "email" | "setupUrl" | "setupExpiresAt">;

const linkNotValid = () => new AppError("not_found", "this sign-up link is not valid: it expired or was used");

export async function confirmSandboxSignup(
  token: string,
  ip: string | null,
  now: Date = new Date(),
): Promise<ConfirmedSandboxSignup> {
  requireSandboxSignup();
  const signup = await findSandboxSignupByTokenHash(getDb(), hashToken(token));
  if (!signup || signup.confirmedAt || signup.expiresAt <= now) throw linkNotValid();
  const actor = signupAuditActor(signup.email);
  let admin: AddedConsoleUser | undefined;
  const key = await createMerchant({ name: signup.merchantName, mode: "sandbox" }, async (tx, issued, merchant) => {
    // The claim decides between two confirmations of one link: the loser's merchant rolls back.
    if (!(await markSandboxSignupConfirmed(tx, signup.id, merchant.id, now))) throw linkNotValid();
    await auditMerchantCreated(actor, ip)(tx, issued, merchant);
    admin = await addConsoleUser(
      tx,
      { email: signup.email, role: "merchant-admin", merchantId: merchant.id, passwordHash: null },
      { actor, ip },
    );
    await recordAuditEvent(tx, {
      actor,
      action: "sandbox_signup.confirmed",
      targetType: "sandbox_signup",
      targetId: signup.id,
      merchantId: merchant.id,
      ip,
      detail: { user: admin.id, api_key: issued.keyId },
    });
  }).catch((error: unknown) => {
    // Two links of one address confirmed at once: the later meets the earlier's user at the insert.
    if (isUniqueViolation(error)) throw emailTaken(signup.email);
    throw error;
  });
  const { email, setupUrl, setupExpiresAt } = admin!;
  return { ...key, email, setupUrl, setupExpiresAt };
}
