// Issue 42's sandbox sign-up against a real database and a real local SMTP server: off, every
// step is a 404; on, a name and an e-mail bring one e-mail whose single-use link, confirmed,
// makes a sandbox merchant, its admin and a test key that signs a Pix answered 201; an address
// with an account gets a note instead of a link; the per-address, per-domain and per-network
// limits hold with the same answer on the page; and the merchant it makes cannot go live alone.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink";

const { forgetConfig } = await import("@/lib/config/config");
const { getDb } = await import("@/lib/db/client");
const { toAppError } = await import("@/lib/errors/to-app-error");
const { hashToken } = await import("@/lib/crypto/hash-token");
const { requestSandboxSignup } = await import("@/lib/sandbox-signup/request-sandbox-signup");
const { findSandboxSignup } = await import("@/lib/sandbox-signup/find-sandbox-signup");
const { confirmSandboxSignup } = await import("@/lib/sandbox-signup/confirm-sandbox-signup");
const { createMerchantKey } = await import("@/lib/merchants/create-merchant-key");
const { switchMerchantMode } = await import("@/lib/merchants/switch-merchant-mode");
const { setSetupPassword, finishSetupWithoutTotp } = await import("@/lib/users/setup-console-user");
const { signInConsoleUser } = await import("@/lib/users/sign-in-console-user");
const { findConsoleSession } = await import("@/lib/sessions/find-console-session");
const { POST: pix } = await import("@/app/api/pix/route");
const { postSigned, readSigned } = await import("../support/api");
const { createTestConsoleUser, setupTokenOf, TEST_CONSOLE_PASSWORD } = await import("../support/console");
const { pixDepositRequest } = await import("../support/requests");

let sink: SmtpSink;

function configure(env: Record<string, string | undefined>): void {
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  forgetConfig();
}

beforeAll(async () => {
  sink = await startSmtpSink();
  configure({ CASHIER_SANDBOX_SIGNUP: "true", SMTP_URL: sink.url, CASHIER_SANDBOX_SIGNUP_DOMAIN_DAILY: "4" });
});

afterAll(async () => {
  configure({ CASHIER_SANDBOX_SIGNUP: undefined, SMTP_URL: undefined, CASHIER_SANDBOX_SIGNUP_DOMAIN_DAILY: undefined });
  await sink?.close();
});

const refusalOf = (operation: Promise<unknown>) =>
  operation.then(
    () => "accepted",
    (error: unknown) => toAppError(error)?.code ?? error,
  );

let ipSequence = 0;
/** A client address of its own per test: the per-network budget is the process's. */
const freshIp = () => `198.51.100.${++ipSequence}`;

