// Console users, sign-in and sessions against a real database: what is stored of a password,
// the one answer every failed sign-in gets, the operator's second factor, idle and absolute
// expiry, logout everywhere, disabling, the throttles per address and per account (under
// concurrency too), the notice a throttled account's user gets, and the audit rows each writes.
import { createHash, randomInt } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { cliAuditActor } from "@/lib/audit/cli-audit-actor";
import { exportAuditEvents } from "@/lib/audit/export-audit-events";
import { listAuditEvents } from "@/lib/audit/list-audit-events";
import { auditQuerySchema } from "@/lib/audit/schemas";
import { getDb } from "@/lib/db/client";
import { endConsoleSession, endEveryConsoleSession } from "@/lib/sessions/end-console-session";
import { findConsoleSession } from "@/lib/sessions/find-console-session";
import { createConsoleUser } from "@/lib/users/create-console-user";
import { disableConsoleUser } from "@/lib/users/disable-console-user";
import {
  confirmSetupTotp,
  findSetupState,
  finishSetupWithoutTotp,
  setSetupPassword,
} from "@/lib/users/setup-console-user";
import { findThrottleNotice } from "@/lib/users/find-throttle-notice";
import { verifyPassword } from "@/lib/users/password-hash";
import { type SignInResult, signInConsoleUser } from "@/lib/users/sign-in-console-user";
import { hashRecoveryCode } from "@/lib/users/recovery-codes";
import { currentTotpCode } from "@/lib/users/totp";
import { createTestMerchant } from "../support/api";
import {
  TEST_CONSOLE_PASSWORD,
  type TestConsoleUser,
  createTestConsoleUser,
  refusalOf,
  setupTokenOf,
  startTestConsoleSession,
} from "../support/console";
import { freshTotpCode, wrongTotpCodes } from "../support/totp-codes";

// The account's total over every network, lower than its default (50) so that spending it checks
// fewer passwords (scrypt) on a loaded machine; above the network's 20, as the defaults are.
const ACCOUNT_TOTAL = 30;
vi.hoisted(() => {
  process.env.CONSOLE_LOGIN_ACCOUNT_TOTAL_FAILURES = "30";
});
// The real verification, watched: which sign-ins checked a user's password (a decoy's is not counted).
vi.mock(import("@/lib/users/password-hash"), async (importOriginal) => {
  const original = await importOriginal();
  return { ...original, verifyPassword: vi.fn(original.verifyPassword) };
});
afterAll(() => {
  // The worker runs other files after this one.
  delete process.env.CONSOLE_LOGIN_ACCOUNT_TOTAL_FAILURES;
});

/** The code a refused operation's error maps to (its own AppError, or a schema's validation_failed). */
const client = (ip: string) => ({ ip, userAgent: "vitest" });
/** An IPv4 address of this run's own, so that counters kept elsewhere cannot have seen it. */
const freshIp = () => `198.18.${randomInt(256)}.${randomInt(256)}`;
/** An IPv6 /64 of this run's own, as a prefix to add four groups to. */
const freshSlash64 = () => `2001:db8:${randomInt(1, 65_536).toString(16)}:${randomInt(1, 65_536).toString(16)}`;
const failuresOf = (userId: string) =>
  getDb().auditEvent.count({ where: { action: "session.login_failed", targetId: userId } });
const statusesOf = (results: { status: string }[]) =>
  results.reduce<Record<string, number>>(
    (counts, { status }) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }),
    {},
  );
/**
 * The right password and authenticator code `steps` time steps ahead, signed in at that time: a
 * code of its own for each of a user's sign-ins within one test (the code of a step signs in once,
 * and the user's enrolment used up the current one).
 */
const rightSignInAt = (user: TestConsoleUser, steps: number, from: Parameters<typeof signInConsoleUser>[1]) => {
  const at = new Date(Date.now() + steps * 30_000);
  return signInConsoleUser({ ...user, code: currentTotpCode(user.totpSecret!, at) }, from, at);
};
const deviceCookieOf = (result: SignInResult) => {
  if (result.status !== "signed_in") throw new Error(`the sign-in was ${result.status}`);
  return result.device.cookie;
};
const auditActions = async (targetId: string) =>
  (await getDb().auditEvent.findMany({ where: { targetId }, orderBy: { createdAt: "asc" } })).map(
    (event) => event.action,
  );

