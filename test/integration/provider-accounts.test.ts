// Provider accounts (issue 23) against a real database: `provider add` seals every secret (none in
// the row, the CLI's answer or the audit), the registry's loadProviderAccount gets back what was
// given, list and disable, and merchants' routes and payout approval with each refusal. Issue 24:
// payment initiation's settings (the receiving account) through add, load, list and routing, and
// `psp configure`, which tells the initiator the account's return and webhook addresses.
import { readFileSync } from "node:fs";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getDb } from "@/lib/db/client";
import { findApiKeyWithMerchant } from "@/lib/db/api-keys";
import { cliAuditActor } from "@/lib/audit/cli-audit-actor";
import { createMerchant } from "@/lib/merchants/create-merchant";
import { changeMerchantRouting } from "@/lib/merchants/change-merchant-routing";
import { listMerchants } from "@/lib/merchants/list-merchants";
import { addProviderAccount } from "@/lib/providers/accounts/add-provider-account";
import {
  disableConsoleProviderAccount,
  disableProviderAccount,
} from "@/lib/providers/accounts/disable-provider-account";
import { listProviderAccountIds } from "@/lib/providers/accounts/list-provider-account-ids";
import { listConsoleProviderAccounts, listProviderAccounts } from "@/lib/providers/accounts/list-provider-accounts";
import { loadProviderAccount } from "@/lib/providers/accounts/load-provider-account";
import type { PspSettings } from "@/lib/providers/api-pix/api-pix-settings";
import type { ProviderAccount } from "@/lib/providers/contract/provider-account";
import { runCli } from "@/lib/cli/run-cli";
import { newId } from "@/lib/ids/new-id";
import { generateCertificates } from "../psp-simulator/generate-certificates";

type Actor = import("@/lib/access/actor").Actor;

// The initiator `psp configure` reaches: the registry's adapter for the account, replaced here so no
// PSP is called; what it was told is kept, and it can be made to refuse.
const initiator = vi.hoisted(() => ({
  calls: [] as Array<{ accountId: string | null; urls: { returnUrl: string; webhookUrl: string } }>,
  refusal: null as Error | null,
}));
vi.mock("@/lib/providers/registry", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/providers/registry")>()),
  findProvider: async (accountId: string | null) => ({
    accountId,
    kind: "efi",
    initiations: {
      configure: async (urls: { returnUrl: string; webhookUrl: string }) => {
        if (initiator.refusal) throw initiator.refusal;
        initiator.calls.push({ accountId, urls });
      },
    },
  }),
}));

const certificates = generateCertificates();
const pem = (file: string) => readFileSync(file, "utf8");
const CLIENT_SECRET = "efi-client-secret-0f9e8d7c6b5a";
const WEBHOOK_SECRET = "webhook-secret-given-by-operator";

/** What must never be stored in clear or printed: the secrets and the PEM bodies. */
const SECRET_TEXTS = [
  CLIENT_SECRET,
  WEBHOOK_SECRET,
  ...[certificates.clientCertFile, certificates.clientKeyFile, certificates.caFile].map(
    (file) => pem(file).split("\n")[1],
  ),
];

async function cashier(argv: string[], stdin = "") {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(argv, {
    out: (text) => out.push(text),
    err: (text) => err.push(text),
    readStdin: async () => stdin,
  });
  return { code, stdout: out.join("\n"), stderr: err.join("\n") };
}

const efiArgs = (label: string) => [
  "provider",
  "add",
  "--kind",
  "efi",
  "--label",
  label,
  "--url",
  "https://pix-h.api.efipay.com.br",
  "--client-id",
  "Client_Id_efi",
  "--client-secret-stdin",
  "--cert-file",
  certificates.clientCertFile,
  "--key-file",
  certificates.clientKeyFile,
  "--ca-file",
  certificates.caFile,
  "--pix-key",
  "pagamentos@loja.example",
];

async function addApiPixAccount(label: string) {
  return addProviderAccount(
    {
      kind: "api_pix",
      label,
      url: "https://api.psp.example/api/v2",
      tokenUrl: "https://auth.psp.example/oauth/v2/token",
      profile: "inter",
      clientId: "inter-client",
      clientSecret: "inter-secret",
      certPem: pem(certificates.clientCertFile),
      keyPem: pem(certificates.clientKeyFile),
      pixKey: "11444777000161",
    },
    cliAuditActor(),
  );
}

