// Issue 42, e-mail: setup links (invitation, new link, authenticator reset) reach the user's
// mailbox at a real local SMTP server, from the console and the CLI alike, and the creator is told
// whether they did; "Esqueci minha senha" sends a single-use reset link to a user who can sign in
// and the same answer, in the same time, for anyone else; the link sets a password only, ends the
// user's sessions, and is audited; the requests are throttled per address and per e-mail typed.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

const request = vi.hoisted(() => ({ ip: "198.51.100.60" }));

vi.mock("next/headers", async () => {
  const { CLIENT_IP_HEADER } = await import("@/lib/http/client-ip");
  return {
    cookies: async () => ({ get: () => undefined }),
    headers: async () => new Headers({ [CLIENT_IP_HEADER]: request.ip }),
  };
});

const { startSmtpSink } = await import("../support/smtp-sink");
const { forgetConfig } = await import("@/lib/config/config");
const { getDb } = await import("@/lib/db/client");
const { hashToken } = await import("@/lib/crypto/hash-token");
const { cliAuditActor } = await import("@/lib/audit/cli-audit-actor");
const { PASSWORD_RESETS_PER_ACCOUNT_PER_HOUR, PASSWORD_RESETS_PER_ADDRESS_PER_HOUR } =
  await import("@/lib/rate-limits/consume-rate-limit");
const { findConsoleSession } = await import("@/lib/sessions/find-console-session");
const { createConsoleUser } = await import("@/lib/users/create-console-user");
const { disableConsoleUser } = await import("@/lib/users/disable-console-user");
const { issueConsoleUserSetupLink } = await import("@/lib/users/issue-console-user-setup-link");
const { resetConsoleUserAuthenticator } = await import("@/lib/users/reset-console-user-authenticator");
const { requestPasswordReset } = await import("@/lib/users/request-password-reset");
const { findPasswordResetEmail, resetConsolePassword } = await import("@/lib/users/reset-console-password");
const { findSetupState, finishSetupWithoutTotp, setSetupPassword } = await import("@/lib/users/setup-console-user");
const { signInConsoleUser } = await import("@/lib/users/sign-in-console-user");
const { askForPasswordReset } = await import("@/app/console/forgot-password/actions");
const { createTestMerchant } = await import("../support/api");
const { auditOf, createTestConsoleUser, refusalOf, setupTokenOf, startTestConsoleSession } =
  await import("../support/console");
const { freshTotpCode } = await import("../support/totp-codes");

type Sink = Awaited<ReturnType<typeof startSmtpSink>>;

let sink: Sink;
let merchantId: string;
let operator: Awaited<ReturnType<typeof startTestConsoleSession>>["actor"];
const NEW_PASSWORD = "a brand new passphrase for the console";
const REFUSED = "nobody@refused.example";

beforeAll(async () => {
  sink = await startSmtpSink({ refuse: [REFUSED] });
  process.env.SMTP_URL = sink.url;
  forgetConfig();
  merchantId = (await createTestMerchant()).merchantId;
  operator = (await startTestConsoleSession(await createTestConsoleUser({ role: "operator" }))).actor;
});

afterAll(async () => {
  delete process.env.SMTP_URL;
  forgetConfig();
  await sink?.close();
});