let merchantId: string;
beforeAll(async () => {
  merchantId = (await createTestMerchant()).merchantId;
});

describe("console users", () => {
  it("a setup link sets a scrypt password and the authenticator; neither the password nor the link is stored in clear", async () => {
    const password = "uma senha longa o bastante";
    const created = await createConsoleUser({ email: "  Ana@Example.COM ", role: "operator" }, cliAuditActor());
    expect(created.email).toBe("ana@example.com");
    const token = setupTokenOf(created.setupUrl);
    expect(created.setupUrl).toMatch(/\/console\/setup\/[A-Za-z0-9_-]{43}$/);

    expect(await refusalOf(setSetupPassword(token, { password: "curta", confirmation: "curta" }, null))).toBe(
      "validation_failed",
    );
    await setSetupPassword(token, { password, confirmation: password }, "198.51.100.1");
    const state = await findSetupState(token);
    expect(state).toMatchObject({ step: "totp", mayFinishWithoutTotp: false });
    expect(await refusalOf(finishSetupWithoutTotp(token, null))).toBe("forbidden");
    expect(await refusalOf(confirmSetupTotp(token, "000000", null))).toBe("validation_failed");
    const { recoveryCodes } = await confirmSetupTotp(token, currentTotpCode(state.totpSecret), null);
    expect(recoveryCodes).toHaveLength(10);
    // Used up: the link opens nothing any more.
    expect(await refusalOf(findSetupState(token))).toBe("not_found");

    const db = getDb();
    const row = await db.consoleUser.findUniqueOrThrow({ where: { id: created.id } });
    expect(row.passwordHash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(row.totpSecretCiphertext).not.toContain(state.totpSecret);
    const everything = JSON.stringify([
      row,
      await db.consoleSetupToken.findMany(),
      await db.consoleRecoveryCode.findMany(),
      await db.auditEvent.findMany(),
    ]);
    for (const secret of [password, token, state.totpSecret, ...recoveryCodes])
      expect(everything).not.toContain(secret);
    expect(await auditActions(created.id)).toEqual(["user.created", "user.password_set", "user.totp_enrolled"]);
  });

  it("an expired setup link opens nothing; a merchant user needs a merchant that exists; e-mails are unique in any case", async () => {
    const created = await createConsoleUser(
      { email: "late@example.com", role: "merchant-admin", merchantId },
      cliAuditActor(),
    );
    expect(await refusalOf(findSetupState(setupTokenOf(created.setupUrl), new Date(Date.now() + 25 * 3600_000)))).toBe(
      "not_found",
    );
    expect(
      await refusalOf(createConsoleUser({ email: "x@example.com", role: "merchant-viewer" }, cliAuditActor())),
    ).toBe("validation_failed");
    expect(
      await refusalOf(
        createConsoleUser(
          { email: "y@example.com", role: "merchant-viewer", merchantId: "mer_missing" },
          cliAuditActor(),
        ),
      ),
    ).toBe("not_found");
    expect(await refusalOf(createConsoleUser({ email: "LATE@example.com", role: "operator" }, cliAuditActor()))).toBe(
      "invalid_argument",
    );
  });
});

describe("console sign-in", () => {
  it("a wrong password, an unknown e-mail, a disabled user and a wrong code all get the same answer; the audit log keeps the reason", async () => {
    const user = await createTestConsoleUser({ role: "merchant-admin", merchantId });
    const code = freshTotpCode(user.totpSecret!)!;
    const attempts = [
      { email: user.email, password: "not the password!", code },
      { email: "nobody@example.com", password: TEST_CONSOLE_PASSWORD, code },
      { email: user.email, password: TEST_CONSOLE_PASSWORD, code: "" },
      { email: user.email, password: TEST_CONSOLE_PASSWORD, code: code === "123456" ? "654321" : "123456" },
    ];
    for (const attempt of attempts)
      expect(await signInConsoleUser(attempt, client("192.0.2.10"))).toEqual({ status: "refused" });
    const failures = await getDb().auditEvent.findMany({
      where: { action: "session.login_failed", ip: "192.0.2.10" },
      orderBy: { createdAt: "asc" },
    });
    expect(failures.map((event) => (event.detail as { reason: string }).reason).sort()).toEqual([
      "code_missing",
      "unknown_email",
      "wrong_code",
      "wrong_password",
    ]);
    expect(JSON.stringify(failures)).not.toContain(TEST_CONSOLE_PASSWORD);
    expect(JSON.stringify(failures)).not.toContain("not the password!");

    const signedIn = await signInConsoleUser(
      { email: user.email.toUpperCase(), password: TEST_CONSOLE_PASSWORD, code },
      client("192.0.2.10"),
    );
    expect(signedIn.status).toBe("signed_in");
  });

  it("operators cannot sign in without an enrolled authenticator; merchant users may", async () => {
    const operator = await createConsoleUser({ email: "op-no-totp@example.com", role: "operator" }, cliAuditActor(), {
      password: TEST_CONSOLE_PASSWORD,
    });
    expect(
      await signInConsoleUser(
        { email: operator.email, password: TEST_CONSOLE_PASSWORD, code: "" },
        client("192.0.2.11"),
      ),
    ).toEqual({ status: "refused" });
    const viewer = await createTestConsoleUser({ role: "merchant-viewer", merchantId, withTotp: false });
    expect(await auditActions(viewer.id)).toEqual(["user.created", "user.setup_finished_without_totp"]);
    const { actor } = await startTestConsoleSession(viewer, "192.0.2.11");
    expect(actor).toMatchObject({ role: "merchant-viewer", merchantId, email: viewer.email });
  });

  it("a recovery code signs in once; what is stored of it is keyed under the server key, not its SHA-256", async () => {
    const user = await createTestConsoleUser({ role: "operator" });
    const [recovery] = user.recoveryCodes;
    const stored = (await getDb().consoleRecoveryCode.findMany({ where: { userId: user.id } })).map(
      (row) => row.codeHash,
    );
    expect(stored.sort()).toEqual(user.recoveryCodes.map(hashRecoveryCode).sort());
    for (const code of user.recoveryCodes) {
      expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{4}(-[0-9a-hjkmnp-tv-z]{4}){3}$/);
      for (const typed of [code, code.replaceAll("-", "")])
        expect(stored).not.toContain(createHash("sha256").update(typed).digest("hex"));
    }
    const first = await signInConsoleUser(
      { email: user.email, password: user.password, code: recovery.toUpperCase() },
      client("192.0.2.12"),
    );
    expect(first.status).toBe("signed_in");
    expect(
      await signInConsoleUser({ email: user.email, password: user.password, code: recovery }, client("192.0.2.12")),
    ).toEqual({ status: "refused" });
    expect(await auditActions(user.id)).toContain("user.recovery_code_used");
  });

  it("an authenticator code signs in once: the same code again is refused (code_reused in the audit log), and of two sign-ins racing with one code one wins", async () => {
    const user = await createTestConsoleUser({ role: "operator" });
    // Past the step its enrolment used up.
    const at = new Date(Date.now() + 60_000);
    const first = { email: user.email, password: user.password, code: currentTotpCode(user.totpSecret!, at) };
    expect((await signInConsoleUser(first, client("192.0.2.14"), at)).status).toBe("signed_in");
    // Still inside its 30 s (and the tolerance either side): refused all the same.
    expect(await signInConsoleUser(first, client("192.0.2.14"), new Date(at.getTime() + 5_000))).toEqual({
      status: "refused",
    });
    const later = new Date(at.getTime() + 90_000);
    const next = { ...first, code: currentTotpCode(user.totpSecret!, later) };
    const raced = await Promise.all([
      signInConsoleUser(next, client("192.0.2.14"), later),
      signInConsoleUser(next, client("192.0.2.14"), later),
    ]);
    expect(raced.map((result) => result.status).sort()).toEqual(["refused", "signed_in"]);
    const failures = await getDb().auditEvent.findMany({
      where: { action: "session.login_failed", targetId: user.id },
    });
    expect(failures.map((event) => (event.detail as { reason: string }).reason)).toEqual([
      "code_reused",
      "code_reused",
    ]);
    expect(await getDb().consoleSession.count({ where: { userId: user.id, revokedAt: null } })).toBe(2);
  });

  it("ten failures from one IP throttle it, even for the right password, while another IP signs in", async () => {
    const attackerIp = freshIp();
    const user = await createTestConsoleUser({ role: "operator" });
    for (let i = 0; i < 10; i++) {
      expect(
        await signInConsoleUser({ email: user.email, password: `wrong ${i}`, code: "" }, client(attackerIp)),
      ).toEqual({ status: "refused" });
    }
    const throttled = await signInConsoleUser(
      { email: user.email, password: user.password, code: currentTotpCode(user.totpSecret!) },
      client(attackerIp),
    );
    expect(throttled).toMatchObject({ status: "throttled" });
    expect((throttled as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(60);
    await expect(startTestConsoleSession(user, "192.0.2.98")).resolves.toMatchObject({ actor: { userId: user.id } });
    // The tenth failure is audited as the throttle starting, once; the refusal after it is not a row.
    const rows = await getDb().auditEvent.findMany({ where: { ip: attackerIp } });
    expect(rows.map((row) => row.action).sort()).toEqual([
      ...Array(10).fill("session.login_failed"),
      "session.login_throttled",
    ]);
    expect(rows.find((row) => row.action === "session.login_throttled")).toMatchObject({
      actorEmail: user.email,
      targetType: "ip",
      targetId: attackerIp,
    });
  });

  it("a success gives its point back: nine failures, then the user signs in twice, and only the next failure spends the address's budget", async () => {
    const ip = freshIp();
    const user = await createTestConsoleUser({ role: "merchant-admin", merchantId, withTotp: false });
    const wrong = { email: user.email, password: "not the password!", code: "" };
    for (let i = 0; i < 9; i++) expect(await signInConsoleUser(wrong, client(ip))).toEqual({ status: "refused" });
    // The tenth and eleventh attempts: successes cost nothing, so neither is throttled.
    for (let i = 0; i < 2; i++)
      expect(await signInConsoleUser({ ...wrong, password: user.password }, client(ip))).toMatchObject({
        status: "signed_in",
      });
    expect(await signInConsoleUser(wrong, client(ip))).toEqual({ status: "refused" });
    expect(await signInConsoleUser({ ...wrong, password: user.password }, client(ip))).toMatchObject({
      status: "throttled",
    });
    expect(await getDb().auditEvent.count({ where: { ip, action: "session.login_throttled" } })).toBe(1);
    expect(await failuresOf(user.id)).toBe(10);
  });

  it("200 concurrent guesses of the code with the right password, from one address and from one IPv6 /64, check at most the address's budget", async () => {
    const user = await createTestConsoleUser({ role: "operator" });
    const guesses = wrongTotpCodes(user.totpSecret!, 200).map((code) => ({ ...user, code }));
    const ip = freshIp();
    const fromOne = await Promise.all(guesses.map((guess) => signInConsoleUser(guess, client(ip))));
    expect(statusesOf(fromOne)).toEqual({ refused: 10, throttled: 190 });
    expect(await failuresOf(user.id)).toBe(10);

    // Every address of a /64 is one client (a second user, whose account's budget is untouched).
    const other = await createTestConsoleUser({ role: "operator" });
    const prefix = freshSlash64();
    const fromSlash64 = await Promise.all(
      wrongTotpCodes(other.totpSecret!, 200).map((code, i) =>
        signInConsoleUser({ ...other, code }, client(`${prefix}:${i.toString(16)}:0:0:1`)),
      ),
    );
    expect(statusesOf(fromSlash64)).toEqual({ refused: 10, throttled: 190 });
    const failures = await getDb().auditEvent.findMany({
      where: { action: "session.login_failed", targetId: other.id },
    });
    expect(failures.map((row) => (row.detail as { reason: string }).reason)).toEqual(Array(10).fill("wrong_code"));
    const throttle = await getDb().auditEvent.findMany({
      where: { action: "session.login_throttled", ip: { startsWith: prefix } },
    });
    expect(throttle.map((row) => row.detail)).toEqual([{ failures: 10, addresses: `${prefix}::/64` }]);
  });
});

describe("the account's budget", () => {
  afterEach(() => vi.useRealTimers());

  it("failures from several addresses of one network spend that network's budget only: the user signs in from another network, and from a known device inside it, while the attacker waits", async () => {
    const user = await createTestConsoleUser({ role: "operator" });
    const network = `198.19.${randomInt(256)}`;
    // The user's browser, known from an earlier sign-in in the network the attacker then uses.
    const cookie = deviceCookieOf(await rightSignInAt(user, 2, client(`${network}.200`)));

    const attackers = [1, 2, 3, 4, 5].map((host) => `${network}.${host}`);
    const guesses = await Promise.all(
      wrongTotpCodes(user.totpSecret!, 40).map((code, i) =>
        signInConsoleUser({ ...user, code }, client(attackers[i % 5])),
      ),
    );
    expect(statusesOf(guesses)).toEqual({ refused: 20, throttled: 20 });
    expect(await failuresOf(user.id)).toBe(20);
    const throttles = await getDb().auditEvent.findMany({
      where: { action: "session.account_throttled", targetId: user.id },
    });
    expect(throttles.map((row) => row.detail)).toEqual([{ failures: 20, network: `${network}.0/24` }]);

    // In the attacker's network, a browser never seen waits, right password and code or not…
    expect(await rightSignInAt(user, 4, client(`${network}.77`))).toMatchObject({ status: "throttled" });
    // …the user's own browser signs in under its own budget…
    expect(await rightSignInAt(user, 4, { ...client(`${network}.77`), deviceCookie: cookie })).toMatchObject({
      status: "signed_in",
    });
    // …and so does any browser of theirs from another network.
    expect(await rightSignInAt(user, 6, client(freshIp()))).toMatchObject({ status: "signed_in" });
    // The attacker still waits, from every address of theirs, with another account's cookie too.
    const other = await createTestConsoleUser({ role: "operator" });
    const otherCookie = deviceCookieOf(await rightSignInAt(other, 2, client(freshIp())));
    for (const address of [...attackers, `${network}.99`])
      expect(
        await signInConsoleUser(
          { ...user, code: wrongTotpCodes(user.totpSecret!, 1)[0] },
          { ...client(address), deviceCookie: otherCookie },
        ),
      ).toMatchObject({ status: "throttled" });
    expect(await failuresOf(user.id)).toBe(20);
  });

  it("100 concurrent guesses over 50 networks check at most the account's total, audited once; past it the user signs in from a known device or with a recovery code, the attacker waits; an unknown e-mail is throttled the same way", async () => {
    const user = await createTestConsoleUser({ role: "operator" });
    const cookie = deviceCookieOf(await rightSignInAt(user, 2, client(freshIp())));
    const addresses = Array.from({ length: 50 }, (_, i) => `10.${randomInt(256)}.${i}.${randomInt(1, 255)}`);
    const spread = await Promise.all(
      wrongTotpCodes(user.totpSecret!, 100).map((code, i) =>
        signInConsoleUser({ ...user, code }, client(addresses[i % 50])),
      ),
    );
    expect(statusesOf(spread)).toEqual({ refused: ACCOUNT_TOTAL, throttled: 100 - ACCOUNT_TOTAL });
    expect(await failuresOf(user.id)).toBe(ACCOUNT_TOTAL);
    const throttles = await getDb().auditEvent.findMany({
      where: { action: "session.account_throttled", targetId: user.id },
    });
    expect(throttles).toHaveLength(1);
    expect(throttles[0]).toMatchObject({ targetType: "console_user", actorEmail: user.email, actorUserId: null });
    expect(throttles[0].detail).toEqual({ failures: ACCOUNT_TOTAL, network: "every" });

    // From a network and a browser never seen, the right password and code wait…
    expect(await rightSignInAt(user, 4, client(freshIp()))).toMatchObject({ status: "throttled" });
    // …a recovery code signs in, once, and a wrong one or a right password without one does not…
    const [recovery] = user.recoveryCodes;
    expect(await signInConsoleUser({ ...user, code: recovery }, client(freshIp()))).toMatchObject({
      status: "signed_in",
    });
    expect(await signInConsoleUser({ ...user, code: recovery }, client(freshIp()))).toEqual({ status: "refused" });
    const merchantUser = await createTestConsoleUser({ role: "merchant-admin", merchantId, withTotp: false });
    await Promise.all(
      addresses
        .slice(0, ACCOUNT_TOTAL)
        .map((address) =>
          signInConsoleUser({ ...merchantUser, password: "not the password!", code: "" }, client(address)),
        ),
    );
    expect(await signInConsoleUser({ ...merchantUser, code: "anything-but-digits" }, client(freshIp()))).toEqual({
      status: "refused",
    });
    // …and the browser that signed in before signs in under its own budget.
    expect(await rightSignInAt(user, 4, { ...client(freshIp()), deviceCookie: cookie })).toMatchObject({
      status: "signed_in",
    });
    // The attacker, from a new network, still waits.
    expect(
      await signInConsoleUser({ ...user, code: wrongTotpCodes(user.totpSecret!, 1)[0] }, client(freshIp())),
    ).toMatchObject({ status: "throttled" });
    const reasons = (
      await getDb().auditEvent.findMany({
        where: { action: "session.login_failed", targetId: { in: [user.id, merchantUser.id] } },
      })
    ).map((row) => (row.detail as { reason: string }).reason);
    expect(reasons.filter((reason) => reason === "account_throttled")).toHaveLength(2);
    expect(reasons.filter((reason) => reason === "wrong_code")).toHaveLength(ACCOUNT_TOTAL);

    const nobody = `nobody-${randomInt(1e9)}@example.com`;
    const unknown = await Promise.all(
      addresses.map((address) =>
        signInConsoleUser({ email: nobody.toUpperCase(), password: user.password, code: "123456" }, client(address)),
      ),
    );
    expect(statusesOf(unknown)).toEqual({ refused: ACCOUNT_TOTAL, throttled: 50 - ACCOUNT_TOTAL });
    // The same answers whether the account exists or not.
    for (const result of [...spread, ...unknown])
      expect(result).toEqual(
        result.status === "refused"
          ? { status: "refused" }
          : { status: "throttled", retryAfterSeconds: expect.any(Number) },
      );
    expect(await getDb().auditEvent.count({ where: { action: "session.account_throttled", actorEmail: nobody } })).toBe(
      1,
    );
    // About a hundred passwords checked: scrypt on a loaded machine.
  }, 180_000);

  it("past the account's total a made-up recovery code buys no password check, from one address or many: the right password with it is refused unchecked; a right code signs in, and a wrong password leaves it unused", async () => {
    const user = await createTestConsoleUser({ role: "operator" });
    const { passwordHash } = await getDb().consoleUser.findUniqueOrThrow({ where: { id: user.id } });
    const passwordChecks = () =>
      vi.mocked(verifyPassword).mock.calls.filter(([, stored]) => stored === passwordHash).length;
    const reasonsSince = async (since: Date) =>
      (
        await getDb().auditEvent.findMany({
          where: { action: "session.login_failed", targetId: user.id, createdAt: { gte: since } },
        })
      ).map((row) => (row.detail as { reason: string }).reason);
    const spent = await Promise.all(
      wrongTotpCodes(user.totpSecret!, ACCOUNT_TOTAL).map((code) =>
        signInConsoleUser({ ...user, code }, client(freshIp())),
      ),
    );
    expect(statusesOf(spent)).toEqual({ refused: ACCOUNT_TOTAL });
    expect(passwordChecks()).toBe(ACCOUNT_TOTAL);
    const pastTotal = new Date();

    // The right password, with codes shaped like no authenticator's: 30 from one address…
    const attacker = freshIp();
    const oneAddress: SignInResult[] = [];
    for (const code of Array.from({ length: 30 }, (_, i) => (i % 2 ? "x" : "abcd-efgh-jkmn-pqrs")))
      oneAddress.push(await signInConsoleUser({ ...user, code }, client(attacker)));
    expect(statusesOf(oneAddress)).toEqual({ refused: 10, throttled: 20 });
    // …and from 25 /64s of one /48, each with a budget of its own.
    const site = `2001:db8:${randomInt(1, 65_536).toString(16)}`;
    const manyAddresses = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        signInConsoleUser({ ...user, code: "x" }, client(`${site}:${(i + 1).toString(16)}::1`)),
      ),
    );
    expect(statusesOf(manyAddresses)).toEqual({ refused: 25 });
    // None checked the password: a wrong one gets the same refusal, for the same reason.
    expect(await signInConsoleUser({ ...user, password: "not the password!", code: "x" }, client(freshIp()))).toEqual({
      status: "refused",
    });
    expect(passwordChecks()).toBe(ACCOUNT_TOTAL);
    expect(await reasonsSince(pastTotal)).toEqual(Array(10 + 25 + 1).fill("account_throttled"));

    // A right recovery code beside a wrong password is refused and stays unused: it signs in after.
    const [recovery] = user.recoveryCodes;
    const withCode = new Date();
    expect(
      await signInConsoleUser({ ...user, password: "not the password!", code: recovery }, client(freshIp())),
    ).toEqual({ status: "refused" });
    expect(await signInConsoleUser({ ...user, code: recovery }, client(freshIp()))).toMatchObject({
      status: "signed_in",
    });
    expect(passwordChecks()).toBe(ACCOUNT_TOTAL + 2);
    expect(await reasonsSince(withCode)).toEqual(["wrong_password"]);
  }, 180_000);

  it("the user of a throttled account is told at their next sign-in, for that session only", async () => {
    const user = await createTestConsoleUser({ role: "merchant-admin", merchantId });
    const before = await startTestConsoleSession(user, freshIp());
    expect(await findThrottleNotice(before.actor)).toBeNull();
    // Three addresses of one network: its budget is spent.
    const network = `198.19.${randomInt(256)}`;
    const attackers = [`${network}.1`, `${network}.2`, `${network}.3`];
    for (const [i, code] of wrongTotpCodes(user.totpSecret!, 21).entries())
      await signInConsoleUser({ ...user, code }, client(attackers[i % 3]));
    const throttledAt = (
      await getDb().auditEvent.findFirstOrThrow({ where: { action: "session.account_throttled", targetId: user.id } })
    ).createdAt;

    // The window passes.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 16 * 60_000 });
    const after = await startTestConsoleSession(user, freshIp());
    expect(await findThrottleNotice(after.actor)).toEqual({ at: throttledAt.toISOString(), times: 1, addresses: 3 });
    const signIn = await getDb().auditEvent.findFirstOrThrow({
      where: { action: "session.logged_in", targetId: after.actor.sessionId },
    });
    expect(signIn.detail).toMatchObject({ accountThrottled: { times: 1, addresses: 3 } });
    // Once: the sign-in after that one has nothing to tell.
    vi.setSystemTime(Date.now() + 60_000);
    const later = await startTestConsoleSession(user, freshIp());
    expect(await findThrottleNotice(later.actor)).toBeNull();
    expect(await findThrottleNotice(after.actor)).not.toBeNull();
  });
});