let efiId: string;

beforeAll(async () => {
  const added = await cashier(efiArgs("Efí principal"), `${CLIENT_SECRET}\n`);
  expect(added.stderr).toBe("");
  efiId = JSON.parse(added.stdout).id;
});

describe("provider add", () => {
  it("prints the account and its webhook, with no secret, certificate or key", async () => {
    const added = await cashier(
      [...efiArgs("Efí com segredo"), "--webhook-secret-stdin"],
      `${CLIENT_SECRET}\n${WEBHOOK_SECRET}\n`,
    );
    expect(added.code).toBe(0);
    const view = JSON.parse(added.stdout);
    expect(view).toEqual({
      id: expect.stringMatching(/^pa_[a-z0-9]{20}$/),
      kind: "efi",
      label: "Efí com segredo",
      url: "https://pix-h.api.efipay.com.br",
      token_url: "https://pix-h.api.efipay.com.br/oauth/token",
      profile: "efi",
      pix_key: "pagamentos@loja.example",
      rails: ["charges", "refunds", "payouts"],
      initiation: null,
      webhook_path: `/api/psp/webhook/${view.id}`,
      webhook_url: `http://localhost:3000/api/psp/webhook/${view.id}`,
      created_at: expect.any(String),
    });
    for (const secret of SECRET_TEXTS) expect(added.stdout).not.toContain(secret);
  });

  it("stores the secrets sealed: not in the row, not in the audit event", async () => {
    const row = await getDb().providerAccount.findUniqueOrThrow({ where: { id: efiId } });
    const [audit] = await getDb().auditEvent.findMany({ where: { action: "provider_account.added", targetId: efiId } });
    expect(audit).toMatchObject({ actorRole: "cli", targetType: "provider_account" });
    expect(audit.detail).toMatchObject({
      kind: "efi",
      label: "Efí principal",
      rails: ["charges", "refunds", "payouts"],
    });
    const stored = JSON.stringify(row) + JSON.stringify(audit);
    for (const secret of SECRET_TEXTS) expect(stored).not.toContain(secret);
    expect(stored).not.toContain("BEGIN");
  });

  it("refuses a bad account with every field's reason, and stores nothing", async () => {
    const before = await getDb().providerAccount.count();
    const refused = await cashier(
      [
        "provider",
        "add",
        "--kind",
        "efi",
        "--label",
        "Errada",
        "--url",
        "https://pix.example",
        "--client-id",
        "x",
        "--cert-file",
        certificates.clientCertFile,
        "--key-file",
        certificates.serverKeyFile,
        "--pix-key",
        "nope",
        "--rails",
        "initiation",
      ],
      "",
    );
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("clientSecret: is required for efi accounts");
    expect(refused.stderr).toContain("keyPem: is not the private key of the certificate");
    expect(refused.stderr).toContain("pixKey: is not a Pix key");
    expect(refused.stderr).toContain("receiverBranch: is required to serve initiation");
    expect(refused.stderr).not.toContain("PRIVATE KEY");
    expect(await getDb().providerAccount.count()).toBe(before);
  });

  it("says which file it cannot read, and which flags are missing", async () => {
    const unreadable = await cashier(
      efiArgs("Sem arquivo").map((arg) => (arg === certificates.clientKeyFile ? "/nonexistent/key.pem" : arg)),
      `${CLIENT_SECRET}\n`,
    );
    expect(unreadable).toMatchObject({
      code: 1,
      stderr: "error: --key-file: cannot read /nonexistent/key.pem (ENOENT)",
    });
    const missing = await cashier(["provider", "add", "--kind", "efi"]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^--label, --url, --client-id, --cert-file, --key-file, --pix-key required/);
  });
});

// The operator's receiving account at Efí: a valid CNPJ, so the document shows masked.
const receiverArgs = [
  "--receiver-branch",
  "0001",
  "--receiver-account",
  "654984",
  "--receiver-account-type",
  "CACC",
  "--receiver-document",
  "11.444.777/0001-61",
  "--receiver-name",
  "Loja Exemplo Ltda",
];