const mailTo = (address: string) => sink.received.filter((mail) => mail.to.includes(address));
/** The reset e-mails to the address (a test user got their invitation first). */
const resetMailsTo = (address: string) => mailTo(address).filter((mail) => mail.subject.includes("Redefinir senha"));
const linkIn = (text: string, path: string) => new RegExp(`https?://\\S+${path}/[A-Za-z0-9_-]{43}`).exec(text)?.[0];
let addresses = 0;
/** Another client address, so a test's requests spend a budget of their own. */
const newAddress = () => `203.0.113.${++addresses}`;
const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe("setup links by e-mail", () => {
  it("an invitation from the console reaches the user in Portuguese then English, naming who invited them and until when; its link is the one shown and works", async () => {
    const invited = await createConsoleUser(
      { email: "Convidada@Loja.example", role: "merchant-admin", merchantId },
      operator,
    );
    expect(invited.emailed).toBe("sent");
    const [mail] = mailTo("convidada@loja.example");
    expect(mail.subject).toBe("Cashier: Convite / Invitation");
    const [portuguese, english] = mail.text.split("\n----\n");
    expect(portuguese).toContain(
      `${operator.email} convidou você para o console Cashier como administrador do lojista.`,
    );
    expect(portuguese).toMatch(/até \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} \(horário de Brasília\)/);
    expect(english).toContain(`${operator.email} invited you to the Cashier console as merchant admin.`);
    expect(english).toMatch(/until \d{1,2}\/\d{1,2}\/\d{2}, \d{1,2}:\d{2}\s[AP]M \(Brasília time\)/);
    expect(linkIn(portuguese, "/console/setup")).toBe(invited.setupUrl);
    expect(linkIn(english, "/console/setup")).toBe(invited.setupUrl);
    expect(await findSetupState(setupTokenOf(invited.setupUrl))).toMatchObject({ step: "password" });
    // Only the link's hash is stored, in the token table and nowhere else.
    const token = setupTokenOf(invited.setupUrl);
    const stored = JSON.stringify([await getDb().consoleSetupToken.findMany(), await getDb().auditEvent.findMany()]);
    expect(stored).not.toContain(token);
    expect(stored).toContain(hashToken(token));
  });

  it("from the CLI, a new link and an authenticator reset are e-mailed too, the sender named as an operator; the earlier link stops working", async () => {
    const created = await createConsoleUser(
      { email: "cli-user@loja.example", role: "merchant-viewer", merchantId },
      cliAuditActor(),
    );
    expect(mailTo("cli-user@loja.example")[0].text).toContain(
      "Um operador do Cashier convidou você para o console Cashier como leitura do lojista.",
    );
    const again = await issueConsoleUserSetupLink({ email: "cli-user@loja.example" }, cliAuditActor());
    expect(again.emailed).toBe("sent");
    const second = mailTo("cli-user@loja.example")[1];
    expect(second.subject).toBe("Cashier: Novo link de acesso / New access link");
    expect(linkIn(second.text, "/console/setup")).toBe(again.setupUrl);
    expect(await refusalOf(findSetupState(setupTokenOf(created.setupUrl)))).toBe("not_found");

    const user = await createTestConsoleUser({ role: "merchant-admin", merchantId });
    const reset = await resetConsoleUserAuthenticator({ id: user.id }, operator);
    expect(reset.emailed).toBe("sent");
    const mail = mailTo(user.email).at(-1)!;
    expect(mail.subject).toBe("Cashier: Autenticador redefinido / Authenticator reset");
    expect(mail.text).toContain(`${operator.email} redefiniu a senha e o autenticador`);
    expect(linkIn(mail.text, "/console/setup")).toBe(reset.setupUrl);
  });

  it("a mail server that refuses the address, or no SMTP_URL, leaves the link shown and working and says so", async () => {
    const refused = await createConsoleUser({ email: REFUSED, role: "merchant-viewer", merchantId }, operator);
    expect(refused.emailed).toBe("failed");
    expect(await findSetupState(setupTokenOf(refused.setupUrl))).toMatchObject({ step: "password" });

    delete process.env.SMTP_URL;
    forgetConfig();
    try {
      const unsent = await createConsoleUser({ email: "sem-smtp@loja.example", role: "operator" }, operator);
      expect(unsent.emailed).toBe("not_configured");
      expect(await findSetupState(setupTokenOf(unsent.setupUrl))).toMatchObject({ step: "password" });
      expect(mailTo("sem-smtp@loja.example")).toEqual([]);
    } finally {
      process.env.SMTP_URL = sink.url;
      forgetConfig();
    }
  });
});

