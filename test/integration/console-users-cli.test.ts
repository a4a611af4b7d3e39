// `npm run cashier -- user …` run as a real process against the test database.
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { findSetupState } from "@/lib/users/setup-console-user";
import { signInConsoleUser } from "@/lib/users/sign-in-console-user";
import { createTestMerchant } from "../support/api";
import { setupTokenOf } from "../support/console";
import { runTool } from "../support/run-tool";

const cashier = (args: string[], stdin?: string) => runTool("cashier", args, {}, stdin);

describe("npm run cashier -- user …", () => {
  it("creates an operator with a one-time setup link, lists users without secrets, disables them; each step audited as the CLI", async () => {
    const created = await cashier(["user", "create", "--email", "Ops@Example.com", "--role", "operator"]);
    expect(created.stderr).toBe("");
    expect(created.code).toBe(0);
    const user = JSON.parse(created.stdout) as { id: string; email: string; setupUrl: string };
    expect(user.email).toBe("ops@example.com");
    expect(user.setupUrl).toMatch(/^http:\/\/localhost:\d+\/console\/setup\/[A-Za-z0-9_-]{43}$/);
    expect(await findSetupState(setupTokenOf(user.setupUrl))).toMatchObject({
      email: "ops@example.com",
      step: "password",
      mayFinishWithoutTotp: false,
    });

    const listed = await cashier(["user", "list"]);
    expect(JSON.parse(listed.stdout)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: user.id, role: "operator", status: "setup_pending", totp: false }),
      ]),
    );
    expect(listed.stdout).not.toMatch(/scrypt|passwordHash|totpSecret/);

    const disabled = await cashier(["user", "disable", "ops@example.com"]);
    expect(disabled.code).toBe(0);
    expect(JSON.parse(disabled.stdout)).toMatchObject({ id: user.id, sessionsEnded: 0 });
    const events = await getDb().auditEvent.findMany({ where: { targetId: user.id }, orderBy: { createdAt: "asc" } });
    expect(events.map((event) => [event.action, event.actorEmail.startsWith("cli:")])).toEqual([
      ["user.created", true],
      ["user.disabled", true],
    ]);
  });

  it("takes a merchant user's password on standard input; the user signs in with it", async () => {
    const { merchantId } = await createTestMerchant();
    const password = "senha do lojista, longa";
    const created = await cashier(
      [
        "user",
        "create",
        "--email",
        "viewer@example.com",
        "--role",
        "merchant-viewer",
        "--merchant",
        merchantId,
        "--password-stdin",
      ],
      `${password}\n`,
    );
    expect(created.code).toBe(0);
    expect(created.stdout).not.toContain(password);
    const result = await signInConsoleUser(
      { email: "viewer@example.com", password, code: "" },
      { ip: "192.0.2.40", userAgent: null },
    );
    expect(result.status).toBe("signed_in");
  });

  it("refuses a bad role, a merchant user without a merchant, an operator with one, and a short password", async () => {
    const { merchantId } = await createTestMerchant();
    for (const args of [
      ["--email", "a@example.com", "--role", "admin"],
      ["--email", "b@example.com", "--role", "merchant-admin"],
      ["--email", "c@example.com", "--role", "operator", "--merchant", merchantId],
      ["--email", "not-an-email", "--role", "operator"],
    ]) {
      const result = await cashier(["user", "create", ...args]);
      expect(result.code).toBe(1);
      expect(result.stdout).toBe("");
    }
    const short = await cashier(
      ["user", "create", "--email", "d@example.com", "--role", "operator", "--password-stdin"],
      "short\n",
    );
    expect(short.code).toBe(1);
    expect(short.stderr).toMatch(/at least 12 characters/);
    expect(short.stderr).not.toContain("short\n");
    expect((await cashier(["user", "create", "--role", "operator"])).code).toBe(2);
  });

  it("issues a new setup link and resets an authenticator with the console's operations: the old link stops working, each audited as the CLI", async () => {
    const { merchantId } = await createTestMerchant();
    const created = JSON.parse(
      (
        await cashier([
          "user",
          "create",
          "--email",
          "late@example.com",
          "--role",
          "merchant-viewer",
          "--merchant",
          merchantId,
        ])
      ).stdout,
    ) as { id: string; setupUrl: string };
    const renewed = await cashier(["user", "setup-link", "late@example.com"]);
    expect(renewed.code).toBe(0);
    const { setupUrl } = JSON.parse(renewed.stdout) as { setupUrl: string };
    expect(setupUrl).not.toBe(created.setupUrl);
    await expect(findSetupState(setupTokenOf(created.setupUrl))).rejects.toThrow(/not valid/);
    const reset = await cashier(["user", "reset-authenticator", "late@example.com"]);
    expect(reset.code).toBe(0);
    expect(JSON.parse(reset.stdout)).toMatchObject({ id: created.id, sessionsEnded: 0 });
    await expect(findSetupState(setupTokenOf(setupUrl))).rejects.toThrow(/not valid/);
    const events = await getDb().auditEvent.findMany({
      where: { targetId: created.id },
      orderBy: { createdAt: "asc" },
    });
    expect(events.map((event) => [event.action, event.actorEmail.startsWith("cli:")])).toEqual([
      ["user.created", true],
      ["user.setup_link_issued", true],
      ["user.authenticator_reset", true],
    ]);
  }, 180_000);
});