const mailsTo = (email: string) => sink.received.filter((mail) => mail.to.includes(email));
const linkIn = (text: string) => /\/console\/signup\/([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? null;

/** The answer, and the e-mails its address (as stored: lowercased) received for it. */
async function signUp(email: string, ip = freshIp()) {
  const before = mailsTo(email.toLowerCase()).length;
  const answer = await requestSandboxSignup({ name: "Loja do Teste", email }, { ip, locale: "pt-BR" });
  return { answer, mails: mailsTo(email.toLowerCase()).slice(before) };
}

describe("off", () => {
  it("with CASHIER_SANDBOX_SIGNUP unset every step is a 404 and nothing is sent or stored", async () => {
    configure({ CASHIER_SANDBOX_SIGNUP: undefined });
    try {
      const before = sink.received.length;
      expect(
        await refusalOf(
          requestSandboxSignup({ name: "Loja", email: "off@desligado.example" }, { ip: freshIp(), locale: "pt-BR" }),
        ),
      ).toBe("not_found");
      expect(await refusalOf(findSandboxSignup("a".repeat(43)))).toBe("not_found");
      expect(await refusalOf(confirmSandboxSignup("a".repeat(43), null))).toBe("not_found");
      expect(sink.received.length).toBe(before);
      expect(await getDb().sandboxSignup.count({ where: { email: "off@desligado.example" } })).toBe(0);
    } finally {
      configure({ CASHIER_SANDBOX_SIGNUP: "true" });
    }
  });

  it("refuses to start on without SMTP_URL, naming the setting", async () => {
    configure({ SMTP_URL: undefined });
    try {
      await expect(findSandboxSignup("x")).rejects.toThrow(/SMTP_URL: required with CASHIER_SANDBOX_SIGNUP=true/);
    } finally {
      configure({ SMTP_URL: sink.url });
    }
  });
});

describe("signing up", () => {
  it("e-mails a single-use link; confirmed, it makes a sandbox merchant, its admin and a test key that signs a Pix", async () => {
    const email = "dev@nova-loja.example";
    const { answer, mails } = await signUp("Dev@Nova-Loja.example");
    expect(answer).toEqual({ email });
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe("Confirme seu cadastro sandbox no Cashier");
    const token = linkIn(mails[0].text)!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the link's hash is stored.
    const row = await getDb().sandboxSignup.findFirstOrThrow({ where: { email } });
    expect(row.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token);

    // Opening the link (what a mail scanner does) changes nothing.
    expect(await findSandboxSignup(token)).toEqual({ status: "open", email, merchantName: "Loja do Teste" });
    expect(await findSandboxSignup(token)).toMatchObject({ status: "open" });

    const confirmed = await confirmSandboxSignup(token, "198.51.100.200");
    expect(confirmed.keyId).toMatch(/^mk_test_/);
    expect(confirmed.email).toBe(email);
    const merchant = await getDb().merchant.findUniqueOrThrow({ where: { id: confirmed.merchantId } });
    expect(merchant).toMatchObject({ name: "Loja do Teste", mode: "sandbox" });
    const admin = await getDb().consoleUser.findUniqueOrThrow({ where: { email } });
    expect(admin).toMatchObject({ role: "merchant-admin", merchantId: merchant.id, passwordHash: null });
    const key = await getDb().apiKey.findUniqueOrThrow({ where: { id: confirmed.keyId } });
    expect(key.secretCiphertext).not.toContain(confirmed.secret);
    expect(await getDb().sandboxSignup.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({
      merchantId: merchant.id,
      confirmedAt: expect.any(Date),
    });
    const actions = await getDb().auditEvent.findMany({ where: { actorEmail: email }, orderBy: { createdAt: "asc" } });
    expect(actions.map((event) => event.action).sort()).toEqual(
      [
        "api_key.created",
        "merchant.created",
        "sandbox_signup.confirmed",
        "sandbox_signup.requested",
        "user.created",
      ].sort(),
    );
    expect(JSON.stringify(actions)).not.toContain(confirmed.secret);

    // The link works once: the page says it was used, a second confirmation is refused.
    expect(await findSandboxSignup(token)).toEqual({ status: "used" });
    expect(await refusalOf(confirmSandboxSignup(token, null))).toBe("not_found");
    expect(await getDb().merchant.count({ where: { name: "Loja do Teste", id: { not: merchant.id } } })).toBe(0);

    // The key signs a sandbox Pix deposit at once.
    const response = await postSigned(pix, confirmed, pixDepositRequest());
    expect(response.status).toBe(201);
    expect((await readSigned(response, confirmed)).data).toMatchObject({ status: "pending" });
  });

  it("two confirmations of one link at once make one merchant", async () => {
    const email = "corrida@nova-loja.example";
    const token = linkIn((await signUp(email)).mails[0].text)!;
    const outcomes = await Promise.all([
      refusalOf(confirmSandboxSignup(token, null)),
      refusalOf(confirmSandboxSignup(token, null)),
    ]);
    expect(outcomes.sort()).toEqual(["accepted", "not_found"]);
    expect(await getDb().consoleUser.count({ where: { email } })).toBe(1);
  });

  it("a link whose address got an account meanwhile is refused naming the e-mail, and makes nothing", async () => {
    const email = "convidado@nova-loja.example";
    const token = linkIn((await signUp(email)).mails[0].text)!;
    await createTestConsoleUser({ role: "operator", email });
    const merchants = await getDb().merchant.count();
    const refusal = await confirmSandboxSignup(token, null).catch((error: unknown) => toAppError(error));
    expect(refusal).toMatchObject({ code: "invalid_argument", fields: [{ path: "email" }] });
    expect(await getDb().merchant.count()).toBe(merchants);
    expect(await findSandboxSignup(token)).toMatchObject({ status: "open" });
  });

  it("a link past its hour is refused and makes nothing", async () => {
    const email = "atrasado@nova-loja.example";
    const token = linkIn((await signUp(email)).mails[0].text)!;
    const later = new Date(Date.now() + 3601_000);
    expect(await findSandboxSignup(token, later)).toEqual({ status: "invalid" });
    expect(await refusalOf(confirmSandboxSignup(token, null, later))).toBe("not_found");
    expect(await getDb().consoleUser.count({ where: { email } })).toBe(0);
  });

  it("an address with an account gets a note instead of a link, and the page answers the same", async () => {
    const user = await createTestConsoleUser({ role: "operator", email: "ja-tenho@outra.example" });
    const { answer, mails } = await signUp(user.email);
    expect(answer).toEqual({ email: user.email });
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe("Você já tem acesso ao Cashier");
    expect(linkIn(mails[0].text)).toBeNull();
    expect(mails[0].text).toContain("/console/login");
    expect(await getDb().sandboxSignup.findFirstOrThrow({ where: { email: user.email } })).toMatchObject({
      tokenHash: null,
    });
  });

  it("a bad name or e-mail is refused naming the field", async () => {
    const refusal = await requestSandboxSignup(
      { name: " ", email: "não é e-mail" },
      { ip: freshIp(), locale: "en" },
    ).then(
      () => null,
      (error: unknown) => error as { issues: { path: string[] }[] },
    );
    expect(refusal?.issues.map((issue) => issue.path.join("."))).toEqual(["name", "email"]);
  });

  it("the e-mail speaks the page's language", async () => {
    await requestSandboxSignup({ name: "Shop", email: "en@other-shop.example" }, { ip: freshIp(), locale: "en" });
    expect(mailsTo("en@other-shop.example").map((mail) => mail.subject)).toEqual([
      "Confirm your Cashier sandbox sign-up",
    ]);
  });
});

describe("limits", () => {
  it("an address gets 3 e-mails a day; the fourth request is answered the same and sends nothing", async () => {
    const email = "insistente@limite-endereco.example";
    for (let i = 0; i < 3; i++) expect((await signUp(email)).mails).toHaveLength(1);
    const fourth = await signUp(email);
    expect(fourth.answer).toEqual({ email });
    expect(fourth.mails).toHaveLength(0);
    // A day later the address may ask again.
    const later = new Date(Date.now() + 24 * 3600_000 + 1000);
    await requestSandboxSignup({ name: "Loja", email }, { ip: freshIp(), locale: "pt-BR" }, later);
    expect(mailsTo(email)).toHaveLength(4);
  });

  it("a domain gets CASHIER_SANDBOX_SIGNUP_DOMAIN_DAILY e-mails a day over all its addresses; other domains are not held", async () => {
    for (let i = 1; i <= 4; i++) expect((await signUp(`dev${i}@limite-dominio.example`)).mails).toHaveLength(1);
    const fifth = await signUp("dev5@LIMITE-DOMINIO.example");
    expect(fifth.answer).toEqual({ email: "dev5@limite-dominio.example" });
    expect(fifth.mails).toHaveLength(0);
    expect((await signUp("dev5@outro-dominio.example")).mails).toHaveLength(1);
    // Shut out without a word to its developers: the operator is told, once for the day.
    expect((await signUp("dev6@limite-dominio.example")).mails).toHaveLength(0);
    const alerts = await getDb().operatorAlert.findMany({ where: { kind: "signup_domain_limit" } });
    expect(alerts.map((alert) => alert.subject)).toEqual([expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/)]);
    expect(alerts[0].message).toContain("@limite-dominio.example reached CASHIER_SANDBOX_SIGNUP_DOMAIN_DAILY (4)");
  });

  it("one network asks for 10 sign-ups an hour; the eleventh is a clear 429 and sends nothing", async () => {
    const ip = freshIp();
    for (let i = 1; i <= 10; i++) await signUp(`rede${i}@limite-rede-${i}.example`, ip);
    const before = sink.received.length;
    const refusal = await requestSandboxSignup(
      { name: "Loja", email: "rede11@limite-rede-11.example" },
      { ip, locale: "pt-BR" },
    ).catch((error: unknown) => toAppError(error));
    expect(refusal).toMatchObject({ code: "rate_limited", retryAfterSeconds: expect.any(Number) });
    expect(sink.received.length).toBe(before);
    expect((await signUp("rede11@limite-rede-11.example", freshIp())).mails).toHaveLength(1);
  });
});

describe("never a live merchant", () => {
  it("the signed-up admin gets only test keys and cannot switch the merchant to live", async () => {
    const email = "sozinho@nunca-live.example";
    const confirmed = await confirmSandboxSignup(linkIn((await signUp(email)).mails[0].text)!, null);
    const setupToken = setupTokenOf(confirmed.setupUrl);
    await setSetupPassword(setupToken, { password: TEST_CONSOLE_PASSWORD, confirmation: TEST_CONSOLE_PASSWORD }, null);
    await finishSetupWithoutTotp(setupToken, null);
    const signedIn = await signInConsoleUser(
      { email, password: TEST_CONSOLE_PASSWORD, code: "" },
      { ip: "203.0.113.50", userAgent: "vitest" },
    );
    if (signedIn.status !== "signed_in") throw new Error(`sign-in was ${signedIn.status}`);
    const actor = (await findConsoleSession(signedIn.token, "203.0.113.50"))!;
    expect(actor).toMatchObject({ role: "merchant-admin", merchantId: confirmed.merchantId });
    const another = await createMerchantKey(actor, confirmed.merchantId, { isAnotherKeyConfirmed: true });
    expect(another.status === "created" && another.key.keyId).toMatch(/^mk_test_/);
    expect(await refusalOf(switchMerchantMode(actor, confirmed.merchantId, "live"))).toBe("forbidden");
    expect((await getDb().merchant.findUniqueOrThrow({ where: { id: confirmed.merchantId } })).mode).toBe("sandbox");
  });
});