async function addInitiationAccount(label: string, extra: string[] = []) {
  const added = await cashier([...efiArgs(label), ...receiverArgs, ...extra], `${CLIENT_SECRET}\n`);
  expect(added.stderr).toBe("");
  return JSON.parse(added.stdout) as { id: string; rails: string[]; initiation: unknown };
}

describe("provider add with payment initiation", () => {
  it("serves initiation with the receiving account, shown with its document masked", async () => {
    const added = await cashier([...efiArgs("Efí iniciação"), ...receiverArgs], `${CLIENT_SECRET}\n`);
    expect(added.code).toBe(0);
    const view = JSON.parse(added.stdout);
    expect(view).toMatchObject({
      rails: ["charges", "refunds", "payouts", "initiation"],
      initiation: {
        url: "https://openfinance-h.api.efipay.com.br/v1",
        receiver: {
          ispb: "09089356",
          branch: "0001",
          account: "654984",
          account_type: "CACC",
          document: "**.444.777/0001-**",
          name: "Loja Exemplo Ltda",
        },
      },
    });
    for (const secret of SECRET_TEXTS) expect(added.stdout).not.toContain(secret);
    expect(added.stdout).not.toContain("11444777000161");

    // Stored in clear beside the sealed secrets, which stay sealed; audited with the masked document.
    const row = await getDb().providerAccount.findUniqueOrThrow({ where: { id: view.id } });
    expect(row.initiation).toMatchObject({ receiver: { document: "11444777000161", ispb: "09089356" } });
    const [audit] = await getDb().auditEvent.findMany({
      where: { action: "provider_account.added", targetId: view.id },
    });
    expect(audit.detail).toMatchObject({ initiation: view.initiation });
    const stored = JSON.stringify(row) + JSON.stringify(audit);
    for (const secret of SECRET_TEXTS) expect(stored).not.toContain(secret);
    expect(JSON.stringify(audit)).not.toContain("11444777000161");
  });

  it("takes the initiator's API and institution named, and the initiation rail alone", async () => {
    const view = await addInitiationAccount("Efí só iniciação", [
      "--rails",
      "initiation",
      "--initiation-url",
      "https://openfinance.psp.example/v1/",
      "--receiver-ispb",
      "00000000",
    ]);
    expect(view).toMatchObject({
      rails: ["initiation"],
      initiation: { url: "https://openfinance.psp.example/v1", receiver: { ispb: "00000000" } },
    });
  });

  it("refuses each bad field of the receiving account, and the rail without it, storing nothing", async () => {
    const before = await getDb().providerAccount.count();
    const refused = await cashier(
      [
        ...efiArgs("Recebedor errado"),
        "--url",
        "https://pix.psp.example",
        "--receiver-ispb",
        "123",
        "--receiver-branch",
        "00001",
        "--receiver-account",
        "12a",
        "--receiver-account-type",
        "corrente",
        "--receiver-document",
        "111.111.111-11",
        "--receiver-name",
        "Loja",
      ],
      `${CLIENT_SECRET}\n`,
    );
    expect(refused.code).toBe(1);
    for (const message of [
      "initiationUrl: is required: no Open Finance API is known for this url",
      "receiverIspb: must be the institution's ISPB, 8 digits",
      "receiverBranch: must be the branch's 1 to 4 digits",
      "receiverAccount: must be the account number with its check digit",
      "receiverAccountType: must be CACC (conta corrente)",
      "receiverDocument: must be a valid CPF or CNPJ",
    ])
      expect(refused.stderr).toContain(message);
    const railOnly = await cashier([...efiArgs("Trilho sem conta"), "--rails", "initiation"], `${CLIENT_SECRET}\n`);
    expect(railOnly.code).toBe(1);
    expect(railOnly.stderr).toContain("receiverDocument: is required to serve initiation");
    const apiPix = await cashier(
      [
        "provider",
        "add",
        "--kind",
        "api_pix",
        "--label",
        "API Pix com recebedor",
        "--url",
        "https://api.psp.example/api/v2",
        "--token-url",
        "https://auth.psp.example/oauth/v2/token",
        "--client-id",
        "x",
        "--client-secret-stdin",
        "--cert-file",
        certificates.clientCertFile,
        "--key-file",
        certificates.clientKeyFile,
        "--pix-key",
        "11444777000161",
        ...receiverArgs,
      ],
      "secret\n",
    );
    expect(apiPix.stderr).toContain("receiverBranch: api_pix accounts serve no payment initiation; leave it out");
    expect(await getDb().providerAccount.count()).toBe(before);
  });
});

