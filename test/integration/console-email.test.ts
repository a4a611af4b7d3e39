// Issue 42, e-mail: setup links (invitation, new link, authenticator reset) reach the user's
// mailbox at a real local SMTP server, from the console and the CLI alike, and the creator is told
// whether they did.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const { startSmtpSink } = await import("../support/smtp-sink");
const { forgetConfig } = await import("@/lib/config/config");
const { getDb } = await import("@/lib/db/client");
const { hashToken } = await import("@/lib/crypto/hash-token");
const { cliAuditActor } = await import("@/lib/audit/cli-audit-actor");
const { createConsoleUser } = await import("@/lib/users/create-console-user");
const { issueConsoleUserSetupLink } = await import("@/lib/users/issue-console-user-setup-link");
const { resetConsoleUserAuthenticator } = await import("@/lib/users/reset-console-user-authenticator");
const { findSetupState } = await import("@/lib/users/setup-console-user");
const { createTestMerchant } = await import("../support/api");
const { createTestConsoleUser, refusalOf, setupTokenOf, startTestConsoleSession } = await import("../support/console");

type Sink = Awaited<ReturnType<typeof startSmtpSink>>;

let sink: Sink;
let merchantId: string;
let operator: Awaited<ReturnType<typeof startTestConsoleSession>>["actor"];
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
const linkIn = (text: string, path: string) => new RegExp(`https?://\\S+${path}/[A-Za-z0-9_-]{43}`).exec(text)?.[0];

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
