// The console's user management against a real database: who may invite, disable, issue a new
// setup link and reset an authenticator, for whom (an operator every user, a merchant admin their
// own merchant's admins and viewers, a viewer no one), what each does to sessions and links, and
// the audit row each writes in its own transaction.
import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "@/lib/access/actor";
import { cliAuditActor } from "@/lib/audit/cli-audit-actor";
import { getDb } from "@/lib/db/client";
import { findConsoleSession } from "@/lib/sessions/find-console-session";
import { createConsoleUser } from "@/lib/users/create-console-user";
import { disableConsoleUser } from "@/lib/users/disable-console-user";
import { issueConsoleUserSetupLink } from "@/lib/users/issue-console-user-setup-link";
import { listConsoleUsers } from "@/lib/users/list-console-users";
import { resetConsoleUserAuthenticator } from "@/lib/users/reset-console-user-authenticator";
import { findSetupState } from "@/lib/users/setup-console-user";
import { signInConsoleUser } from "@/lib/users/sign-in-console-user";
import { createTestMerchant } from "../support/api";
import { auditOf, createTestConsoleUser, refusalOf, setupTokenOf, startTestConsoleSession } from "../support/console";

const deniedOf = (userId: string) =>
  getDb().auditEvent.findMany({ where: { actorUserId: userId, action: "access.denied" } });

let shopA: string;
let shopB: string;
let operator: Actor;
let adminA: Actor;
let viewerA: Actor;

beforeAll(async () => {
  shopA = (await createTestMerchant()).merchantId;
  shopB = (await createTestMerchant()).merchantId;
  operator = (await startTestConsoleSession(await createTestConsoleUser({ role: "operator" }))).actor;
  adminA = (await startTestConsoleSession(await createTestConsoleUser({ role: "merchant-admin", merchantId: shopA })))
    .actor;
  viewerA = (
    await startTestConsoleSession(
      await createTestConsoleUser({ role: "merchant-viewer", merchantId: shopA, withTotp: false }),
    )
  ).actor;
});

describe("inviting", () => {
  it("an operator invites a merchant viewer: the user awaits setup, the link opens, and the invitation is audited with the operator's session", async () => {
    const invited = await createConsoleUser(
      { email: "Nova@Loja.example", role: "merchant-viewer", merchantId: shopA },
      operator,
    );
    expect(invited).toMatchObject({ email: "nova@loja.example", role: "merchant-viewer", merchantId: shopA });
    expect(await findSetupState(setupTokenOf(invited.setupUrl))).toMatchObject({ step: "password" });
    expect((await listConsoleUsers(operator)).find((user) => user.id === invited.id)).toMatchObject({
      status: "setup_pending",
    });
    const [event] = await auditOf(invited.id, "user.created");
    expect(event).toMatchObject({
      actorUserId: operator.userId,
      sessionId: operator.sessionId,
      ip: operator.ip,
      merchantId: shopA,
      detail: { email: "nova@loja.example", role: "merchant-viewer", passwordSet: false },
    });
  });

  it("a merchant admin invites into their own merchant only, never an operator, and a viewer invites no one; nothing is written", async () => {
    const invited = await createConsoleUser(
      { email: "colega@loja-a.example", role: "merchant-admin", merchantId: shopA },
      adminA,
    );
    expect(invited.merchantId).toBe(shopA);

    expect(await refusalOf(createConsoleUser({ email: "op@evil.example", role: "operator" }, adminA))).toBe(
      "forbidden",
    );
    expect(
      await refusalOf(
        createConsoleUser({ email: "b@evil.example", role: "merchant-admin", merchantId: shopB }, adminA),
      ),
    ).toBe("not_found");
    expect(
      await refusalOf(
        createConsoleUser({ email: "v@evil.example", role: "merchant-viewer", merchantId: shopA }, viewerA),
      ),
    ).toBe("forbidden");
    expect(
      await getDb().consoleUser.count({
        where: { email: { in: ["op@evil.example", "b@evil.example", "v@evil.example"] } },
      }),
    ).toBe(0);
  });
});

