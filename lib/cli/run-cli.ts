// `npm run cashier -- <command>`: the operator's tool. Pending migrations are applied before any
// command but the db ones acts (with CASHIER_MIGRATE_ON_START=false, a pending one refuses it).
// Results go to stdout as JSON; errors to stderr with a non-zero exit.
import { readFile, stat } from "node:fs/promises";
import { type ParseArgsConfig, parseArgs } from "node:util";
import { getConfig } from "../config/config";
import { applyMigrations } from "../db/apply-migrations";
import { prepareMigrations } from "../db/prepare-migrations";
import { readMigrationStatus } from "../db/read-migration-status";
import { AppError } from "../errors/app-error";
import { toAppError } from "../errors/to-app-error";
import { createApiKey } from "../merchants/create-api-key";
import { createMerchant } from "../merchants/create-merchant";
import { listMerchants } from "../merchants/list-merchants";
import { revokeApiKey } from "../merchants/revoke-api-key";
import { auditKeyRevoked } from "../merchants/revoke-merchant-key";
import { auditKeyCreated } from "../merchants/create-merchant-key";
import { auditMerchantCreated } from "../merchants/create-console-merchant";
import { MAX_LOGO_BYTES, setMerchantLogo } from "../merchants/set-merchant-logo";
import { updateMerchant } from "../merchants/update-merchant";
import { changeMerchantRateLimit } from "../merchants/change-merchant-rate-limit";
import { changeMerchantRouting } from "../merchants/change-merchant-routing";
import { findMerchantRouting } from "../merchants/find-merchant-routing";
import { RAILS } from "../providers/contract/payment-provider";
import { PROVIDER_KINDS, findProviderKind } from "../providers/kinds/provider-kinds";
import { describeKindSettings, groupKindsBySettings } from "../providers/kinds/describe-kind-settings";
import { RECEIVER_ACCOUNT_TYPES } from "../providers/contract/initiation-settings";
import { addProviderAccount } from "../providers/accounts/add-provider-account";
import { disableProviderAccount } from "../providers/accounts/disable-provider-account";
import { listProviderAccounts } from "../providers/accounts/list-provider-accounts";
import { callbackStatusSchema } from "../callbacks/callback-types";
import { type CallbackSummary, listCallbacks } from "../callbacks/list-callbacks";
import { resendCallback } from "../callbacks/resend-callback";
import { verifyFunds } from "../funds/verify-funds";
import { runAlertWorker } from "../jobs/run-alert-worker";
import { sweepRetention } from "../jobs/sweep-retention";
import { startTracing } from "../tracing/start-tracing";
import { runCallbackWorker } from "../callbacks/run-callback-worker";
import { showCallback } from "../callbacks/show-callback";
import { expireDueDeposits } from "../deposits/expire-due-deposits";
import { auditSandboxFunding, fundSandboxMerchant } from "../funds/fund-sandbox-merchant";
import { getMerchantBalance } from "../funds/get-merchant-balance";
import { approvePayout } from "../payouts/approve-payout";
import { markPayout } from "../payouts/mark-payout";
import { auditPayoutMarking } from "../payouts/mark-queued-payout";
import { payoutCancelReasonSchema } from "../payouts/schemas";
import { auditSandboxPayment, paySandboxDeposit } from "../deposits/pay-sandbox-deposit";
import { reconcileOnce } from "../jobs/run-reconciler";
import { registerPspWebhook } from "../providers/register-psp-webhook";
import { configureInitiator } from "../providers/configure-initiator";
import { formatAmountDot } from "../money/format-amount";
import { parseAmount } from "../money/parse-amount";
import { returnUnmatchedPix } from "../psp-returns/return-unmatched-pix";
import { cliAuditActor } from "../audit/cli-audit-actor";
import { createConsoleUser } from "../users/create-console-user";
import { disableConsoleUser } from "../users/disable-console-user";
import { issueConsoleUserSetupLink } from "../users/issue-console-user-setup-link";
import { resetConsoleUserAuthenticator } from "../users/reset-console-user-authenticator";
import { listConsoleUsers } from "../users/list-console-users";
import { checkEncryptionKey } from "../encryption/check-encryption-key";
import { countSealedValues } from "../encryption/count-sealed-values";
import { resealSecrets } from "../encryption/reseal-secrets";