/** The efi and api_pix kinds' settings, as their adapters get them. */
const loadApiPixAccount = async (id: string) => (await loadProviderAccount(id)) as ProviderAccount<PspSettings> | null;

describe("loadProviderAccount", () => {
  it("gives the adapter the settings given, resolved by the PSP's profile", async () => {
    const account = await loadApiPixAccount(efiId);
    expect(account).toMatchObject({
      id: efiId,
      kind: "efi",
      label: "Efí principal",
      rails: ["charges", "refunds", "payouts"],
      pixKey: "pagamentos@loja.example",
      disabledAt: null,
      settings: {
        baseUrl: "https://pix-h.api.efipay.com.br",
        tokenUrl: "https://pix-h.api.efipay.com.br/oauth/token",
        clientId: "Client_Id_efi",
        clientSecret: CLIENT_SECRET,
        profile: "efi",
        tokenAuth: "basic",
        tokenFormat: "json",
        scope: null,
        extraHeaders: {},
        extraQuery: {},
        hasWebhookTerminator: false,
        reconcileSeconds: 60,
        timeoutMs: 10_000,
      },
    });
    expect(account!.settings.clientCertificate!.cert.toString()).toBe(pem(certificates.clientCertFile));
    expect(account!.settings.clientCertificate!.key.toString()).toBe(pem(certificates.clientKeyFile));
    expect(account!.settings.ca!.toString()).toBe(pem(certificates.caFile));
    // Generated when the operator gave none: 24 random bytes.
    expect(account!.settings.webhookSecret).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it("keeps a given webhook secret, an api_pix account's token URL and profile", async () => {
    const added = await cashier(
      [...efiArgs("Efí segredo dado"), "--webhook-secret-stdin"],
      `${CLIENT_SECRET}\n${WEBHOOK_SECRET}\n`,
    );
    expect((await loadApiPixAccount(JSON.parse(added.stdout).id))!.settings.webhookSecret).toBe(WEBHOOK_SECRET);
    const inter = await addApiPixAccount("Inter");
    expect((await loadApiPixAccount(inter.id))!.settings).toMatchObject({
      tokenUrl: "https://auth.psp.example/oauth/v2/token",
      profile: "inter",
      tokenAuth: "body",
      scope: "cob.read cob.write pix.read pix.write webhook.read webhook.write",
      ca: null,
    });
  });

  it("gives the adapter the initiation settings round-trip, the document whole; null without them", async () => {
    const { id } = await addInitiationAccount("Efí carregada");
    const account = await loadApiPixAccount(id);
    expect(account).toMatchObject({
      rails: ["charges", "refunds", "payouts", "initiation"],
      initiation: {
        baseUrl: "https://openfinance-h.api.efipay.com.br/v1",
        receiver: {
          ispb: "09089356",
          branch: "0001",
          account: "654984",
          accountType: "CACC",
          document: "11444777000161",
          name: "Loja Exemplo Ltda",
        },
      },
      settings: { clientSecret: CLIENT_SECRET },
    });
    expect(account!.settings.clientCertificate!.key.toString()).toBe(pem(certificates.clientKeyFile));
    expect((await loadProviderAccount(efiId))!.initiation).toBeNull();
  });

  it("refuses an account serving initiation whose settings no longer read", async () => {
    const { id } = await addInitiationAccount("Efí estragada");
    await getDb().providerAccount.update({ where: { id }, data: { initiation: { baseUrl: "x" } } });
    await expect(loadProviderAccount(id)).rejects.toThrow(/serves initiation, but its settings do not read/);
  });

  it("answers null for an unknown account, and refuses a row sealed for another account", async () => {
    expect(await loadProviderAccount("pa_unknown")).toBeNull();
    const other = await addApiPixAccount("Copiada");
    const { secretsCiphertext } = await getDb().providerAccount.findUniqueOrThrow({ where: { id: efiId } });
    await getDb().providerAccount.update({ where: { id: other.id }, data: { secretsCiphertext } });
    await expect(loadProviderAccount(other.id)).rejects.toThrow(/secrets do not open/);
  });
});

describe("provider list and disable", () => {
  it("lists every account with its merchants; disabling is audited, once, and the account still loads", async () => {
    const account = await addApiPixAccount("Para desativar");
    await createMerchant({ name: "Roteada", mode: "live", provider: account.id });
    const listed = await cashier(["provider", "list"]);
    const row = JSON.parse(listed.stdout).find((entry: { id: string }) => entry.id === account.id);
    expect(row).toMatchObject({ label: "Para desativar", disabled_at: null, merchants: 1, initiation: null });
    for (const secret of SECRET_TEXTS) expect(listed.stdout).not.toContain(secret);

    const disabled = await cashier(["provider", "disable", account.id]);
    expect(disabled.code).toBe(0);
    expect(JSON.parse(disabled.stdout)).toEqual({ id: account.id, disabled_at: expect.any(String) });
    expect(
      await getDb().auditEvent.count({ where: { action: "provider_account.disabled", targetId: account.id } }),
    ).toBe(1);
    const again = await cashier(["provider", "disable", account.id]);
    expect(again).toMatchObject({ code: 1, stderr: expect.stringMatching(/was disabled at /) });
    expect((await cashier(["provider", "disable", "pa_unknown"])).stderr).toBe("error: no provider account pa_unknown");

    expect((await listProviderAccounts()).find((entry) => entry.id === account.id)?.disabled_at).not.toBeNull();
    expect((await loadProviderAccount(account.id))?.disabledAt).toBeInstanceOf(Date);
    // The reconciler still asks it about what it issued.
    expect((await listProviderAccountIds()).find((entry) => entry.id === account.id)).toMatchObject({
      kind: "api_pix",
      rails: ["charges", "refunds"],
      disabledAt: expect.any(Date),
    });
  });
});

describe("psp configure", () => {
  beforeEach(() => {
    initiator.calls.length = 0;
    initiator.refusal = null;
  });

  it("tells the initiator the account's return and webhook addresses, prints them and audits it", async () => {
    const { id } = await addInitiationAccount("Efí configurada");
    const configured = await cashier(["psp", "configure", "--provider", id]);
    expect(configured).toMatchObject({ code: 0, stderr: "" });
    const answer = {
      provider: id,
      returnUrl: `http://localhost:3000/pay/retorno/${id}`,
      webhookUrl: `http://localhost:3000/api/psp/webhook/${id}`,
    };
    expect(JSON.parse(configured.stdout)).toEqual(answer);
    expect(initiator.calls).toEqual([
      { accountId: id, urls: { returnUrl: answer.returnUrl, webhookUrl: answer.webhookUrl } },
    ]);
    const audits = await getDb().auditEvent.findMany({
      where: { action: "provider_account.configured", targetId: id },
    });
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actorRole: "cli",
      targetType: "provider_account",
      detail: { return_url: answer.returnUrl, webhook_url: answer.webhookUrl },
    });
    for (const secret of SECRET_TEXTS) expect(configured.stdout + JSON.stringify(audits)).not.toContain(secret);
  });

  it("refuses an account without initiation, an unknown one, and records nothing the initiator refused", async () => {
    const without = await cashier(["psp", "configure", "--provider", efiId]);
    expect(without).toMatchObject({
      code: 1,
      stderr: `error: provider account ${efiId} (Efí principal) does not serve initiation; it serves charges, refunds, payouts`,
    });
    expect(await cashier(["psp", "configure", "--provider", "pa_unknown"])).toMatchObject({
      code: 1,
      stderr: "error: no provider account pa_unknown: see provider list",
    });
    expect((await cashier(["psp", "configure", "--provider", "mer_x"])).stderr).toContain(
      "must be a provider account id (pa_…)",
    );
    expect((await cashier(["psp", "configure"])).code).toBe(2);
    expect(initiator.calls).toEqual([]);

    const { id } = await addInitiationAccount("Efí recusa");
    initiator.refusal = new Error("the initiator is down");
    await expect(cashier(["psp", "configure", "--provider", id])).rejects.toThrow("the initiator is down");
    expect(await getDb().auditEvent.count({ where: { action: "provider_account.configured", targetId: id } })).toBe(0);
  });
});