describe("refusals recorded", () => {
  it("a merchant admin reaching another merchant's user, and a viewer acting, leave access.denied rows through the console's refusal", async () => {
    const { refuseAction } = await import("@/lib/console/refuse-action");
    const otherShopsUser = await createConsoleUser(
      { email: "alvo@loja-b.example", role: "merchant-viewer", merchantId: shopB },
      operator,
    );
    const beforeAdmin = (await deniedOf(adminA.userId)).length;
    const failure = await disableConsoleUser({ id: otherShopsUser.id }, adminA).catch((error: unknown) =>
      refuseAction(adminA, "users.disable", error),
    );
    expect(failure).toMatchObject({ status: "error", code: "not_found" });
    const adminDenials = await deniedOf(adminA.userId);
    expect(adminDenials).toHaveLength(beforeAdmin + 1);
    expect(adminDenials.at(-1)).toMatchObject({
      targetType: "console_user",
      targetId: otherShopsUser.id,
      detail: { action: "users.disable", reason: "other_merchant" },
    });

    const viewerFailure = await createConsoleUser(
      { email: "x@loja-a.example", role: "merchant-viewer", merchantId: shopA },
      viewerA,
    ).catch((error: unknown) => refuseAction(viewerA, "users.invite", error));
    expect(viewerFailure).toMatchObject({ status: "error", code: "forbidden" });
    expect((await deniedOf(viewerA.userId)).at(-1)).toMatchObject({
      detail: { action: "users.invite", reason: "role" },
    });

    const escalation = await createConsoleUser({ email: "chefe@evil.example", role: "operator" }, adminA).catch(
      (error: unknown) => refuseAction(adminA, "users.invite", error),
    );
    expect(escalation).toMatchObject({ status: "error", code: "forbidden" });
    expect((await deniedOf(adminA.userId)).at(-1)).toMatchObject({
      detail: { action: "users.invite", reason: "role" },
    });
  });
});

