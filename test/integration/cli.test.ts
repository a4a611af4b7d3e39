// The operator's tool, run as a real process against the test database.
import { mkdtempSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { POST as pix } from "@/app/api/pix/route";
import { POST as status } from "@/app/api/status/route";
import { getDb } from "@/lib/db/client";
import { postSigned, readProblem, readSigned, type TestMerchant } from "../support/api";
import { pixDepositRequest } from "../support/requests";
import { runTool } from "../support/run-tool";

const cashier = (...args: string[]) => runTool("cashier", args);

async function createMerchantWithCli(...args: string[]): Promise<TestMerchant> {
  const result = await cashier("merchant", "create", ...args);
  expect(result.stderr).toBe("");
  expect(result.code).toBe(0);
  return JSON.parse(result.stdout) as TestMerchant;
}

// Each test runs the CLI several times, a TypeScript process each: a minute or more when the
// end-to-end suite shares the two cores.
describe("npm run cashier -- merchant …", { timeout: 180_000 }, () => {
  it("creates a merchant whose printed key signs requests the API accepts", async () => {
    const merchant = await createMerchantWithCli(
      "--name",
      "Loja CLI",
      "--callback-url",
      "https://shop.example/cb",
      "--redirect-origin",
      "https://shop.example",
    );
    expect(merchant.merchantId).toMatch(/^mer_[a-z0-9]{20}$/);
    expect(merchant.keyId).toMatch(/^mk_test_[a-z0-9]{24}$/);
    expect(Buffer.from(merchant.secret, "base64url")).toHaveLength(32);
    const response = await postSigned(status, merchant, { id: "dep_none" });
    expect(response.status).toBe(404);
    await readSigned(response, merchant);
  });

  it("uses a given key id and secret, and makes live keys for --live", async () => {
    const given = await createMerchantWithCli(
      "--name",
      "Demo",
      "--key-id",
      "mk_test_givenkey123",
      "--secret",
      "s".repeat(43),
    );
    expect(given).toMatchObject({ keyId: "mk_test_givenkey123", secret: "s".repeat(43) });
    expect((await postSigned(status, given, { id: "x" })).status).toBe(404);
    const live = await createMerchantWithCli("--name", "Live", "--live");
    expect(live.keyId).toMatch(/^mk_live_/);
  });

  it("takes the secret from standard input with --secret-stdin, so it never sits on the command line", async () => {
    const secret = "p".repeat(43);
    const created = await runTool(
      "cashier",
      ["merchant", "create", "--name", "Stdin", "--key-id", "mk_test_stdinkey1234", "--secret-stdin"],
      {},
      `${secret}\n`,
    );
    expect(created.code).toBe(0);
    const merchant = JSON.parse(created.stdout) as TestMerchant;
    expect(merchant).toMatchObject({ keyId: "mk_test_stdinkey1234", secret });
    expect((await postSigned(status, merchant, { id: "x" })).status).toBe(404);

    const key = await runTool(
      "cashier",
      ["merchant", "key", "create", merchant.merchantId, "--key-id", "mk_test_stdinkey5678", "--secret-stdin"],
      {},
      "q".repeat(43),
    );
    expect(JSON.parse(key.stdout)).toMatchObject({ keyId: "mk_test_stdinkey5678", secret: "q".repeat(43) });
    const both = await runTool(
      "cashier",
      [
        "merchant",
        "key",
        "create",
        merchant.merchantId,
        "--key-id",
        "mk_test_x1234567",
        "--secret",
        "s".repeat(43),
        "--secret-stdin",
      ],
      {},
      "",
    );
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/exclude each other/);
  });

  it("lists merchants and keys without any secret", async () => {
    const merchant = await createMerchantWithCli("--name", "Listed");
    const result = await cashier("merchant", "list");
    expect(result.code).toBe(0);
    const listed = JSON.parse(result.stdout) as {
      merchantId: string;
      name: string;
      keys: { keyId: string; revokedAt: string | null }[];
    }[];
    expect(listed.find((m) => m.merchantId === merchant.merchantId)).toMatchObject({
      name: "Listed",
      keys: [{ keyId: merchant.keyId, revokedAt: null }],
    });
    expect(result.stdout).not.toContain(merchant.secret);
  });

  it("rotates keys: a new key works beside the old; the revoked one stops at once", async () => {
    const merchant = await createMerchantWithCli("--name", "Rotating");
    const created = await cashier("merchant", "key", "create", merchant.merchantId);
    expect(created.code).toBe(0);
    const second = JSON.parse(created.stdout) as TestMerchant;
    expect(second.merchantId).toBe(merchant.merchantId);
    expect(second.keyId).not.toBe(merchant.keyId);

    const revoked = await cashier("merchant", "key", "revoke", merchant.keyId);
    expect(revoked.code).toBe(0);
    expect(JSON.parse(revoked.stdout)).toMatchObject({ keyId: merchant.keyId });
    const revocations = { where: { targetId: merchant.keyId, action: "api_key.revoked" } };
    expect(await getDb().auditEvent.findMany(revocations)).toMatchObject([
      { action: "api_key.revoked", actorRole: "cli", merchantId: merchant.merchantId },
    ]);
    // Revoking it again changes nothing and records nothing.
    expect((await cashier("merchant", "key", "revoke", merchant.keyId)).code).toBe(0);
    expect(await getDb().auditEvent.count(revocations)).toBe(1);
    const refused = await postSigned(status, merchant, { id: "x" });
    expect(refused.status).toBe(401);
    expect((await readProblem(refused)).code).toBe("key_revoked");
    expect((await postSigned(status, second, { id: "x" })).status).toBe(404);
  });

  it("updates where callbacks go and which origins redirects may use", async () => {
    const merchant = await createMerchantWithCli("--name", "Muda");
    const updated = await cashier(
      "merchant",
      "update",
      merchant.merchantId,
      "--callback-url",
      "https://muda.example/cb",
      "--redirect-origin",
      "https://muda.example/",
    );
    expect(updated.code).toBe(0);
    expect(JSON.parse(updated.stdout)).toEqual({
      merchantId: merchant.merchantId,
      callbackUrl: "https://muda.example/cb",
      redirectOrigins: ["https://muda.example"],
    });
    const cleared = await cashier("merchant", "update", merchant.merchantId, "--no-callback-url");
    expect(JSON.parse(cleared.stdout)).toMatchObject({ callbackUrl: null, redirectOrigins: ["https://muda.example"] });
    expect((await cashier("merchant", "update", merchant.merchantId)).stderr).toMatch(/nothing to change/);
    expect(
      (await cashier("merchant", "update", merchant.merchantId, "--redirect-origin", "https://x.example/path")).stderr,
    ).toMatch(/without a path/);
    expect((await cashier("merchant", "update", "mer_nobody", "--no-callback-url")).stderr).toMatch(
      /no merchant mer_nobody/,
    );
  });

  it("audits as the CLI's account what creates keys and moves sandbox money, nothing when refused", async () => {
    const cli = { actorUserId: null, actorEmail: `cli:${userInfo().username}`, actorRole: "cli", sessionId: null };
    const merchant = await createMerchantWithCli("--name", "Auditada", "--callback-url", "https://auditada.example/cb");
    const key = JSON.parse((await cashier("merchant", "key", "create", merchant.merchantId)).stdout) as TestMerchant;
    expect((await cashier("merchant", "fund", merchant.merchantId, "250,00")).code).toBe(0);
    const { data } = await readSigned(
      await postSigned(pix, merchant, pixDepositRequest({ amount: "12.34" })),
      merchant,
    );
    expect((await cashier("deposit", "pay", data.id as string)).code).toBe(0);
    // Refused: nothing moved, nothing recorded.
    expect((await cashier("deposit", "pay", data.id as string)).code).toBe(1);
    expect((await cashier("merchant", "fund", merchant.merchantId, "dez")).code).toBe(1);

    const events = await getDb().auditEvent.findMany({ where: { merchantId: merchant.merchantId } });
    const byAction = (action: string) => events.filter((event) => event.action === action);
    expect(events).toHaveLength(5);
    expect(byAction("merchant.created")).toMatchObject([
      {
        ...cli,
        targetType: "merchant",
        targetId: merchant.merchantId,
        ip: null,
        detail: {
          name: "Auditada",
          mode: "sandbox",
          callback_url: "https://auditada.example/cb",
          redirect_origins: [],
          provider_routes: {},
          payout_approval: "automatic",
          payout_approval_above: null,
        },
      },
    ]);
    expect(
      byAction("api_key.created")
        .map((event) => [event.targetId, event.actorRole])
        .sort(),
    ).toEqual(
      [
        [merchant.keyId, "cli"],
        [key.keyId, "cli"],
      ].sort(),
    );
    expect(byAction("merchant.sandbox_funded")).toMatchObject([
      { ...cli, targetType: "merchant", targetId: merchant.merchantId, detail: { amount_cents: "25000" } },
    ]);
    expect(byAction("deposit.sandbox_paid")).toMatchObject([
      { ...cli, targetType: "transaction", targetId: data.id, detail: { amount_cents: "1234" } },
    ]);
    // No secret in any of them.
    expect(JSON.stringify(events)).not.toContain(merchant.secret);
    expect(JSON.stringify(events)).not.toContain(key.secret);
  });

  it("says what is wrong on stderr and exits non-zero", async () => {
    const noName = await cashier("merchant", "create");
    expect(noName.code).toBe(2);
    expect(noName.stderr).toMatch(/--name is required/);
    expect(noName.stdout).toBe("");

    const badUrl = await cashier("merchant", "create", "--name", "X", "--callback-url", "not a url");
    expect(badUrl.code).toBe(1);
    expect(badUrl.stderr).toMatch(/callbackUrl: must be an absolute http\(s\) URL/);

    const liveWithTestKey = await cashier(
      "merchant",
      "create",
      "--name",
      "X",
      "--live",
      "--key-id",
      "mk_test_abcdefgh1",
      "--secret",
      "s".repeat(43),
    );
    expect(liveWithTestKey.code).toBe(1);
    expect(liveWithTestKey.stderr).toMatch(/must start with mk_live_/);

    const unknownMerchant = await cashier("merchant", "key", "create", "mer_nobody");
    expect(unknownMerchant.code).toBe(1);
    expect(unknownMerchant.stderr).toMatch(/no merchant mer_nobody/);

    const unknownKey = await cashier("merchant", "key", "revoke", "mk_test_nobody");
    expect(unknownKey.code).toBe(1);

    const unknownCommand = await cashier("merchant", "delete");
    expect(unknownCommand.code).toBe(2);
    expect(unknownCommand.stderr).toMatch(/unknown command/);
  });

  it.runIf(process.env.TEST_DATABASE === "sqlite")(
    "applies pending migrations to a new database before it acts",
    async () => {
      const file = path.join(mkdtempSync(path.join(tmpdir(), "cashier-cli-")), "fresh.db");
      const result = await runTool("cashier", ["merchant", "create", "--name", "Fresh"], {
        DATABASE_URL: `file:${file}`,
      });
      expect(result.code).toBe(0);
      expect(JSON.parse(result.stdout).merchantId).toMatch(/^mer_/);
    },
  );
});

describe("npm run sign", { timeout: 180_000 }, () => {
  it("signs a request for a given key that the API accepts", async () => {
    const merchant = await createMerchantWithCli("--name", "Signer");
    const signed = await runTool("sign", ['{"id":"dep_x"}', "--key-id", merchant.keyId, `--secret=${merchant.secret}`]);
    expect(signed.stderr).toBe("");
    expect(signed.code).toBe(0);
    const { post } = await import("../support/api");
    const response = await post(status, signed.stdout.trim(), { "content-type": "application/jwt" });
    expect(response.status).toBe(404);
    await readSigned(response, merchant);
  });
});