describe("console sessions", () => {
  it("only the token's hash is stored; a session idle past its expiry is refused", async () => {
    const user = await createTestConsoleUser({ role: "operator" });
    const { token, actor } = await startTestConsoleSession(user);
    const row = await getDb().consoleSession.findUniqueOrThrow({ where: { id: actor.sessionId } });
    expect(JSON.stringify(row)).not.toContain(token);
    const started = row.createdAt.getTime();
    expect(await findConsoleSession(token, null, new Date(started + 29 * 60_000))).not.toBeNull();
    // That use moved the idle expiry to 30 minutes after it.
    expect(await findConsoleSession(token, null, new Date(started + 58 * 60_000))).not.toBeNull();
    expect(await findConsoleSession(token, null, new Date(started + 89 * 60_000))).toBeNull();
    expect(await findConsoleSession("not-a-session", null)).toBeNull();
  });

  it("a session in constant use still ends at its absolute expiry", async () => {
    const user = await createTestConsoleUser({ role: "merchant-viewer", merchantId });
    const { token, actor } = await startTestConsoleSession(user);
    const started = (
      await getDb().consoleSession.findUniqueOrThrow({ where: { id: actor.sessionId } })
    ).createdAt.getTime();
    let minutes = 20;
    for (; minutes < 12 * 60; minutes += 20)
      expect(await findConsoleSession(token, null, new Date(started + minutes * 60_000))).not.toBeNull();
    expect(await findConsoleSession(token, null, new Date(started + 12 * 3600_000))).toBeNull();
  });

  it("logout ends this session; logout everywhere ends every session of the user; both are audited", async () => {
    const user = await createTestConsoleUser({ role: "merchant-admin", merchantId });
    const phone = await startTestConsoleSession(user);
    const desk = await startTestConsoleSession(user);
    const laptop = await startTestConsoleSession(user);
    await endConsoleSession(phone.actor);
    expect(await findConsoleSession(phone.token, null)).toBeNull();
    expect(await findConsoleSession(desk.token, null)).not.toBeNull();
    expect(await endEveryConsoleSession(desk.actor)).toBe(2);
    expect(await findConsoleSession(desk.token, null)).toBeNull();
    expect(await findConsoleSession(laptop.token, null)).toBeNull();
    const actions = (await getDb().auditEvent.findMany({ where: { actorUserId: user.id } })).map(
      (event) => event.action,
    );
    expect(actions).toEqual(
      expect.arrayContaining(["session.logged_in", "session.logged_out", "session.logged_out_everywhere"]),
    );
  });

  it("disabling a user refuses their live session at once and their next sign-in", async () => {
    const user = await createTestConsoleUser({ role: "operator" });
    const { token } = await startTestConsoleSession(user);
    const disabled = await disableConsoleUser({ email: user.email.toUpperCase() }, cliAuditActor());
    expect(disabled.sessionsEnded).toBe(1);
    expect(await findConsoleSession(token, null)).toBeNull();
    expect(
      await signInConsoleUser(
        { email: user.email, password: user.password, code: freshTotpCode(user.totpSecret!) ?? user.recoveryCodes[0] },
        client("192.0.2.13"),
      ),
    ).toEqual({ status: "refused" });
    const refusal = await getDb().auditEvent.findFirstOrThrow({
      where: { targetId: user.id, action: "session.login_failed" },
    });
    expect(refusal.detail).toEqual({ reason: "disabled" });
    expect(await refusalOf(disableConsoleUser({ email: user.email }, cliAuditActor()))).toBe("state_conflict");
    const disabledEvent = await getDb().auditEvent.findFirstOrThrow({
      where: { targetId: user.id, action: "user.disabled" },
    });
    expect(disabledEvent.actorEmail).toMatch(/^cli:/);
  });
});