export type CliIo = {
  out: (text: string) => void;
  err: (text: string) => void;
  /** All of standard input, for --secret-stdin. */
  readStdin: () => Promise<string>;
};

const KIND_NAMES = PROVIDER_KINDS.map((kind) => kind.kind).join("|");

/** Each kind's settings as `provider add` takes them, wrapped under the command. */
const KIND_SETTINGS_USAGE = groupKindsBySettings()
  .map((kinds) => {
    const lines = [`          SETTINGS of ${kinds.map((kind) => kind.kind).join(", ")}:`];
    for (const flag of describeKindSettings(kinds[0], "all")) {
      if (`${lines.at(-1)} ${flag}`.length > 100) lines.push("              ");
      lines[lines.length - 1] += ` ${flag}`;
    }
    return lines.join("\n");
  })
  .join("\n");

const usage = `usage: npm run cashier -- <command>

  db migrate                          (applies the pending migrations and lists them, whatever
                                       CASHIER_MIGRATE_ON_START says: a deploy's one-shot step)
  db status                           (the applied and the pending migrations; exits 1 while any
                                       is pending)
  merchant create --name NAME [--callback-url URL] [--redirect-origin ORIGIN]...
                  [--key-id ID --secret-stdin | --key-id ID --secret SECRET] [--live] [ROUTING]
  merchant list
  merchant update MERCHANT_ID [--callback-url URL | --no-callback-url] [--redirect-origin ORIGIN]...
                  [--logo FILE (PNG or WebP, at most 64 KiB) | --no-logo]
                  [--rate-limit N | --rate-limit default] [ROUTING]
          (--rate-limit: verified API requests a minute, all the merchant's keys together;
           default: RATE_LIMIT_REQUESTS; audited)
          ROUTING (live merchants; a rail not routed goes to the PIX_PSP_* account):
                  [--no-provider] [--provider PA_ID] [--provider-for RAIL=PA_ID]...
                  [--payout-approval automatic | --payout-approval operator [--approval-above AMOUNT]]
                  (--provider: every rail the account serves; --provider-for: one rail, after it;
                   --no-provider: back to PIX_PSP_*; rails: ${RAILS.join(", ")}; with operator,
                   payouts wait for an operator's approval, all of them or those above AMOUNT)
  merchant key create MERCHANT_ID [--key-id ID --secret-stdin | --key-id ID --secret SECRET]
                  (--secret-stdin reads the secret from standard input, out of shell history and ps)
  merchant key revoke KEY_ID
  merchant fund MERCHANT_ID AMOUNT     (sandbox merchants only)
  merchant balance MERCHANT_ID
  funds verify                        (recompute every balance from its ledger; exit 1 on a difference)
  retention sweep                     (delete what RETENTION_*_DAYS let go, and expired links, now)
  payout approve TRANSFER_ID           (sends a payout held for an operator's approval through its
                                       account's PSP; audited)
  payout complete TRANSFER_ID [--resume]
  payout cancel TRANSFER_ID --reason-code CODE --reason TEXT [--resume]
                                      (--resume: finish a marking that crashed while processing)
  deposit pay DEPOSIT_ID              (sandbox merchants only)
  deposit expire-due
  callbacks run [--once]              (also sends operator alerts to their webhook and e-mail)
  callbacks list [--status pending|delivered|failed] [--json]
  callbacks show EVENT_ID
  callbacks resend EVENT_ID
  psp webhook register [--account pa_…]
                                      (tells the account's PSP where to notify: $PUBLIC_BASE_URL/
                                       api/psp/webhook/pa_…; without --account, the PIX_PSP_* PSP's
                                       key at $PUBLIC_BASE_URL/api/psp/webhook)
  psp configure --provider PA_ID      (tells the account's payment initiator where customers come
                                       back to, $PUBLIC_BASE_URL/pay/retorno/pa_…, and its webhook;
                                       accounts serving initiation only; audited)
  psp reconcile [--force]             (asks the PSP about pending live deposits and refunds, once:
                                       the oldest charges, a run's slice, and the Pix received
                                       since the oldest pending deposit, up to a day back;
                                       while a server is reconciling it prints {"skipped": …} and
                                       exits 0, and --force runs it beside that server anyway)
  psp return E2EID [--amount AMOUNT]  (returns to its payer a Pix that credited no merchant: one
                                       with no charge, of another amount, or for an ended deposit;
                                       all that is left of it by default; audited)
  provider add --kind ${KIND_NAMES} --label LABEL --pix-key KEY [--rails RAIL,RAIL…]
               [--webhook-secret-stdin] SETTINGS [INITIATION]
                                      (a PSP contract merchants can be routed to; files are read
                                       for the flags that name one, such as PEM certificates and
                                       keys; secrets come from standard input only, one a line in
                                       the order of their flags, the webhook secret last; without
                                       one a webhook secret is generated; rails default to all the
                                       kind serves; prints no secret)
${KIND_SETTINGS_USAGE}
          INITIATION (kinds serving payment initiation; the initiation rail needs it):
               --receiver-branch BRANCH --receiver-account NUMBER
               --receiver-account-type ${RECEIVER_ACCOUNT_TYPES.join("|")} --receiver-document CPF_OR_CNPJ
               --receiver-name NAME [--receiver-ispb ISPB] [--initiation-url URL]
                                      (the account the initiated Pix are paid into; ISPB and the
                                       initiator's Open Finance API default to the kind's own)
  provider list
  provider disable PA_ID              (no new routing or transaction; what it issued still settles)
  user create --email EMAIL --role operator|merchant-admin|merchant-viewer [--merchant MERCHANT_ID]
              [--password-stdin]      (prints a one-time console setup link; with --password-stdin
                                       the password is set from standard input and the link only
                                       enrols the authenticator, which operators must have; with
                                       SMTP_URL set the link is e-mailed too, and "emailed" says
                                       sent, failed or not_configured, as for the two below)
  user disable EMAIL                  (ends every session of the user at once; never the last
                                       operator who can sign in)
  user setup-link EMAIL               (a new setup link for a user still setting up; the old one
                                       stops working)
  user reset-authenticator EMAIL      (a lost phone: clears the authenticator, recovery codes and
                                       password, ends every session, prints a new setup link)
  user list
  keys status                         (the encryption keys' ids, the canary's, and how many sealed
                                       values each key id holds per table)
  keys reseal [--dry-run]             (seals every secret again under CASHIER_ENCRYPTION_KEY, the
                                       canary last; resumable; then CASHIER_ENCRYPTION_PREVIOUS_KEYS
                                       can go: docs/operating.md, Rotating the encryption key)`;

