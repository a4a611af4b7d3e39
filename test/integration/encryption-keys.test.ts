// `keys reseal` and the key check against every sealed column, on the database the project runs
// with: values as a database holds them before a rotation (v2 under the old key, and v1 from
// before values named their key) all move under the new key, each still opening where the code
// that sealed it opens it; a second run changes nothing; the commands refuse a key that opens
// nothing here. The commands run as the operator runs them, in a process of their own.
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { keyIdOf, makeKeyRing } from "@/lib/crypto/key-ring";
import { openPayToken } from "@/lib/crypto/pay-token";
import { decryptSecret, encryptSecret, sealedKeyId } from "@/lib/crypto/secret-box";
import { getConfig } from "@/lib/config/config";
import { getDb } from "@/lib/db/client";
import { readSealedValues } from "@/lib/db/sealed-values";
import { checkEncryptionKey } from "@/lib/encryption/check-encryption-key";
import { resealCanary, resealValue } from "@/lib/encryption/reseal-secrets";
import {
  openProviderAccountSecrets,
  sealProviderAccountSecrets,
} from "@/lib/providers/accounts/provider-account-secrets";
import { totpAssociatedData } from "@/lib/db/sealed-values";
import { openTotpSecret } from "@/lib/users/totp";
import { createTestMerchant, postSigned, readSigned } from "../support/api";
import { importEnvelopeHandlers } from "../support/envelope-handlers";
import { runTool } from "../support/run-tool";
import { sealV1 } from "../support/seal-v1";

const oldKey = getConfig().encryptionKeys.current.key;
const newKey = randomBytes(32);
const [oldId, newId] = [keyIdOf(oldKey), keyIdOf(newKey)];
const newRing = makeKeyRing(newKey);
const totpSecret = "JBSWY3DPEHPK3PXP";
const pspSecrets = { webhookSecret: "segredo-do-webhook", clientSecret: "segredo-do-cliente" };

/** `npm run cashier -- …` on this test's database with the given keys. */
const cashier = (keys: { current: Buffer; previous?: Buffer }, ...args: string[]) =>
  runTool("cashier", args, {
    DATABASE_URL: process.env.DATABASE_URL as string,
    CASHIER_ENCRYPTION_KEY: keys.current.toString("hex"),
    CASHIER_ENCRYPTION_PREVIOUS_KEYS: keys.previous?.toString("base64") ?? "",
  });

let depositId: string;
let merchantKeyId: string;
let merchantSecret: string;

beforeAll(async () => {
  const db = getDb();
  // The canary is written by the old key, as the first start before the rotation wrote it.
  await checkEncryptionKey();
  const merchant = await createTestMerchant({ redirectOrigins: ["https://loja.example"] });
  [merchantKeyId, merchantSecret] = [merchant.keyId, merchant.secret];
  const handlers = await importEnvelopeHandlers();
  const answer = await readSigned(
    await postSigned(handlers["/api/payment-initiation"], merchant, {
      name: "Maria da Silva",
      email: "maria@example.com",
      cpf: "529.982.247-25",
      amount: "10.50",
      currency: "BRL",
      reference: "rotacao-1",
      merchant_user: "cliente-42",
      country: "BR",
      buyer_ip: "203.0.113.9",
      successRedirectUrl: "https://loja.example/pago",
      failedRedirectUrl: "https://loja.example/falhou",
    }),
    merchant,
  );
  depositId = answer.data.id as string;
  // A user whose authenticator was enrolled before values named their key.
  await db.consoleUser.create({
    data: {
      id: "usr_rotacao",
      email: "rotacao@loja.example",
      role: "operator",
      totpSecretCiphertext: sealV1(oldKey, totpSecret, totpAssociatedData("usr_rotacao")),
    },
  });
  await db.providerAccount.create({
    data: {
      id: "pa_rotacao",
      kind: "efi",
      label: "Efí",
      baseUrl: "https://pix.example",
      tokenUrl: "https://pix.example/oauth/token",
      clientId: "cliente",
      pixKey: "pagamentos@loja.example",
      rails: ["charges"],
      secretsCiphertext: sealProviderAccountSecrets(makeKeyRing(oldKey), "pa_rotacao", pspSecrets),
    },
  });
}, 60_000);

