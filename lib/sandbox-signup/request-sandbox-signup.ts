// Sandbox sign-up, its first step (issue 42): a name and an e-mail in, at most one e-mail out. The
// answer is the same whatever the address is (a link sent; a note that it has an account already;
// a daily limit reached and nothing sent), so the page tells nobody which addresses have accounts.
// Only the address's mailbox learns which it was.
import { raiseOperatorAlert } from "../alerts/raise-operator-alert";
import { recordAuditEvent } from "../audit/record-audit-event";
import { getConfig } from "../config/config";
import { hashToken, newBearerToken } from "../crypto/hash-token";
import { getDb } from "../db/client";
import { findConsoleUserByEmail } from "../db/console-users";
import { countSandboxSignupsSince, insertSandboxSignup } from "../db/sandbox-signups";
import { sendEmail } from "../email/send-email";
import { AppError } from "../errors/app-error";
import { signupMessages } from "../i18n/sandbox-signup";
import type { Locale } from "../i18n/messages";
import { newId } from "../ids/new-id";
import { log } from "../log/logger";
import { addressKeyOf } from "../rate-limits/address-key";
import { consumeRateLimit } from "../rate-limits/consume-rate-limit";
import { requireSandboxSignup, signupAuditActor } from "./sandbox-signup-access";
import { SIGNUP_EMAILS_PER_ADDRESS_DAILY, SIGNUP_LINK_SECONDS, sandboxSignupSchema } from "./schemas";

const DAY_MS = 24 * 3600 * 1000;

type Outcome =
  | { sent: "link"; id: string; token: string }
  | { sent: "account_exists"; id: string }
  | { sent: null; isDomainLimit: boolean };

/**
 * `ip`: the client's address, whose hourly budget a request spends first (a clear 429: it says
 * nothing of any address); `locale`: the page's language, the e-mail's too.
 */
export async function requestSandboxSignup(
  input: unknown,
  context: { ip: string | null; locale: Locale },
  now: Date = new Date(),
): Promise<{ email: string }> {
  const settings = requireSandboxSignup();
  const { name, email } = sandboxSignupSchema.parse(input);
  const budget = await consumeRateLimit("sandboxSignupIp", addressKeyOf(context.ip));
  if (budget.isLimited)
    throw new AppError(
      "rate_limited",
      "too many sign-ups from this network: try again later",
      undefined,
      undefined,
      budget.retryAfterSeconds,
    );
  const emailDomain = email.slice(email.lastIndexOf("@") + 1);
  const since = new Date(now.getTime() - DAY_MS);
  const outcome = await getDb().$transaction(async (tx): Promise<Outcome> => {
    if ((await countSandboxSignupsSince(tx, { email }, since)) >= SIGNUP_EMAILS_PER_ADDRESS_DAILY) {
      log.info("sandbox sign-up not sent: the address's daily limit", { emailDomain });
      return { sent: null, isDomainLimit: false };
    }
    if ((await countSandboxSignupsSince(tx, { emailDomain }, since)) >= settings.domainDaily) {
      log.info("sandbox sign-up not sent: the domain's daily limit", { emailDomain });
      return { sent: null, isDomainLimit: true };
    }
    const hasAccount = (await findConsoleUserByEmail(tx, email)) !== null;
    const id = newId("sgn");
    const token = newBearerToken();
    await insertSandboxSignup(tx, {
      id,
      email,
      emailDomain,
      merchantName: name,
      tokenHash: hasAccount ? null : hashToken(token),
      expiresAt: new Date(now.getTime() + SIGNUP_LINK_SECONDS * 1000),
    });
    await recordAuditEvent(tx, {
      actor: signupAuditActor(email),
      action: "sandbox_signup.requested",
      targetType: "sandbox_signup",
      targetId: id,
      merchantId: null,
      ip: context.ip,
      detail: { sent: hasAccount ? "account_exists" : "link" },
    });
    return hasAccount ? { sent: "account_exists", id } : { sent: "link", id, token };
  });
  if (outcome.sent !== null) await sendSignupEmail(email, name, outcome, context.locale);
  else if (outcome.isDomainLimit) await alertDomainLimit(emailDomain, settings.domainDaily, now);
  return { email };
}

/**
 * A domain past its daily limit is refused without a word to its addresses (the page answers the
 * same), so a big mail provider's developers could be shut out for a day by someone spending its
 * limit: the operator hears of it, to raise the limit or look for abuse. Once a UTC day, naming
 * the first domain (the log names each): domains are whatever a requester types, so one alert a
 * domain would let anyone flood the operator. Outside the sign-up's transaction: a concurrent
 * raise of the same alert must not undo it.
 */
async function alertDomainLimit(emailDomain: string, limit: number, now: Date): Promise<void> {
  await raiseOperatorAlert(getDb(), {
    kind: "signup_domain_limit",
    subject: now.toISOString().slice(0, 10),
    message: `sandbox sign-ups for @${emailDomain} reached CASHIER_SANDBOX_SIGNUP_DOMAIN_DAILY (${limit}) in the 24 hours to ${now.toISOString()}: further ones get no e-mail until the count falls, while the page answers as if sent (the log's "the domain's daily limit" lines name any other domain today); raise the limit if they are developers, or look at the audit log's sandbox_signup.requested for abuse`,
  });
}

async function sendSignupEmail(
  email: string,
  merchantName: string,
  outcome: Exclude<Outcome, { sent: null }>,
  locale: Locale,
): Promise<void> {
  const { publicBaseUrl } = getConfig();
  const words = signupMessages[locale].mail;
  const message =
    outcome.sent === "link"
      ? {
          subject: words.confirmSubject,
          text: words.confirmText(`${publicBaseUrl}/console/signup/${outcome.token}`, merchantName),
        }
      : { subject: words.existingSubject, text: words.existingText(`${publicBaseUrl}/console/login`) };
  try {
    await sendEmail({ to: [email], ...message, messageId: `<${outcome.id}@${new URL(publicBaseUrl).hostname}>` });
  } catch (error) {
    // The mail server's reason, never the message: the link in it is a credential.
    log.error("sandbox sign-up e-mail not sent", {
      signupId: outcome.id,
      error: error instanceof Error ? error.message : String(error),
    });
    throw new AppError("service_unavailable", "the e-mail could not be sent: try again in a few minutes");
  }
}