class UsageError extends Error {}

/** A result printed like any other that exits with a status of its own: a deploy gate's answer. */
class GateResult {
  constructor(
    readonly result: unknown,
    readonly code: number,
  ) {}
}

type Command = (args: string[], io: CliIo) => Promise<unknown>;

function parse(args: string[], options: NonNullable<ParseArgsConfig["options"]>, positionals: number) {
  let parsed;
  try {
    parsed = parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (parsed.positionals.length !== positionals) {
    throw new UsageError(`expected ${positionals} argument(s), got ${parsed.positionals.length}`);
  }
  return parsed;
}

async function keyPair(values: Record<string, unknown>, io: CliIo): Promise<{ keyId?: string; secret?: string }> {
  const keyId = values["key-id"] as string | undefined;
  if (values.secret !== undefined && values["secret-stdin"])
    throw new UsageError("--secret and --secret-stdin exclude each other");
  // A secret on the command line stays in shell history and shows in ps; standard input does not.
  const secret = values["secret-stdin"] ? (await io.readStdin()).trim() : (values.secret as string | undefined);
  if ((keyId === undefined) !== (secret === undefined))
    throw new UsageError("--key-id and a secret (--secret-stdin or --secret) go together");
  return { keyId, secret };
}

/** A logo file, refused before it is read when it is larger than any logo may be. */
async function readLogoFile(file: string): Promise<Buffer> {
  const size = await stat(file).then(
    (found) => found.size,
    () => {
      throw new AppError("invalid_argument", `--logo: cannot read ${file}`);
    },
  );
  if (size > MAX_LOGO_BYTES)
    throw new AppError(
      "invalid_argument",
      `--logo: the file has ${size} bytes; a logo may have at most ${MAX_LOGO_BYTES} (64 KiB)`,
    );
  return readFile(file);
}

const keyOptions = {
  "key-id": { type: "string" },
  secret: { type: "string" },
  "secret-stdin": { type: "boolean" },
} as const;

const routingOptions = {
  provider: { type: "string" },
  "provider-for": { type: "string", multiple: true },
  "payout-approval": { type: "string" },
  "approval-above": { type: "string" },
} as const;

function routingInput(values: Record<string, unknown>) {
  return {
    provider: values.provider as string | undefined,
    providerFor: values["provider-for"] as string[] | undefined,
    isProviderCleared: values["no-provider"] === true,
    payoutApproval: values["payout-approval"] as "automatic" | "operator" | undefined,
    approvalAbove: values["approval-above"] as string | undefined,
  };
}

const isRoutingChange = (values: Record<string, unknown>) =>
  Object.keys(routingOptions).some((name) => values[name] !== undefined) || values["no-provider"] === true;

/** `provider add`'s flags for what every account has, whatever its kind. */
const providerAccountOptions = {
  kind: { type: "string" },
  label: { type: "string" },
  "pix-key": { type: "string" },
  rails: { type: "string" },
  "webhook-secret-stdin": { type: "boolean" },
  "initiation-url": { type: "string" },
  "receiver-ispb": { type: "string" },
  "receiver-branch": { type: "string" },
  "receiver-account": { type: "string" },
  "receiver-account-type": { type: "string" },
  "receiver-document": { type: "string" },
  "receiver-name": { type: "string" },
} as const;

/** A file for `provider add` (a PEM), refused before it is read when no PEM could be that large. */
async function readPemFile(option: string, file: string): Promise<string> {
  const size = await stat(file).then(
    (found) => found.size,
    (error: NodeJS.ErrnoException) => {
      throw new AppError("invalid_argument", `--${option}: cannot read ${file} (${error.code ?? "unreadable"})`);
    },
  );
  if (size > 64 * 1024)
    throw new AppError("invalid_argument", `--${option}: ${file} has ${size} bytes, too many for a PEM file`);
  return readFile(file, "utf8").catch((error: NodeJS.ErrnoException) => {
    throw new AppError("invalid_argument", `--${option}: cannot read ${file} (${error.code ?? "unreadable"})`);
  });
}

const commands: Record<string, Command> = {
  "merchant create": async (args, io) => {
    const { values } = parse(
      args,
      {
        name: { type: "string" },
        "callback-url": { type: "string" },
        "redirect-origin": { type: "string", multiple: true },
        live: { type: "boolean" },
        ...keyOptions,
        ...routingOptions,
      },
      0,
    );
    if (values.name === undefined) throw new UsageError("--name is required");
    const issued = await createMerchant(
      {
        name: values.name as string,
        mode: values.live ? "live" : "sandbox",
        callbackUrl: values["callback-url"] as string | undefined,
        redirectOrigins: (values["redirect-origin"] as string[] | undefined) ?? [],
        ...(await keyPair(values, io)),
        ...routingInput(values),
      },
      auditMerchantCreated(cliAuditActor(), null),
    );
    return isRoutingChange(values) ? { ...issued, ...(await findMerchantRouting(issued.merchantId)) } : issued;
  },
  "merchant update": async (args) => {
    const { values, positionals } = parse(
      args,
      {
        "callback-url": { type: "string" },
        "no-callback-url": { type: "boolean" },
        "redirect-origin": { type: "string", multiple: true },
        logo: { type: "string" },
        "no-logo": { type: "boolean" },
        "rate-limit": { type: "string" },
        ...routingOptions,
        "no-provider": { type: "boolean" },
      },
      1,
    );
    if (values["callback-url"] !== undefined && values["no-callback-url"])
      throw new UsageError("--callback-url and --no-callback-url exclude each other");
    if (values.logo !== undefined && values["no-logo"]) throw new UsageError("--logo and --no-logo exclude each other");
    const isLogoChange = values.logo !== undefined || values["no-logo"] === true;
    const isSettingsChange =
      values["callback-url"] !== undefined ||
      values["no-callback-url"] === true ||
      values["redirect-origin"] !== undefined;
    const isRouting = isRoutingChange(values);
    const isRateLimitChange = values["rate-limit"] !== undefined;
    const settings =
      isSettingsChange || (!isLogoChange && !isRouting && !isRateLimitChange)
        ? await updateMerchant(positionals[0], {
            callbackUrl: values["no-callback-url"] ? null : (values["callback-url"] as string | undefined),
            redirectOrigins: values["redirect-origin"] as string[] | undefined,
          })
        : {};
    const routing = isRouting ? await changeMerchantRouting(positionals[0], routingInput(values), cliAuditActor()) : {};
    const rateLimit = isRateLimitChange
      ? await changeMerchantRateLimit(positionals[0], values["rate-limit"] as string, cliAuditActor())
      : {};
    if (!isLogoChange) return { ...settings, ...routing, ...rateLimit };
    return {
      ...settings,
      ...routing,
      ...rateLimit,
      ...(await setMerchantLogo(
        positionals[0],
        values.logo === undefined ? null : await readLogoFile(values.logo as string),
      )),
    };
  },
  "merchant list": async (args) => {
    parse(args, {}, 0);
    return listMerchants();
  },
  "merchant key create": async (args, io) => {
    const { values, positionals } = parse(args, keyOptions, 1);
    return createApiKey(
      { merchantId: positionals[0], ...(await keyPair(values, io)) },
      auditKeyCreated(cliAuditActor(), null),
    );
  },
  "merchant key revoke": async (args) => {
    const { positionals } = parse(args, {}, 1);
    const revoked = await revokeApiKey(positionals[0], auditKeyRevoked(cliAuditActor(), null));
    return { keyId: revoked.keyId, revokedAt: revoked.revokedAt.toISOString() };
  },
  "merchant fund": async (args) => {
    const { positionals } = parse(args, {}, 2);
    return fundSandboxMerchant(positionals[0], positionals[1], auditSandboxFunding(cliAuditActor(), null));
  },
  "merchant balance": async (args) => {
    const { positionals } = parse(args, {}, 1);
    return getMerchantBalance(positionals[0]);
  },
  "retention sweep": async (args) => {
    parse(args, {}, 0);
    return sweepRetention();
  },
  "funds verify": async (args) => {
    parse(args, {}, 0);
    const verified = await verifyFunds();
    // A difference is money at risk: a script or a cron job sees it in the status too.
    return new GateResult(verified, verified.differences.length > 0 ? 1 : 0);
  },
  "payout approve": async (args) => {
    const { positionals } = parse(args, {}, 1);
    return approvePayout(positionals[0], { actor: cliAuditActor(), ip: null });
  },
  "payout complete": async (args) => {
    const { values, positionals } = parse(args, { resume: { type: "boolean" } }, 1);
    const marking = { transferId: positionals[0], outcome: "completed" as const, isResume: Boolean(values.resume) };
    return markPayout(marking, auditPayoutMarking(cliAuditActor(), null, marking));
  },
  "payout cancel": async (args) => {
    const { values, positionals } = parse(
      args,
      { "reason-code": { type: "string" }, reason: { type: "string" }, resume: { type: "boolean" } },
      1,
    );
    const parsed = payoutCancelReasonSchema.safeParse({ reasonCode: values["reason-code"], reason: values.reason });
    if (!parsed.success) {
      const [issue] = parsed.error.issues;
      throw new UsageError(`${issue.path[0] === "reasonCode" ? "--reason-code" : "--reason"} ${issue.message}`);
    }
    const marking = {
      transferId: positionals[0],
      outcome: "canceled" as const,
      ...parsed.data,
      isResume: Boolean(values.resume),
    };
    return markPayout(marking, auditPayoutMarking(cliAuditActor(), null, marking));
  },
  "deposit pay": async (args) => {
    const { positionals } = parse(args, {}, 1);
    return paySandboxDeposit(positionals[0], auditSandboxPayment(cliAuditActor(), null));
  },
  "deposit expire-due": async (args) => {
    parse(args, {}, 0);
    return { expired: await expireDueDeposits() };
  },
  "callbacks run": async (args) => {
    const { values } = parse(args, { once: { type: "boolean" } }, 0);
    const controller = new AbortController();
    const stop = () => controller.abort();
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
    const isOnce = Boolean(values.once);
    // Its deliveries traced as the server's are (OTEL_EXPORTER_OTLP_ENDPOINT), flushed as it ends.
    const stopTracing = await startTracing();
    try {
      const [attempts] = await Promise.all([
        runCallbackWorker({ signal: controller.signal, isOnce }),
        runAlertWorker({ signal: controller.signal, isOnce }),
      ]);
      return { attempts };
    } finally {
      await stopTracing?.();
    }
  },
  "callbacks list": async (args) => {
    const { values } = parse(args, { status: { type: "string" }, json: { type: "boolean" } }, 0);
    const status = values.status === undefined ? undefined : callbackStatusSchema.parse(values.status);
    const rows = await listCallbacks({ status });
    return values.json ? rows : callbackTable(rows);
  },
  "callbacks show": async (args) => {
    const { positionals } = parse(args, {}, 1);
    return showCallback(positionals[0]);
  },
  "callbacks resend": async (args) => {
    const { positionals } = parse(args, {}, 1);
    return resendCallback(positionals[0]);
  },
  "psp webhook register": async (args) => {
    const { values } = parse(args, { account: { type: "string" } }, 0);
    return registerPspWebhook(values.account as string | undefined, cliAuditActor());
  },

  "provider add": async (args, io) => {
    const kindFields = PROVIDER_KINDS.flatMap((kind) => Object.values(kind.fields));
    const { values } = parse(
      args,
      {
        ...providerAccountOptions,
        ...Object.fromEntries(
          kindFields.map((field) => [field.flag, { type: field.from === "stdin" ? "boolean" : "string" } as const]),
        ),
      },
      0,
    );
    const kind = findProviderKind(String(values.kind ?? ""));
    const fields = Object.entries(kind?.fields ?? {});
    const missing = [
      "kind",
      "label",
      ...fields.filter(([, field]) => field.isRequired).map(([, field]) => field.flag),
      "pix-key",
    ].filter((name) => values[name] === undefined);
    if (missing.length > 0) throw new UsageError(`${missing.map((name) => `--${name}`).join(", ")} required`);
    if (!kind) throw new UsageError(`--kind must be one of ${KIND_NAMES.replaceAll("|", ", ")}`);
    // Secrets on the command line stay in shell history and show in ps; standard input does not.
    const fromStdin = [
      ...fields.filter(([, field]) => field.from === "stdin" && values[field.flag] === true).map(([name]) => name),
      ...(values["webhook-secret-stdin"] === true ? ["webhookSecret"] : []),
    ];
    const lines = fromStdin.length > 0 ? (await io.readStdin()).split(/\r?\n/) : [];
    const settings: Record<string, string | undefined> = {};
    for (const [index, name] of fromStdin.entries()) {
      const flag = name === "webhookSecret" ? "webhook-secret-stdin" : kind.fields[name].flag;
      if (!lines[index]) throw new UsageError(`--${flag}: no value on line ${index + 1} of standard input`);
      settings[name] = lines[index];
    }
    for (const [name, field] of fields) {
      const value = values[field.flag];
      if (typeof value === "string")
        settings[name] = field.from === "file" ? await readPemFile(field.flag, value) : value;
    }
    return addProviderAccount(
      {
        kind: kind.kind,
        label: values.label as string,
        pixKey: values["pix-key"] as string,
        rails: (values.rails as string | undefined)
          ?.split(",")
          .map((rail) => rail.trim())
          .filter(Boolean),
        initiationUrl: values["initiation-url"] as string | undefined,
        receiverIspb: values["receiver-ispb"] as string | undefined,
        receiverBranch: values["receiver-branch"] as string | undefined,
        receiverAccount: values["receiver-account"] as string | undefined,
        receiverAccountType: values["receiver-account-type"] as string | undefined,
        receiverDocument: values["receiver-document"] as string | undefined,
        receiverName: values["receiver-name"] as string | undefined,
        ...settings,
      },
      cliAuditActor(),
    );
  },
  "provider list": async (args) => {
    parse(args, {}, 0);
    return listProviderAccounts();
  },
  "provider disable": async (args) => {
    const { positionals } = parse(args, {}, 1);
    return disableProviderAccount(positionals[0], cliAuditActor());
  },
  "user create": async (args, io) => {
    const { values } = parse(
      args,
      {
        email: { type: "string" },
        role: { type: "string" },
        merchant: { type: "string" },
        "password-stdin": { type: "boolean" },
      },
      0,
    );
    if (values.email === undefined || values.role === undefined)
      throw new UsageError("--email and --role are required");
    // A password on the command line stays in shell history and shows in ps; standard input does not.
    const password = values["password-stdin"] ? (await io.readStdin()).replace(/\r?\n$/, "") : undefined;
    return createConsoleUser({ email: values.email, role: values.role, merchantId: values.merchant }, cliAuditActor(), {
      password,
    });
  },
  "user disable": async (args) => {
    const { positionals } = parse(args, {}, 1);
    return disableConsoleUser({ email: positionals[0] }, cliAuditActor());
  },
  "user setup-link": async (args) => {
    const { positionals } = parse(args, {}, 1);
    return issueConsoleUserSetupLink({ email: positionals[0] }, cliAuditActor());
  },
  "user reset-authenticator": async (args) => {
    const { positionals } = parse(args, {}, 1);
    return resetConsoleUserAuthenticator({ email: positionals[0] }, cliAuditActor());
  },
  "user list": async (args) => {
    parse(args, {}, 0);
    return listConsoleUsers(cliAuditActor());
  },
  "psp return": async (args) => {
    const { values, positionals } = parse(args, { amount: { type: "string" } }, 1);
    let amountCents: bigint | undefined;
    if (values.amount !== undefined) {
      const parsed = parseAmount(values.amount);
      if (!parsed.ok) throw new UsageError(`--amount ${parsed.reason}`);
      amountCents = parsed.cents;
    }
    const row = await returnUnmatchedPix({ endToEndId: positionals[0], amountCents, actor: cliAuditActor() });
    return {
      id: row.id,
      end_to_end_id: row.endToEndId,
      amount: formatAmountDot(row.amountCents),
      status: row.status,
      ...(row.reason ? { reason: row.reason } : {}),
    };
  },
  "psp configure": async (args) => {
    const { values } = parse(args, { provider: { type: "string" } }, 0);
    if (values.provider === undefined) throw new UsageError("--provider is required");
    return configureInitiator(values.provider as string, cliAuditActor());
  },
  "keys status": async (args) => {
    parse(args, {}, 0);
    return countSealedValues();
  },
  "keys reseal": async (args) => {
    const { values } = parse(args, { "dry-run": { type: "boolean" } }, 0);
    return resealSecrets({ isDryRun: Boolean(values["dry-run"]) });
  },
  "db migrate": async (args) => {
    parse(args, {}, 0);
    return { applied: await applyMigrations(getConfig().migrationUrl) };
  },
  "db status": async (args) => {
    parse(args, {}, 0);
    const status = await readMigrationStatus(getConfig().migrationUrl);
    return new GateResult(status, status.pending.length > 0 ? 1 : 0);
  },
  "psp reconcile": async (args) => {
    const { values } = parse(args, { force: { type: "boolean" } }, 0);
    return reconcileOnce({ isForced: Boolean(values.force) });
  },
};

function callbackTable(rows: CallbackSummary[]): string {
  if (rows.length === 0) return "no callbacks";
  const header = ["EVENT_ID", "TYPE", "STATUS", "ATTEMPTS", "MERCHANT", "NEXT_OR_DELIVERED"];
  const lines = rows.map((r) => [
    r.event_id,
    r.type,
    r.status,
    String(r.attempts),
    r.merchant_id,
    r.delivered_at ?? r.next_attempt_at ?? "-",
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  return [header, ...lines]
    .map((l) =>
      l
        .map((cell, i) => cell.padEnd(widths[i]))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

function findCommand(argv: string[]): { command: Command; args: string[] } | null {
  for (const length of [3, 2]) {
    const name = argv.slice(0, length).join(" ");
    if (commands[name]) return { command: commands[name], args: argv.slice(length) };
  }
  return null;
}

/** Returns the exit code: 0 done, 1 refused, 2 bad usage. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const found = findCommand(argv);
  if (!found) {
    io.err(
      argv.length === 0 || argv[0] === "help" || argv[0] === "--help"
        ? usage
        : `unknown command: ${argv.join(" ")}\n\n${usage}`,
    );
    return 2;
  }
  try {
    // The db commands read or migrate the schema alone: they open no secret, and run on a database
    // the other commands' step would refuse or migrate first.
    if (argv[0] !== "db") {
      await prepareMigrations(getConfig());
      // Before any command opens a secret: a wrong key stops here, naming the key id it needs.
      const keyCheck = await checkEncryptionKey();
      if (keyCheck.isResealDue)
        io.err(`the encryption canary is under previous key ${keyCheck.keyId}: run keys reseal`);
    }
    const returned = await found.command(found.args, io);
    const result = returned instanceof GateResult ? returned.result : returned;
    io.out(typeof result === "string" ? result : JSON.stringify(result, null, 2));
    return returned instanceof GateResult ? returned.code : 0;
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\n\n${usage}`);
      return 2;
    }
    const known = toAppError(error);
    if (!known) throw error;
    io.err(`error: ${known.detail}`);
    return 1;
  }
}