async function sealedValues(): Promise<Record<string, string>> {
  const db = getDb();
  const [apiKey, deposit, user, account, canary] = await Promise.all([
    db.apiKey.findUniqueOrThrow({ where: { id: merchantKeyId } }),
    db.transaction.findUniqueOrThrow({ where: { id: depositId } }),
    db.consoleUser.findUniqueOrThrow({ where: { id: "usr_rotacao" } }),
    db.providerAccount.findUniqueOrThrow({ where: { id: "pa_rotacao" } }),
    db.encryptionCanary.findUniqueOrThrow({ where: { id: "canary" } }),
  ]);
  return {
    ApiKey: apiKey.secretCiphertext,
    Transaction: deposit.payTokenSealed as string,
    ConsoleUser: user.totpSecretCiphertext as string,
    ProviderAccount: account.secretsCiphertext,
    EncryptionCanary: canary.sealed,
  };
}

describe("rotating the encryption key", () => {
  it("refuses the new key alone, reseals every value under it with the old one listed, and needs the old one no more", async () => {
    const before = await sealedValues();
    expect(sealedKeyId(before.ApiKey)).toBe(oldId);
    expect(sealedKeyId(before.ConsoleUser)).toBeNull();

    const refused = await cashier({ current: newKey }, "keys", "reseal");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`sealed under key id ${oldId}, and CASHIER_ENCRYPTION_KEY has id ${newId}`);
    expect(refused.stderr).not.toContain(newKey.toString("hex"));
    expect(await sealedValues()).toEqual(before);

    const dryRun = await cashier({ current: newKey, previous: oldKey }, "keys", "reseal", "--dry-run");
    expect(dryRun.code, dryRun.stderr).toBe(0);
    expect(JSON.parse(dryRun.stdout)).toMatchObject({ isDryRun: true, canary: "to reseal" });
    expect(await sealedValues()).toEqual(before);

    const resealed = await cashier({ current: newKey, previous: oldKey }, "keys", "reseal");
    expect(resealed.code, resealed.stderr).toBe(0);
    const report = JSON.parse(resealed.stdout) as { keyId: string; tables: Record<string, unknown>; canary: string };
    expect(report.keyId).toBe(newId);
    for (const table of ["ApiKey", "Transaction", "ConsoleUser", "ProviderAccount"])
      expect(report.tables[table], table).toEqual({ resealed: 1, current: 0, changed: 0, unopenable: [] });
    expect(report.canary).toBe("resealed");

    const after = await sealedValues();
    for (const [table, sealed] of Object.entries(after)) expect(sealedKeyId(sealed), table).toBe(newId);
    // Each opens with the new key alone, where its code opens it.
    expect(decryptSecret(newRing, after.ApiKey, merchantKeyId)).toBe(merchantSecret);
    expect(openPayToken(newRing, depositId, after.Transaction)).toBe(
      openPayToken(makeKeyRing(oldKey), depositId, before.Transaction),
    );
    expect(decryptSecret(newRing, after.ConsoleUser, totpAssociatedData("usr_rotacao"))).toBe(totpSecret);
    expect(openProviderAccountSecrets(newRing, "pa_rotacao", after.ProviderAccount)).toEqual(pspSecrets);

    // Again: nothing left to move, nothing rewritten.
    const again = await cashier({ current: newKey, previous: oldKey }, "keys", "reseal");
    expect(JSON.parse(again.stdout)).toMatchObject({
      canary: "current",
      tables: { ApiKey: { resealed: 0, current: 1 } },
    });
    expect(await sealedValues()).toEqual(after);

    const status = await cashier({ current: newKey }, "keys", "status");
    expect(status.code, status.stderr).toBe(0);
    expect(JSON.parse(status.stdout)).toEqual({
      currentKeyId: newId,
      previousKeyIds: [],
      canaryKeyId: newId,
      tables: {
        ApiKey: { [newId]: 1 },
        Transaction: { [newId]: 1 },
        ConsoleUser: { [newId]: 1 },
        ProviderAccount: { [newId]: 1 },
      },
    });
    // The old key, this process's, is now the wrong one.
    await expect(checkEncryptionKey()).rejects.toThrow(`sealed under key id ${newId}`);
    expect(() => openTotpSecret("usr_rotacao", after.ConsoleUser)).toThrow();
  }, 180_000);
});