describe("merchant routing", () => {
  it("routes every rail the account serves, then one rail to another, and reads it with the key", async () => {
    const inter = await addApiPixAccount("Inter cobranças");
    const created = await cashier(["merchant", "create", "--name", "Loja viva", "--live", "--provider", inter.id]);
    expect(created.code).toBe(0);
    const merchant = JSON.parse(created.stdout);
    expect(merchant.providerRoutes).toEqual({ charges: inter.id, refunds: inter.id });

    const updated = await cashier(["merchant", "update", merchant.merchantId, "--provider-for", `payouts=${efiId}`]);
    expect(updated.code).toBe(0);
    expect(JSON.parse(updated.stdout).providerRoutes).toEqual({ charges: inter.id, refunds: inter.id, payouts: efiId });
    // What every API request reads: the key's merchant, through raw SQL.
    const found = await findApiKeyWithMerchant(merchant.keyId);
    expect(found?.merchant).toMatchObject({
      providerRoutes: { charges: inter.id, refunds: inter.id, payouts: efiId },
      payoutApproval: "automatic",
      payoutApprovalAboveCents: null,
    });
    const [audit] = await getDb().auditEvent.findMany({
      where: { action: "merchant.routing_changed", targetId: merchant.merchantId },
    });
    expect(audit.detail).toMatchObject({ provider_routes: { to: { payouts: efiId } } });

    const cleared = await cashier(["merchant", "update", merchant.merchantId, "--no-provider"]);
    expect(JSON.parse(cleared.stdout).providerRoutes).toEqual({});
    expect(
      (await getDb().merchant.findUniqueOrThrow({ where: { id: merchant.merchantId } })).providerRoutes,
    ).toBeNull();
  });

  it("routes initiation only to an account serving it", async () => {
    const live = await createMerchant({ name: "Loja iniciação", mode: "live" });
    const { id } = await addInitiationAccount("Efí roteada");
    const refused = await cashier(["merchant", "update", live.merchantId, "--provider-for", `initiation=${efiId}`]);
    expect(refused).toMatchObject({
      code: 1,
      stderr: `error: provider account ${efiId} (Efí principal) does not serve initiation; it serves charges, refunds, payouts`,
    });
    const routed = await cashier(["merchant", "update", live.merchantId, "--provider-for", `initiation=${id}`]);
    expect(routed.code).toBe(0);
    expect(JSON.parse(routed.stdout).providerRoutes).toEqual({ initiation: id });
    const every = await cashier(["merchant", "update", live.merchantId, "--provider", id]);
    expect(JSON.parse(every.stdout).providerRoutes).toEqual({
      charges: id,
      refunds: id,
      payouts: id,
      initiation: id,
    });
  });

  it("refuses an unknown account, a disabled one, a rail it does not serve, and a sandbox merchant", async () => {
    const live = await createMerchant({ name: "Loja recusas", mode: "live" });
    const inter = await addApiPixAccount("Inter recusas");
    const off = await addApiPixAccount("Desligada");
    await disableProviderAccount(off.id, cliAuditActor());
    const route = (provider: Record<string, unknown>) =>
      changeMerchantRouting(live.merchantId, provider, cliAuditActor()).then(
        () => "routed",
        (error: Error) => error.message,
      );
    expect(await route({ provider: "pa_nothere" })).toBe("no provider account pa_nothere");
    expect(await route({ provider: off.id })).toBe(
      `provider account ${off.id} (Desligada) is disabled: no merchant can be routed to it`,
    );
    expect(await route({ providerFor: [`payouts=${inter.id}`] })).toBe(
      `provider account ${inter.id} (Inter recusas) does not serve payouts; it serves charges, refunds`,
    );
    expect(await route({ providerFor: [`cards=${inter.id}`] })).toMatch(/cards is not a rail/);

    const sandbox = await cashier(["merchant", "create", "--name", "Sandbox", "--provider", inter.id]);
    expect(sandbox).toMatchObject({ code: 1 });
    expect(sandbox.stderr).toContain("sandbox merchants always use the built-in sandbox");
    const sandboxMerchant = await createMerchant({ name: "Sandbox 2" });
    const update = await cashier(["merchant", "update", sandboxMerchant.merchantId, "--provider", inter.id]);
    expect(update.stderr).toContain(`merchant ${sandboxMerchant.merchantId} is a sandbox merchant`);
    // Nothing was routed by any refusal.
    expect((await getDb().merchant.findUniqueOrThrow({ where: { id: live.merchantId } })).providerRoutes).toBeNull();
  });
});