describe("acting on users", () => {
  it("a merchant admin sees and acts on their merchant's users only: another merchant's user and an operator are not found, as an unknown id is", async () => {
    const otherShopsUser = await createConsoleUser(
      { email: "b-viewer@loja-b.example", role: "merchant-viewer", merchantId: shopB },
      operator,
    );
    const listed = await listConsoleUsers(adminA);
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.every((user) => user.merchantId === shopA)).toBe(true);

    for (const ref of [{ id: otherShopsUser.id }, { id: operator.userId }, { id: "usr_00000000000000000000" }]) {
      expect(await refusalOf(disableConsoleUser(ref, adminA))).toBe("not_found");
      expect(await refusalOf(issueConsoleUserSetupLink(ref, adminA))).toBe("not_found");
      expect(await refusalOf(resetConsoleUserAuthenticator(ref, adminA))).toBe("not_found");
    }
    expect(await getDb().consoleUser.findUniqueOrThrow({ where: { id: otherShopsUser.id } })).toMatchObject({
      disabledAt: null,
    });
    expect(await auditOf(otherShopsUser.id, "user.setup_link_issued")).toEqual([]);
  });

  it("a viewer may do nothing, not even list; the refusals are forbidden before any lookup", async () => {
    const colleague = await createConsoleUser(
      { email: "outro@loja-a.example", role: "merchant-viewer", merchantId: shopA },
      operator,
    );
    expect(await refusalOf(listConsoleUsers(viewerA))).toBe("forbidden");
    expect(await refusalOf(disableConsoleUser({ id: colleague.id }, viewerA))).toBe("forbidden");
    expect(await refusalOf(issueConsoleUserSetupLink({ id: colleague.id }, viewerA))).toBe("forbidden");
    expect(await refusalOf(resetConsoleUserAuthenticator({ id: colleague.id }, viewerA))).toBe("forbidden");
    expect(await refusalOf(disableConsoleUser({ id: "usr_00000000000000000000" }, viewerA))).toBe("forbidden");
    expect(await auditOf(colleague.id, "user.disabled")).toEqual([]);
  });

  it("nobody acts on their own account from the console", async () => {
    expect(await refusalOf(disableConsoleUser({ id: operator.userId }, operator))).toBe("forbidden");
    expect(await refusalOf(resetConsoleUserAuthenticator({ id: adminA.userId }, adminA))).toBe("forbidden");
    expect(await getDb().consoleUser.findUniqueOrThrow({ where: { id: operator.userId } })).toMatchObject({
      disabledAt: null,
    });
    expect((await getDb().consoleUser.findUniqueOrThrow({ where: { id: adminA.userId } })).passwordHash).not.toBeNull();
  });

  it("disabling ends every session of the user at once and is audited with how many ended", async () => {
    const user = await createTestConsoleUser({ role: "merchant-viewer", merchantId: shopA, withTotp: false });
    const phone = await startTestConsoleSession(user, "192.0.2.51");
    const laptop = await startTestConsoleSession(user, "192.0.2.52");
    const disabled = await disableConsoleUser({ id: user.id }, adminA);
    expect(disabled.sessionsEnded).toBe(2);
    expect(await findConsoleSession(phone.token, null)).toBeNull();
    expect(await findConsoleSession(laptop.token, null)).toBeNull();
    const [event] = await auditOf(user.id, "user.disabled");
    expect(event).toMatchObject({ actorUserId: adminA.userId, merchantId: shopA, detail: { sessionsEnded: 2 } });
    expect(await refusalOf(disableConsoleUser({ id: user.id }, adminA))).toBe("state_conflict");
    expect(await refusalOf(issueConsoleUserSetupLink({ id: user.id }, adminA))).toBe("state_conflict");
  });

  it("a new setup link retires the old one, only while the user is still setting up", async () => {
    const invited = await createConsoleUser(
      { email: "atrasada@loja-a.example", role: "merchant-viewer", merchantId: shopA },
      adminA,
    );
    const renewed = await issueConsoleUserSetupLink({ id: invited.id }, adminA);
    expect(renewed.setupUrl).not.toBe(invited.setupUrl);
    expect(await refusalOf(findSetupState(setupTokenOf(invited.setupUrl)))).toBe("not_found");
    expect(await findSetupState(setupTokenOf(renewed.setupUrl))).toMatchObject({ email: "atrasada@loja-a.example" });
    const [event] = await auditOf(invited.id, "user.setup_link_issued");
    expect(event).toMatchObject({ actorUserId: adminA.userId, sessionId: adminA.sessionId, merchantId: shopA });

    const active = await createTestConsoleUser({ role: "merchant-admin", merchantId: shopA });
    expect(await refusalOf(issueConsoleUserSetupLink({ id: active.id }, operator))).toBe("state_conflict");
  });

  it("resetting the authenticator clears it, the recovery codes and the password, ends the sessions, and the new link sets them again", async () => {
    const user = await createTestConsoleUser({ role: "merchant-admin", merchantId: shopA });
    const { token } = await startTestConsoleSession(user);
    const reset = await resetConsoleUserAuthenticator({ id: user.id }, operator);
    expect(reset.sessionsEnded).toBe(1);
    expect(await findConsoleSession(token, null)).toBeNull();
    const row = await getDb().consoleUser.findUniqueOrThrow({ where: { id: user.id } });
    expect(row).toMatchObject({ passwordHash: null, totpEnabledAt: null, totpLastStep: null, disabledAt: null });
    expect(await getDb().consoleRecoveryCode.count({ where: { userId: user.id } })).toBe(0);
    // The old password no longer signs in, with or without the old authenticator's codes.
    expect(
      await signInConsoleUser(
        { email: user.email, password: user.password, code: user.recoveryCodes[0] },
        { ip: "192.0.2.61", userAgent: null },
      ),
    ).toEqual({ status: "refused" });
    const state = await findSetupState(setupTokenOf(reset.setupUrl));
    expect(state).toMatchObject({ step: "password" });
    expect(state.totpSecret).not.toBe(user.totpSecret);
    expect((await listConsoleUsers(operator)).find((listed) => listed.id === user.id)?.status).toBe("setup_pending");
    const [event] = await auditOf(user.id, "user.authenticator_reset");
    expect(event).toMatchObject({ actorUserId: operator.userId, merchantId: shopA, detail: { sessionsEnded: 1 } });
  });

  it("the last operator who can sign in is never disabled, from the console or the CLI", async () => {
    const db = getDb();
    const others = await db.consoleUser.findMany({
      where: { role: "operator", disabledAt: null, id: { not: operator.userId } },
    });
    for (const other of others) await disableConsoleUser({ id: other.id }, cliAuditActor());
    expect(await refusalOf(disableConsoleUser({ id: operator.userId }, cliAuditActor()))).toBe("state_conflict");
    expect(await db.consoleUser.findUniqueOrThrow({ where: { id: operator.userId } })).toMatchObject({
      disabledAt: null,
    });
    // With a second operator set up, either may go, but not both.
    const second = await createTestConsoleUser({ role: "operator" });
    expect(await refusalOf(disableConsoleUser({ id: operator.userId }, cliAuditActor()))).toBe("accepted");
    expect(await refusalOf(disableConsoleUser({ id: second.id }, cliAuditActor()))).toBe("state_conflict");
    expect(await auditOf(second.id, "user.disabled")).toEqual([]);
  });
});