describe("the audit log", () => {
  it("operators list it newest first with filters by action, actor and day, and export it as CSV (the export audited); merchant users are refused", async () => {
    const operator = await startTestConsoleSession(await createTestConsoleUser({ role: "operator" }));
    const viewer = await createTestConsoleUser({ role: "merchant-viewer", merchantId });
    await signInConsoleUser({ email: viewer.email, password: "wrong password!", code: "" }, client("192.0.2.50"));

    const failed = await listAuditEvents(
      operator.actor,
      auditQuerySchema.parse({ action: "session.login_failed", actor: viewer.email.toUpperCase() }),
    );
    expect(failed.rows).toHaveLength(1);
    expect(failed.rows[0]).toMatchObject({
      action: "session.login_failed",
      actorUserId: viewer.id,
      ip: "192.0.2.50",
      detail: { reason: "wrong_password" },
    });
    expect(failed.actions).toEqual(
      expect.arrayContaining(["session.logged_in", "session.login_failed", "user.created"]),
    );
    const today = new Date(Date.now() - 3 * 3600_000).toISOString().slice(0, 10);
    expect(
      (await listAuditEvents(operator.actor, auditQuerySchema.parse({ actor: viewer.email, from: today, to: today })))
        .rows.length,
    ).toBeGreaterThan(1);
    expect(
      (await listAuditEvents(operator.actor, auditQuerySchema.parse({ actor: viewer.email, to: "2020-01-01" }))).rows,
    ).toEqual([]);
    const all = await listAuditEvents(operator.actor, auditQuerySchema.parse({}));
    expect(all.rows.map((row) => row.createdAt.getTime())).toEqual(
      [...all.rows.map((row) => row.createdAt.getTime())].sort((a, b) => b - a),
    );

    const { rows } = await exportAuditEvents(operator.actor, auditQuerySchema.parse({ actor: viewer.email }));
    let csv = "";
    for await (const line of rows) csv += line;
    const lines = csv.trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "at,action,actor_email,actor_role,actor_user_id,session_id,target_type,target_id,merchant_id,ip,detail",
    );
    expect(lines.some((line) => line.includes("session.login_failed") && line.includes("192.0.2.50"))).toBe(true);
    expect(csv).not.toContain("wrong password!");
    expect(
      (
        await listAuditEvents(
          operator.actor,
          auditQuerySchema.parse({ action: "audit.exported", actor: operator.actor.email }),
        )
      ).rows,
    ).toHaveLength(1);

    const { actor: viewerActor } = await startTestConsoleSession({ ...viewer }, "192.0.2.51");
    expect(await refusalOf(listAuditEvents(viewerActor, auditQuerySchema.parse({})))).toBe("forbidden");
    expect(await refusalOf(exportAuditEvents(viewerActor, auditQuerySchema.parse({})))).toBe("forbidden");
  });
});