describe("payout approval", () => {
  it("holds payouts for an operator, all or above an amount, and back to automatic", async () => {
    const merchant = await createMerchant({
      name: "Aprovação",
      payoutApproval: "operator",
      approvalAbove: "5000.00",
    });
    const listed = (await listMerchants()).find((entry) => entry.merchantId === merchant.merchantId);
    expect(listed).toMatchObject({ payoutApproval: "operator", payoutApprovalAbove: "5000.00", providerRoutes: {} });

    const every = await cashier(["merchant", "update", merchant.merchantId, "--payout-approval", "operator"]);
    expect(JSON.parse(every.stdout)).toMatchObject({ payoutApproval: "operator", payoutApprovalAbove: null });
    const found = await findApiKeyWithMerchant(merchant.keyId);
    expect(found?.merchant).toMatchObject({ payoutApproval: "operator", payoutApprovalAboveCents: null });

    await cashier([
      "merchant",
      "update",
      merchant.merchantId,
      "--payout-approval",
      "operator",
      "--approval-above",
      "10,50",
    ]);
    expect((await findApiKeyWithMerchant(merchant.keyId))?.merchant.payoutApprovalAboveCents).toBe(1050n);

    const automatic = await cashier(["merchant", "update", merchant.merchantId, "--payout-approval", "automatic"]);
    expect(JSON.parse(automatic.stdout)).toMatchObject({ payoutApproval: "automatic", payoutApprovalAbove: null });
  });

  it("refuses an amount without operator approval, a bad amount and an unknown mode", async () => {
    const merchant = await createMerchant({ name: "Aprovação recusas" });
    const update = (...args: string[]) => cashier(["merchant", "update", merchant.merchantId, ...args]);
    expect((await update("--approval-above", "100")).stderr).toContain(
      "approvalAbove: goes with payoutApproval operator",
    );
    expect((await update("--payout-approval", "operator", "--approval-above", "1.234,56")).stderr).toContain(
      "approvalAbove: ",
    );
    expect((await update("--payout-approval", "sometimes")).stderr).toContain(
      "payoutApproval: must be automatic or operator",
    );
  });
});