// Where the first test left the database: everything under newKey. Each test rotates again.
describe("a reseal that cannot finish in one run", () => {
  const [k3, k4, k5] = [randomBytes(32), randomBytes(32), randomBytes(32)];
  const ring = (current: Buffer, previous: Buffer) => makeKeyRing(current, [previous]);
  const canaryKeyId = async () => (await getDb().encryptionCanary.findUniqueOrThrow({ where: { id: "canary" } })).keyId;

  it("keeps the canary and exits 1 naming a value no configured key opens; a rerun once it is gone finishes", async () => {
    const db = getDb();
    const { merchantId } = await db.apiKey.findUniqueOrThrow({ where: { id: merchantKeyId } });
    const stray = encryptSecret(makeKeyRing(randomBytes(32)), "segredo", "mk_test_stray");
    await db.apiKey.create({ data: { id: "mk_test_stray", merchantId, secretCiphertext: stray } });

    const refused = await cashier({ current: k3, previous: newKey }, "keys", "reseal");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("values that open with no configured key: ApiKey mk_test_stray");
    expect(await canaryKeyId()).toBe(newId);
    expect((await db.apiKey.findUniqueOrThrow({ where: { id: "mk_test_stray" } })).secretCiphertext).toBe(stray);

    await db.apiKey.delete({ where: { id: "mk_test_stray" } });
    const rerun = await cashier({ current: k3, previous: newKey }, "keys", "reseal");
    expect(rerun.code, rerun.stderr).toBe(0);
    expect(JSON.parse(rerun.stdout)).toMatchObject({
      canary: "resealed",
      tables: { ApiKey: { resealed: 0, current: 1 } },
    });
    expect(await canaryKeyId()).toBe(keyIdOf(k3));
  }, 180_000);

  it("leaves a value another process rewrote between the read and the update as that process wrote it", async () => {
    const db = getDb();
    const read = await db.providerAccount.findUniqueOrThrow({ where: { id: "pa_rotacao" } });
    // A server saves the account's secrets again meanwhile, under the key it has.
    const rewritten = sealProviderAccountSecrets(makeKeyRing(k3), "pa_rotacao", {
      ...pspSecrets,
      clientSecret: "novo",
    });
    await db.providerAccount.update({ where: { id: "pa_rotacao" }, data: { secretsCiphertext: rewritten } });

    const outcome = await resealValue(db, ring(k4, k3), "ProviderAccount", {
      id: read.id,
      sealed: read.secretsCiphertext,
    });
    expect(outcome).toBe("changed");
    expect((await db.providerAccount.findUniqueOrThrow({ where: { id: "pa_rotacao" } })).secretsCiphertext).toBe(
      rewritten,
    );
  });

  it("finishes an interrupted run when run again, and a further run changes nothing", async () => {
    const db = getDb();
    // The run stopped after the merchant keys.
    for await (const rows of readSealedValues(db, "ApiKey"))
      for (const row of rows) expect(await resealValue(db, ring(k4, k3), "ApiKey", row)).toBe("resealed");
    expect(await canaryKeyId()).toBe(keyIdOf(k3));

    const rerun = await cashier({ current: k4, previous: k3 }, "keys", "reseal");
    expect(rerun.code, rerun.stderr).toBe(0);
    expect(JSON.parse(rerun.stdout)).toMatchObject({
      canary: "resealed",
      tables: {
        ApiKey: { resealed: 0, current: 1 },
        Transaction: { resealed: 1, current: 0 },
        ProviderAccount: { resealed: 1, current: 0, changed: 0 },
      },
    });
    const after = await sealedValues();
    for (const [table, sealed] of Object.entries(after)) expect(sealedKeyId(sealed), table).toBe(keyIdOf(k4));
    expect(openProviderAccountSecrets(makeKeyRing(k4), "pa_rotacao", after.ProviderAccount).clientSecret).toBe("novo");

    const again = await cashier({ current: k4 }, "keys", "reseal");
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({
      canary: "current",
      tables: { Transaction: { resealed: 0, current: 1 } },
    });
    expect(await sealedValues()).toEqual(after);
  }, 180_000);

  it("keeps the canary when a value was sealed under the old key after its table was scanned", async () => {
    const db = getDb();
    for (const table of ["ApiKey", "Transaction", "ConsoleUser", "ProviderAccount"] as const)
      for await (const rows of readSealedValues(db, table))
        for (const row of rows) await resealValue(db, ring(k5, k4), table, row);
    // An instance still on the old key enrols the user's authenticator again, after the scan.
    await db.consoleUser.update({
      where: { id: "usr_rotacao" },
      data: { totpSecretCiphertext: encryptSecret(makeKeyRing(k4), totpSecret, totpAssociatedData("usr_rotacao")) },
    });

    expect(await resealCanary(db, ring(k5, k4))).toEqual({
      canary: "left",
      elsewhere: [`ConsoleUser 1 under ${keyIdOf(k4)}`],
    });
    expect(await canaryKeyId()).toBe(keyIdOf(k4));

    const rerun = await cashier({ current: k5, previous: k4 }, "keys", "reseal");
    expect(rerun.code, rerun.stderr).toBe(0);
    expect(JSON.parse(rerun.stdout)).toMatchObject({ canary: "resealed", tables: { ConsoleUser: { resealed: 1 } } });
    expect(await canaryKeyId()).toBe(keyIdOf(k5));
  }, 180_000);
});