describe("forgot password", () => {
  it("e-mails a single-use link that sets a new password only: sessions end, the authenticator is still asked, and both steps are audited", async () => {
    const user = await createTestConsoleUser({ role: "operator" });
    const session = await startTestConsoleSession(user);
    const ip = newAddress();
    const { answer, delivered } = await requestPasswordReset({ email: user.email.toUpperCase() }, ip);
    expect(answer).toEqual({ status: "sent" });
    await delivered;
    const [mail] = resetMailsTo(user.email);
    expect(mail.subject).toBe("Cashier: Redefinir senha / Reset your password");
    expect(mail.text).toContain("Se você ativou o app autenticador, ele continua o mesmo");
    expect(mail.text).toContain("If you turned the authenticator app on, it stays the same");
    const link = linkIn(mail.text, "/console/password-reset")!;
    const token = setupTokenOf(link);
    expect(await findPasswordResetEmail(token)).toBe(user.email);
    const [requested] = await auditOf(user.id, "user.password_reset_requested");
    expect(requested).toMatchObject({ actorUserId: null, actorEmail: user.email, ip, detail: { linkIssued: true } });
    const stored = JSON.stringify([
      await getDb().consolePasswordResetToken.findMany(),
      await getDb().auditEvent.findMany({ where: { targetId: user.id } }),
    ]);
    expect(stored).not.toContain(token);

    expect(await refusalOf(resetConsolePassword(token, { password: "short", confirmation: "short" }, ip))).toBe(
      "validation_failed",
    );
    expect(await refusalOf(resetConsolePassword(token, { password: NEW_PASSWORD, confirmation: "other" }, ip))).toBe(
      "validation_failed",
    );
    expect(await resetConsolePassword(token, { password: NEW_PASSWORD, confirmation: NEW_PASSWORD }, ip)).toEqual({
      sessionsEnded: 1,
    });
    expect(await findConsoleSession(session.token, null)).toBeNull();
    expect(await auditOf(user.id, "user.password_reset")).toMatchObject([
      { actorUserId: user.id, ip, detail: { sessionsEnded: 1 } },
    ]);
    // Used once; the same link opens nothing again.
    expect(await refusalOf(findPasswordResetEmail(token))).toBe("not_found");
    expect(
      await refusalOf(resetConsolePassword(token, { password: NEW_PASSWORD, confirmation: NEW_PASSWORD }, ip)),
    ).toBe("not_found");

    const client = { ip, userAgent: "vitest" };
    expect(await signInConsoleUser({ email: user.email, password: NEW_PASSWORD, code: "" }, client)).toEqual({
      status: "refused",
    });
    expect(
      (
        await signInConsoleUser(
          { email: user.email, password: user.password, code: freshTotpCode(user.totpSecret!)! },
          client,
        )
      ).status,
    ).toBe("refused");
    expect(
      (
        await signInConsoleUser(
          { email: user.email, password: NEW_PASSWORD, code: freshTotpCode(user.totpSecret!) ?? user.recoveryCodes[0] },
          client,
        )
      ).status,
    ).toBe("signed_in");
  });

  it("a newer link retires the earlier one, and a link past its hour opens nothing", async () => {
    const user = await createTestConsoleUser({ role: "merchant-admin", merchantId });
    const ip = newAddress();
    await (
      await requestPasswordReset({ email: user.email }, ip)
    ).delivered;
    await (
      await requestPasswordReset({ email: user.email }, ip)
    ).delivered;
    const [first, second] = resetMailsTo(user.email).map((mail) =>
      setupTokenOf(linkIn(mail.text, "/console/password-reset")!),
    );
    expect(await refusalOf(findPasswordResetEmail(first))).toBe("not_found");
    expect(await findPasswordResetEmail(second)).toBe(user.email);
    expect(await refusalOf(findPasswordResetEmail(second, new Date(Date.now() + 61 * 60_000)))).toBe("not_found");
  });

  it("a reset link dies when the account is set up again or disabled: an authenticator reset must not leave it to its holder", async () => {
    const linkAfterRequest = async (email: string) => {
      await (
        await requestPasswordReset({ email }, newAddress())
      ).delivered;
      return setupTokenOf(linkIn(resetMailsTo(email).at(-1)!.text, "/console/password-reset")!);
    };
    const reset = await createTestConsoleUser({ role: "merchant-admin", merchantId });
    const beforeReset = await linkAfterRequest(reset.email);
    const { setupUrl } = await resetConsoleUserAuthenticator({ id: reset.id }, operator);
    // The user sets the account up again (a merchant user may go without an authenticator).
    const setup = setupTokenOf(setupUrl);
    await setSetupPassword(setup, { password: NEW_PASSWORD, confirmation: NEW_PASSWORD }, null);
    await finishSetupWithoutTotp(setup, null);
    expect(await refusalOf(findPasswordResetEmail(beforeReset))).toBe("not_found");

    const disabled = await createTestConsoleUser({ role: "merchant-viewer", merchantId });
    const beforeDisable = await linkAfterRequest(disabled.email);
    await disableConsoleUser({ id: disabled.id }, operator);
    expect(await refusalOf(findPasswordResetEmail(beforeDisable))).toBe("not_found");
  });

  it("an unknown address, a disabled user and one who never finished setup get the same answer and no e-mail; the known ones are audited", async () => {
    const disabled = await createTestConsoleUser({ role: "merchant-viewer", merchantId });
    await disableConsoleUser({ id: disabled.id }, operator);
    const unfinished = await createConsoleUser(
      { email: "pela-metade@loja.example", role: "merchant-viewer", merchantId },
      operator,
    );
    const mailsBefore = sink.received.length;
    const ip = newAddress();
    for (const email of ["ninguem@loja.example", disabled.email, unfinished.email]) {
      const { answer, delivered } = await requestPasswordReset({ email }, ip);
      expect(answer).toEqual({ status: "sent" });
      await delivered;
    }
    expect(sink.received.length).toBe(mailsBefore);
    expect(await auditOf(disabled.id, "user.password_reset_requested")).toMatchObject([
      { detail: { linkIssued: false, refusal: "disabled" } },
    ]);
    expect(await auditOf(unfinished.id, "user.password_reset_requested")).toMatchObject([
      { detail: { linkIssued: false, refusal: "setup_unfinished" } },
    ]);
    expect(
      await getDb().consolePasswordResetToken.count({ where: { userId: { in: [disabled.id, unfinished.id] } } }),
    ).toBe(0);
  });

  it("the form's answer is the same, in words and time, for a user's address and an unknown one", async () => {
    const users = await Promise.all(
      Array.from({ length: 8 }, () => createTestConsoleUser({ role: "merchant-viewer", merchantId, withTotp: false })),
    );
    const timings: Record<"known" | "unknown", number[]> = { known: [], unknown: [] };
    const answers = new Set<string>();
    for (const [index, user] of users.entries()) {
      for (const [kind, email] of [
        ["known", user.email],
        ["unknown", `ninguem-${index}@loja.example`],
      ] as const) {
        request.ip = newAddress();
        const started = performance.now();
        const answer = await askForPasswordReset({ status: "idle" }, form({ email }));
        timings[kind].push(performance.now() - started);
        answers.add(JSON.stringify(answer));
        // The lookup and the e-mail finish after the answer: let them, so they time no other request.
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    expect([...answers]).toEqual([JSON.stringify({ status: "sent" })]);
    const median = (values: number[]) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)];
    // Neither answer waits for the lookup or the mail server (tens of ms): well within noise.
    expect(Math.abs(median(timings.known) - median(timings.unknown))).toBeLessThan(15);
    await expect.poll(() => users.every((user) => resetMailsTo(user.email).length === 1)).toBe(true);
  });

  it("is throttled per e-mail typed, known or not, and per client address, with the same answer", async () => {
    const user = await createTestConsoleUser({ role: "merchant-viewer", merchantId, withTotp: false });
    for (const email of [user.email, "ninguem-limite@loja.example"]) {
      const ip = newAddress();
      const answers = [];
      for (let index = 0; index <= PASSWORD_RESETS_PER_ACCOUNT_PER_HOUR; index++)
        answers.push((await requestPasswordReset({ email }, ip)).answer.status);
      expect(answers).toEqual([...Array(PASSWORD_RESETS_PER_ACCOUNT_PER_HOUR).fill("sent"), "throttled"]);
    }
    const ip = newAddress();
    const answers = [];
    for (let index = 0; index <= PASSWORD_RESETS_PER_ADDRESS_PER_HOUR; index++)
      answers.push((await requestPasswordReset({ email: `quem-${index}@loja.example` }, ip)).answer);
    expect(answers.at(-1)).toMatchObject({ status: "throttled", retryAfterSeconds: expect.any(Number) });
    expect(answers.slice(0, -1).every((answer) => answer.status === "sent")).toBe(true);
    // A malformed address is the field's error, before any budget is spent.
    request.ip = newAddress();
    expect(await askForPasswordReset({ status: "idle" }, form({ email: "not-an-address" }))).toMatchObject({
      status: "error",
      fields: [{ path: "email", message: "must be an e-mail address" }],
    });
  });
});