describe("the console's providers page", () => {
  const actor = (role: Actor["role"]): Actor => ({
    userId: newId("usr"),
    email: `${role}@example.com`,
    role,
    merchantId: role === "operator" ? null : "mer_x",
    sessionId: newId("ses"),
    ip: "203.0.113.9",
  });

  it("lists and disables for operators only, audited with who and from where", async () => {
    const account = await addApiPixAccount("Console");
    for (const role of ["merchant-admin", "merchant-viewer"] as const) {
      await expect(listConsoleProviderAccounts(actor(role))).rejects.toMatchObject({ code: "forbidden" });
      await expect(disableConsoleProviderAccount(actor(role), account.id)).rejects.toMatchObject({ code: "forbidden" });
    }
    const operator = actor("operator");
    const listed = await listConsoleProviderAccounts(operator);
    expect(listed.find((entry) => entry.id === account.id)).toMatchObject({
      webhook_url: `http://localhost:3000/api/psp/webhook/${account.id}`,
      disabled_at: null,
    });
    const serving = await addInitiationAccount("Console iniciação");
    expect(listed.find((entry) => entry.id === serving.id)).toBeUndefined();
    expect((await listConsoleProviderAccounts(operator)).find((entry) => entry.id === serving.id)).toMatchObject({
      rails: ["charges", "refunds", "payouts", "initiation"],
      initiation: { receiver: { document: "**.444.777/0001-**", name: "Loja Exemplo Ltda" } },
    });
    await disableConsoleProviderAccount(operator, account.id);
    const [audit] = await getDb().auditEvent.findMany({
      where: { action: "provider_account.disabled", targetId: account.id },
    });
    expect(audit).toMatchObject({ actorEmail: "operator@example.com", actorRole: "operator", ip: "203.0.113.9" });
  });
});
