// The one place that reads process.env. Everything else asks getConfig(), which validates once
// and throws a ConfigError naming each bad variable, so a bad value stops the start.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import {
  formatCnpj,
  getPixKeyInfo,
  isValidCnpj,
  isValidPhone,
  isValidServicePhone,
} from "@brazilian-utils/brazilian-utils";
import nextEnv from "@next/env";
import ipaddr from "ipaddr.js";
import { z } from "zod";
import { type KeyRing, makeKeyRing } from "../crypto/key-ring";

const booleanString = z.enum(["true", "false", "1", "0"]).transform((value) => value === "true" || value === "1");

const perMinute = z.coerce.number().int().min(1, "must be at least 1 request per minute");

const contactText = z.string().trim().min(1).max(120, "must be at most 120 characters");
const contactEmail = z.email({ error: "must be an e-mail address such as sac@example.com" });

function isIpOrCidr(value: string): boolean {
  try {
    if (value.includes("/")) ipaddr.parseCIDR(value);
    else ipaddr.parse(value);
    return true;
  } catch {
    return false;
  }
}

export const envSchema = z.object({
  // Not NODE_ENV: `next start` forces that to production even for a local sandbox run.
  CASHIER_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  // The address npm start listens on: every interface by default; 127.0.0.1 behind a local
  // terminator, so nothing reaches the gateway (its PSP webhook included) around it.
  HOST: z
    .string()
    .trim()
    .refine((value) => isIpOrCidr(value) && !value.includes("/"), "must be an IP address such as 127.0.0.1 or ::")
    .optional(),
  // Prometheus's /metrics, summed over the instance's workers, on a port of its own: never the
  // public one. Unset: no metrics server.
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^(file:|postgres:\/\/|postgresql:\/\/)/, "must start with file:, postgres:// or postgresql://")
    .default("file:./data/cashier.db"),
  DATABASE_POOL_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(300).default(5),
  // PostgreSQL connections each process holds at most.
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  // `transaction` behind a pooler in transaction mode (PgBouncer, RDS Proxy, Supavisor): no named
  // prepared statements, which such a pooler cannot keep on the server connection they were made on.
  DATABASE_POOL_MODE: z
    .enum(["session", "transaction"], { error: "must be session or transaction" })
    .default("session"),
  // Migrations' own connection, straight to PostgreSQL: their session advisory lock does not
  // survive a pooler in transaction mode. Unset: DATABASE_URL.
  DATABASE_DIRECT_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  // False in a rolling deploy: one `npm run cashier -- db migrate` step migrates, and the instances
  // (npm start, the CLI) only check, so none migrates under instances still running the old code.
  CASHIER_MIGRATE_ON_START: booleanString.default(true),
  CASHIER_DATA_DIR: z.string().min(1).default("./data"),
  PUBLIC_BASE_URL: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
  CASHIER_ENCRYPTION_KEY: z.string().optional(),
  // Keys that sealed values before a rotation, comma-separated: they open what `keys reseal` has
  // not yet moved to CASHIER_ENCRYPTION_KEY, and seal nothing.
  CASHIER_ENCRYPTION_PREVIOUS_KEYS: z.string().optional(),
  CASHIER_JWT_AUDIENCE: z.string().min(1).default("cashier"),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  // Outside production only: a production start never creates the demo merchant nor prints a secret.
  CASHIER_SEED_DEMO: booleanString.optional(),
  // Seconds between a failed attempt and the next; one more attempt than entries. The default
  // reaches past 27 hours (100,300 s) before jitter, which only ever lengthens a delay.
  CALLBACK_RETRY_SCHEDULE: z
    .string()
    .regex(/^\s*\d+(\s*,\s*\d+)*\s*$/, "must be whole seconds separated by commas, such as 10,60,300")
    .transform((value) => value.split(",").map((part) => Number(part.trim())))
    .default([10, 30, 60, 300, 900, 1800, 3600, 7200, 14400, 28800, 43200]),
  CALLBACK_ALLOW_PRIVATE: booleanString.default(false),
  CALLBACK_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(60).default(10),
  // What this instance is for: `api` serves and runs no background job, `worker` runs them and
  // answers only the health routes, `all` both. It sets the two job switches' defaults below.
  CASHIER_ROLE: z.enum(["api", "worker", "all"], { error: "must be api, worker or all" }).default("all"),
  CALLBACK_WORKER: booleanString.optional(),
  CALLBACK_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  // Reconciliation with the PSP and the deposit expiry sweep, apart from callbacks: a deployment
  // whose callbacks go to separate workers still needs them in its servers.
  RECONCILE_WORKER: booleanString.optional(),
  // The gateway's own Pix key, in every BR Code it issues. The default is the example key of the
  // Central Bank's manual: fine for the sandbox, required to be set in production.
  PIX_KEY: z.string().trim().min(1).optional(),
  PIX_MERCHANT_NAME: z.string().trim().min(1).max(25, "must be at most 25 characters").default("Cashier Sandbox"),
  PIX_MERCHANT_CITY: z.string().trim().min(1).max(15, "must be at most 15 characters").default("Sao Paulo"),
  PIX_EXPIRATION_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(7 * 24 * 3600)
    .default(1800),
  PAYMENT_URL_EXPIRATION_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(7 * 24 * 3600)
    .default(1800),
  // The largest amount one deposit or payout may carry, in reais.
  CASHIER_MAX_AMOUNT: z
    .string()
    .regex(/^\d+(\.\d{1,2})?$/, "must be an amount in reais such as 50000.00")
    .default("100000.00"),
  // Every provider account's: how often reconciliation asks the PSPs, and how long a PSP call may take.
  PIX_PSP_RECONCILE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  // Charges reconciliation asks each account's PSP about a second, so it never bursts past the PSP's limits.
  PIX_PSP_RECONCILE_RATE: z.coerce.number().int().min(1).max(1000).default(20),
  PIX_PSP_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(120).default(10),
  // Who operates the gateway, as the help page shows customers: the SAC (Decreto 11.034/2022), the
  // company behind it and its data protection officer (LGPD art. 41). Unset: not shown.
  OPERATOR_LEGAL_NAME: contactText.optional(),
  OPERATOR_CNPJ: z
    .string()
    .trim()
    .refine((value) => isValidCnpj(value), "must be a valid CNPJ, such as 11.222.333/0001-81")
    .transform((value) => formatCnpj(value.replace(/\D/g, "")))
    .optional(),
  OPERATOR_SAC_PHONE: contactText
    .refine(
      (value) => isValidPhone(value) || isValidServicePhone(value),
      "must be a Brazilian phone number, such as 0800 123 4567 or +55 11 4004-0001",
    )
    .optional(),
  OPERATOR_SAC_EMAIL: contactEmail.optional(),
  OPERATOR_DPO_NAME: contactText.optional(),
  OPERATOR_DPO_EMAIL: contactEmail.optional(),
  // Next.js sets it; read here only so development pages may allow what React's dev tools need.
  NODE_ENV: z.string().optional(),
  // Rate limits and their shared store. Each limit is a number of requests per minute.
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: "must be a redis:// or rediss:// URL" }).optional(),
  // How long a request waits for Redis before it counts in the instance's fallback instead.
  REDIS_TIMEOUT_MS: z.coerce.number().int().min(5).max(5000).default(50),
  TRUSTED_PROXIES: z
    .string()
    .transform((value, ctx) => {
      const entries = value
        .split(",")
        .map((entry) => entry.trim())
        .filter(Boolean);
      for (const entry of entries) {
        if (!isIpOrCidr(entry))
          ctx.addIssue({ code: "custom", message: `"${entry}" is not an IP address or CIDR range` });
      }
      return entries;
    })
    .default([]),
  RATE_LIMIT_TOKEN_FAILURES: perMinute.default(100),
  RATE_LIMIT_PAGES: perMinute.default(600),
  RATE_LIMIT_REQUESTS: perMinute.default(60_000),
  RATE_LIMIT_PSP_WEBHOOK: perMinute.default(600),
  // Test callbacks and resends a merchant may ask for a minute, console and API together: each is
  // an outbound POST its asker chooses the moment of.
  RATE_LIMIT_CALLBACK_SENDS: perMinute.default(20),
  // Failed console sign-ins per client address (an IPv6 /64) in CONSOLE_LOGIN_WINDOW_MINUTES before it must wait.
  CONSOLE_LOGIN_FAILURES: z.coerce.number().int().min(1).max(1000).default(10),
  // Failed console sign-ins per e-mail typed from one network (an IPv4 /24, an IPv6 /48), or from one
  // known device, in the same window.
  CONSOLE_LOGIN_ACCOUNT_FAILURES: z.coerce.number().int().min(1).max(1000).default(20),
  // Failed console sign-ins per e-mail typed from every network together, in the same window; past
  // them only a known device or a recovery code signs in to that account.
  CONSOLE_LOGIN_ACCOUNT_TOTAL_FAILURES: z.coerce.number().int().min(1).max(10_000).default(50),
  CONSOLE_LOGIN_WINDOW_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15),
  // A console session ends after this long without a request, and in any case this long after sign-in.
  CONSOLE_SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  CONSOLE_SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(30 * 24)
    .default(12),
  // How long a setup link from `user create` can be used.
  CONSOLE_SETUP_LINK_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24)
    .default(24),
  HTTP_HEADERS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(120).default(10),
  HTTP_REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(300).default(10),
  // How long a stopping server answers "not ready" while still serving, before it closes its
  // listener: the load balancer's probe interval times its failure threshold.
  SHUTDOWN_READY_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  // OpenTelemetry traces over OTLP/HTTP, under the SDK's standard names: off unless an endpoint is
  // set. The exporter reads its other OTEL_EXPORTER_OTLP_* variables (headers, timeout) itself.
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
  OTEL_SERVICE_NAME: z.string().trim().min(1).max(100).default("cashier"),
  // Operator alerts sent to a person, besides the console's overview and the error log line: a
  // webhook (a JSON body Slack accepts, signed with ALERT_WEBHOOK_SECRET) and e-mail through SMTP.
  ALERT_WEBHOOK_URL: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
  ALERT_WEBHOOK_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  // The e-mail transport, also for what later features send: smtp:// (STARTTLS when offered) or
  // smtps://, with the user and password in the URL.
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional(),
  ALERT_EMAIL_TO: z
    .string()
    .transform((value, ctx) => {
      const addresses = value
        .split(",")
        .map((entry) => entry.trim())
        .filter(Boolean);
      for (const address of addresses) {
        if (!z.email().safeParse(address).success)
          ctx.addIssue({ code: "custom", message: `"${address}" is not an e-mail address` });
      }
      return addresses;
    })
    .optional(),
  // Who the gateway's e-mails come from; default: cashier@ the PUBLIC_BASE_URL's host.
  EMAIL_FROM: contactEmail.optional(),
  // Sandbox sign-up (/console/signup): off unless true; needs SMTP_URL, since the e-mail is the proof.
  CASHIER_SANDBOX_SIGNUP: booleanString.default(false),
  // Sign-up e-mails one e-mail domain may be sent a day, all its addresses together.
  CASHIER_SANDBOX_SIGNUP_DOMAIN_DAILY: z.coerce.number().int().min(1).max(100_000).default(20),
  // Days each growing table keeps what is done with (lib/jobs/sweep-retention): a callback attempt's
  // record; a delivered or given-up callback event (with its attempts); a resolved operator alert.
  RETENTION_CALLBACK_ATTEMPTS_DAYS: z.coerce.number().int().min(1).max(36_500).default(90),
  RETENTION_CALLBACK_EVENTS_DAYS: z.coerce.number().int().min(1).max(36_500).default(365),
  RETENTION_RESOLVED_ALERTS_DAYS: z.coerce.number().int().min(1).max(36_500).default(365),
  // Server processes npm start runs, each on every route and running the background jobs.
  WEB_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1, "must be at least 1 process")
    .max(64, "must be at most 64 processes")
    .optional(),
});

/**
 * Outside production, the operator's contacts the help page shows until set: an example company
 * (the CNPJ of the Receita's examples, addresses under the reserved .example domain), so a demo
 * shows the page whole. Production shows only what the operator set.
 */
export const DEMO_OPERATOR = {
  legalName: "Cashier Pagamentos Ltda. (demonstração)",
  cnpj: "11.222.333/0001-81",
  sacPhone: "0800 123 4567",
  sacEmail: "sac@cashier.example",
  dpoName: "Encarregado de dados (demonstração)",
  dpoEmail: "privacidade@cashier.example",
} as const;

/** Who operates the gateway, for the customer: each null when the operator gave none. */
export type OperatorContacts = { [K in keyof typeof DEMO_OPERATOR]: string | null };

/** The random key in the Central Bank's BR Code manual: a valid key that reaches no one. */
export const SANDBOX_PIX_KEY = "123e4567-e12b-12d1-a456-426655440000";

export type Config = {
  env: "development" | "production" | "test";
  isProduction: boolean;
  port: number;
  /** Null: every interface. */
  host: string | null;
  /** Where npm start's primary serves /metrics (on the same interfaces as the gateway); null: nowhere. */
  metricsPort: number | null;
  databaseUrl: string;
  /** How long a request waits for a pooled PostgreSQL connection before its 503. */
  databasePoolTimeoutMs: number;
  /** PostgreSQL: connections per process, and whether named prepared statements may be used (not through a transaction pooler). */
  databasePool: { size: number; hasNamedStatements: boolean };
  /** Where migrations run: DATABASE_DIRECT_URL around a pooler, else DATABASE_URL. */
  migrationUrl: string;
  /** False: pending migrations refuse the start instead of being applied (`db migrate` applies them). */
  migrateOnStart: boolean;
  dataDir: string;
  publicBaseUrl: string;
  /** 32-byte AES-256-GCM keys, the current and the previous ones: never logged, never sent anywhere. */
  encryptionKeys: KeyRing;
  jwtAudience: string;
  logLevel: "debug" | "info" | "warn" | "error" | "silent";
  seedDemo: boolean;
  pix: { key: string; merchantName: string; merchantCity: string; expirationSeconds: number };
  maxAmountCents: bigint;
  /**
   * The PIX_PSP_* variables as given, for the account they seed (all but the reconciliation
   * interval and the timeout, which are every account's): lib/providers reads them through the
   * kind's schema, the one check of a PSP's settings.
   */
  providerEnvironment: Record<string, string>;
  /** The operator's SAC, company and data protection officer, for the help page. */
  operator: OperatorContacts;
  /** PIX_PSP_TIMEOUT_SECONDS: every PSP call's limit, the implicit account's and each stored account's. */
  pspTimeoutMs: number;
  /** How long a hosted payment page (Payment Initiation, Gateway In) can be paid. */
  paymentUrlExpirationSeconds: number;
  /** React's development build needs eval; production pages never allow it. */
  isNextDevelopment: boolean;
  /** Where rate-limit counters live: this process (null) or a Redis shared by every instance. */
  redisUrl: string | null;
  /** REDIS_TIMEOUT_MS: the most a rate-limit call waits for Redis before the fallback answers. */
  redisTimeoutMs: number;
  /** Proxies whose X-Forwarded-For is believed, as IPs or CIDR ranges; none by default. */
  trustedProxies: string[];
  /** Requests per minute: failed tokens per client IP and per key id, hosted pages per IP, valid requests per merchant. */
  rateLimits: { tokenFailures: number; pages: number; requests: number; pspWebhook: number; callbackSends: number };
  /**
   * The console: failed sign-ins allowed per client address, per account and network (or known
   * device) and per account in the window; session idle and absolute lifetimes; setup links.
   */
  console: {
    loginFailures: number;
    accountLoginFailures: number;
    accountTotalLoginFailures: number;
    loginWindowSeconds: number;
    sessionIdleSeconds: number;
    sessionAbsoluteSeconds: number;
    setupLinkSeconds: number;
  };
  /** How long a client may take to send its request headers, and its whole request. */
  /** workers: the server processes npm start runs (WEB_CONCURRENCY, default one per core). */
  /**
   * shutdownReadyDelayMs: how long a stopping server answers GET /api/health/ready with 503 before
   * it closes its listener (SHUTDOWN_READY_DELAY_MS).
   */
  http: { headersTimeoutMs: number; requestTimeoutMs: number; workers: number; shutdownReadyDelayMs: number };
  /** CASHIER_ROLE: `worker` answers only the health routes; `api` runs no background job. */
  role: "api" | "worker" | "all";
  callbacks: {
    retrySchedule: number[];
    /** Send to loopback and private networks: always outside production, there only when set. */
    allowPrivateTargets: boolean;
    timeoutMs: number;
    /** Run the delivery worker inside the server (false when a separate `callbacks run` does). */
    runWorkerInServer: boolean;
    pollMs: number;
  };
  /**
   * runInServer: run reconciliation with the PSP (one process of the deployment at a time) and
   * the deposit expiry sweep inside the server; intervalMs: PIX_PSP_RECONCILE_SECONDS;
   * chargesPerSecond: PIX_PSP_RECONCILE_RATE, per account.
   */
  reconcile: { runInServer: boolean; intervalMs: number; chargesPerSecond: number };
  /** How many days the retention sweep keeps each kind of finished row. */
  retentionDays: { callbackAttempts: number; callbackEvents: number; resolvedAlerts: number };
  /** Where spans go (OTLP/HTTP, JSON) and the service they are of; null: no tracing. */
  tracing: { tracesUrl: string; serviceName: string } | null;
  /** SMTP_URL (it holds the password: never logged) and EMAIL_FROM; null when no e-mail is sent. */
  email: { smtpUrl: string; from: string } | null;
  /** Where operator alerts go besides the console: each channel null when not configured. */
  alerts: { webhook: { url: string; secret: string } | null; emailTo: string[] | null };
  /** Sandbox sign-up (CASHIER_SANDBOX_SIGNUP): null when off; the sign-up e-mails a domain may get a day. */
  sandboxSignup: { domainDaily: number } | null;
};

/** The variables of the account a deployment that predates stored accounts configures. */
export const PROVIDER_ENVIRONMENT_PREFIX = "PIX_PSP_";

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Accepts 32 bytes as 64 hex digits or base64/base64url. */
function decodeKey(value: string): Buffer | null {
  const trimmed = value.trim();
  const bytes = /^[0-9a-fA-F]{64}$/.test(trimmed)
    ? Buffer.from(trimmed, "hex")
    : Buffer.from(trimmed.replace(/-/g, "+").replace(/_/g, "/"), "base64");
  return bytes.length === 32 ? bytes : null;
}

/** Outside production a missing key is generated once and kept under the data directory. */
function readOrCreateDevelopmentKey(dataDir: string): Buffer {
  // Not a file of the build: left out of next build's tracing, which would copy every
  // encryption.key it finds under the project into the runtime folder.
  const file = path.join(/*turbopackIgnore: true*/ dataDir, "encryption.key");
  if (existsSync(file)) {
    const key = decodeKey(readFileSync(file, "utf8"));
    if (!key) throw new ConfigError([`${file}: does not hold a 32-byte key; delete it to make a new one`]);
    return key;
  }
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, `${key.toString("base64url")}\n`, { mode: 0o600 });
  return key;
}

type EnvVars = z.infer<typeof envSchema>;

function loadOperatorContacts(vars: EnvVars, isProduction: boolean): OperatorContacts {
  const set: OperatorContacts = {
    legalName: vars.OPERATOR_LEGAL_NAME ?? null,
    cnpj: vars.OPERATOR_CNPJ ?? null,
    sacPhone: vars.OPERATOR_SAC_PHONE ?? null,
    sacEmail: vars.OPERATOR_SAC_EMAIL ?? null,
    dpoName: vars.OPERATOR_DPO_NAME ?? null,
    dpoEmail: vars.OPERATOR_DPO_EMAIL ?? null,
  };
  if (isProduction) return set;
  const demo = Object.fromEntries(
    Object.entries(set).map(([name, value]) => [name, value ?? DEMO_OPERATOR[name as keyof OperatorContacts]]),
  );
  return demo as OperatorContacts;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ""));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`));
  }
  const vars = parsed.data;
  const isProduction = vars.CASHIER_ENV === "production";
  const dataDir = path.resolve(vars.CASHIER_DATA_DIR);

  let encryptionKey: Buffer;
  if (vars.CASHIER_ENCRYPTION_KEY) {
    const key = decodeKey(vars.CASHIER_ENCRYPTION_KEY);
    if (!key) throw new ConfigError(["CASHIER_ENCRYPTION_KEY: must be 32 bytes, as 64 hex digits or base64"]);
    encryptionKey = key;
  } else if (isProduction) {
    throw new ConfigError(["CASHIER_ENCRYPTION_KEY: required in production (32 bytes, hex or base64)"]);
  } else {
    encryptionKey = readOrCreateDevelopmentKey(dataDir);
  }
  const previousKeys = (vars.CASHIER_ENCRYPTION_PREVIOUS_KEYS ?? "")
    .split(",")
    .map((value) => value.trim())
    .filter(Boolean)
    .map((value, index) => {
      const key = decodeKey(value);
      if (!key) {
        throw new ConfigError([
          `CASHIER_ENCRYPTION_PREVIOUS_KEYS: key ${index + 1} must be 32 bytes, as 64 hex digits or base64`,
        ]);
      }
      return key;
    });

  if (isProduction && !vars.PIX_KEY) {
    throw new ConfigError(["PIX_KEY: required in production (the gateway's own Pix key, in every BR Code)"]);
  }
  const pixKey = vars.PIX_KEY ?? SANDBOX_PIX_KEY;
  if (!getPixKeyInfo(pixKey)) {
    throw new ConfigError(["PIX_KEY: not a valid Pix key (CPF, CNPJ, e-mail, +55 phone or random key)"]);
  }
  const [reais, centavos = ""] = vars.CASHIER_MAX_AMOUNT.split(".");

  if (isProduction && vars.CASHIER_SEED_DEMO) {
    throw new ConfigError(["CASHIER_SEED_DEMO: the sandbox demo merchant is never seeded in production; unset it"]);
  }

  if (vars.CONSOLE_SESSION_IDLE_MINUTES > vars.CONSOLE_SESSION_ABSOLUTE_HOURS * 60) {
    throw new ConfigError(["CONSOLE_SESSION_IDLE_MINUTES: must not be longer than CONSOLE_SESSION_ABSOLUTE_HOURS"]);
  }

  const jobs = loadJobSwitches(vars);

  if (vars.DATABASE_DIRECT_URL && !/^postgres(ql)?:\/\//.test(vars.DATABASE_URL)) {
    throw new ConfigError(["DATABASE_DIRECT_URL: only for PostgreSQL (DATABASE_URL is a SQLite file)"]);
  }
  // Through a transaction pooler, the migrations' advisory lock could be taken on one server
  // connection and released on another, leaving the next migration waiting on it.
  if (vars.DATABASE_POOL_MODE === "transaction" && !vars.DATABASE_DIRECT_URL) {
    throw new ConfigError([
      "DATABASE_DIRECT_URL: required with DATABASE_POOL_MODE=transaction (migrations must reach PostgreSQL directly)",
    ]);
  }

  if (vars.METRICS_PORT === vars.PORT) {
    throw new ConfigError(["METRICS_PORT: must differ from PORT (metrics are never served on the public port)"]);
  }

  if (isProduction && !vars.PUBLIC_BASE_URL) {
    throw new ConfigError(["PUBLIC_BASE_URL: required in production (the URL customers and merchants reach)"]);
  }
  // Payment links are bearer tokens in the URL: in production they travel over TLS only.
  // The scheme as the URL parser reads it: HTTPS://… is https, and nothing but https passes.
  if (isProduction && (!vars.PUBLIC_BASE_URL || new URL(vars.PUBLIC_BASE_URL).protocol !== "https:")) {
    throw new ConfigError([
      "PUBLIC_BASE_URL: must be https:// in production (payment links carry their token in the URL)",
    ]);
  }

  const publicBaseUrl = new URL(vars.PUBLIC_BASE_URL ?? `http://localhost:${vars.PORT}`).href.replace(/\/+$/, "");

  return {
    env: vars.CASHIER_ENV,
    isProduction,
    port: vars.PORT,
    host: vars.HOST ?? null,
    metricsPort: vars.METRICS_PORT ?? null,
    databaseUrl: vars.DATABASE_URL,
    databasePoolTimeoutMs: vars.DATABASE_POOL_TIMEOUT_SECONDS * 1000,
    databasePool: { size: vars.DATABASE_POOL_SIZE, hasNamedStatements: vars.DATABASE_POOL_MODE === "session" },
    migrationUrl: vars.DATABASE_DIRECT_URL ?? vars.DATABASE_URL,
    migrateOnStart: vars.CASHIER_MIGRATE_ON_START,
    dataDir,
    // As the parser writes it (scheme and host in lower case, no default port), so that it equals
    // the Origin a browser sends from it.
    publicBaseUrl,
    encryptionKeys: makeKeyRing(encryptionKey, previousKeys),
    jwtAudience: vars.CASHIER_JWT_AUDIENCE,
    logLevel: vars.LOG_LEVEL,
    seedDemo: !isProduction && (vars.CASHIER_SEED_DEMO ?? true),
    pix: {
      key: pixKey,
      merchantName: vars.PIX_MERCHANT_NAME,
      merchantCity: vars.PIX_MERCHANT_CITY,
      expirationSeconds: vars.PIX_EXPIRATION_SECONDS,
    },
    maxAmountCents: BigInt(reais) * 100n + BigInt(centavos.padEnd(2, "0")),
    providerEnvironment: Object.fromEntries(
      Object.entries(cleaned).filter(
        ([name]) => name.startsWith(PROVIDER_ENVIRONMENT_PREFIX) && !Object.hasOwn(envSchema.shape, name),
      ) as [string, string][],
    ),
    operator: loadOperatorContacts(vars, isProduction),
    pspTimeoutMs: vars.PIX_PSP_TIMEOUT_SECONDS * 1000,
    paymentUrlExpirationSeconds: vars.PAYMENT_URL_EXPIRATION_SECONDS,
    isNextDevelopment: vars.NODE_ENV === "development",
    redisUrl: vars.REDIS_URL ?? null,
    redisTimeoutMs: vars.REDIS_TIMEOUT_MS,
    trustedProxies: vars.TRUSTED_PROXIES,
    rateLimits: {
      tokenFailures: vars.RATE_LIMIT_TOKEN_FAILURES,
      pages: vars.RATE_LIMIT_PAGES,
      requests: vars.RATE_LIMIT_REQUESTS,
      pspWebhook: vars.RATE_LIMIT_PSP_WEBHOOK,
      callbackSends: vars.RATE_LIMIT_CALLBACK_SENDS,
    },
    console: {
      loginFailures: vars.CONSOLE_LOGIN_FAILURES,
      accountLoginFailures: vars.CONSOLE_LOGIN_ACCOUNT_FAILURES,
      accountTotalLoginFailures: vars.CONSOLE_LOGIN_ACCOUNT_TOTAL_FAILURES,
      loginWindowSeconds: vars.CONSOLE_LOGIN_WINDOW_MINUTES * 60,
      sessionIdleSeconds: vars.CONSOLE_SESSION_IDLE_MINUTES * 60,
      sessionAbsoluteSeconds: vars.CONSOLE_SESSION_ABSOLUTE_HOURS * 3600,
      setupLinkSeconds: vars.CONSOLE_SETUP_LINK_HOURS * 3600,
    },
    http: {
      headersTimeoutMs: vars.HTTP_HEADERS_TIMEOUT_SECONDS * 1000,
      requestTimeoutMs: vars.HTTP_REQUEST_TIMEOUT_SECONDS * 1000,
      // A worker instance serves nothing but its health: one process runs its jobs.
      workers: vars.WEB_CONCURRENCY ?? (vars.CASHIER_ROLE === "worker" ? 1 : availableParallelism()),
      shutdownReadyDelayMs: vars.SHUTDOWN_READY_DELAY_MS,
    },
    callbacks: {
      retrySchedule: vars.CALLBACK_RETRY_SCHEDULE,
      allowPrivateTargets: !isProduction || vars.CALLBACK_ALLOW_PRIVATE,
      timeoutMs: vars.CALLBACK_TIMEOUT_SECONDS * 1000,
      runWorkerInServer: jobs.callbacks,
      pollMs: vars.CALLBACK_POLL_MS,
    },
    role: vars.CASHIER_ROLE,
    reconcile: {
      runInServer: jobs.reconcile,
      intervalMs: vars.PIX_PSP_RECONCILE_SECONDS * 1000,
      chargesPerSecond: vars.PIX_PSP_RECONCILE_RATE,
    },
    retentionDays: {
      callbackAttempts: vars.RETENTION_CALLBACK_ATTEMPTS_DAYS,
      callbackEvents: vars.RETENTION_CALLBACK_EVENTS_DAYS,
      resolvedAlerts: vars.RETENTION_RESOLVED_ALERTS_DAYS,
    },
    tracing: loadTracing(vars),
    ...loadAlertChannels(vars, publicBaseUrl),
    sandboxSignup: loadSandboxSignup(vars),
  };
}

/** Refused at start without SMTP_URL: a sign-up page that can never send its link would only mislead. */
function loadSandboxSignup(vars: EnvVars): Config["sandboxSignup"] {
  if (!vars.CASHIER_SANDBOX_SIGNUP) return null;
  if (!vars.SMTP_URL)
    throw new ConfigError([
      "SMTP_URL: required with CASHIER_SANDBOX_SIGNUP=true (sign-up confirms the e-mail address)",
    ]);
  return { domainDaily: vars.CASHIER_SANDBOX_SIGNUP_DOMAIN_DAILY };
}

/** As the OpenTelemetry SDK reads them: the traces' own endpoint whole, or /v1/traces under the shared one. */
function loadTracing(vars: EnvVars): Config["tracing"] {
  const tracesUrl =
    vars.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ??
    (vars.OTEL_EXPORTER_OTLP_ENDPOINT && `${vars.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, "")}/v1/traces`);
  return tracesUrl ? { tracesUrl, serviceName: vars.OTEL_SERVICE_NAME } : null;
}

/** Each channel whole or absent: half a channel would raise alerts that go nowhere, unnoticed. */
function loadAlertChannels(vars: EnvVars, publicBaseUrl: string): Pick<Config, "email" | "alerts"> {
  const problems: string[] = [];
  if (vars.ALERT_WEBHOOK_URL && !vars.ALERT_WEBHOOK_SECRET)
    problems.push("ALERT_WEBHOOK_SECRET: required with ALERT_WEBHOOK_URL (receivers check the signature it makes)");
  if (vars.ALERT_WEBHOOK_SECRET && !vars.ALERT_WEBHOOK_URL)
    problems.push("ALERT_WEBHOOK_URL: required with ALERT_WEBHOOK_SECRET");
  if (vars.ALERT_EMAIL_TO?.length && !vars.SMTP_URL)
    problems.push("SMTP_URL: required with ALERT_EMAIL_TO (the server that sends the e-mails)");
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    email: vars.SMTP_URL
      ? { smtpUrl: vars.SMTP_URL, from: vars.EMAIL_FROM ?? `cashier@${new URL(publicBaseUrl).hostname}` }
      : null,
    alerts: {
      webhook:
        vars.ALERT_WEBHOOK_URL && vars.ALERT_WEBHOOK_SECRET
          ? { url: vars.ALERT_WEBHOOK_URL, secret: vars.ALERT_WEBHOOK_SECRET }
          : null,
      emailTo: vars.ALERT_EMAIL_TO?.length ? vars.ALERT_EMAIL_TO : null,
    },
  };
}

/**
 * The background jobs this instance runs: CASHIER_ROLE sets the defaults (`api` none, `worker` and
 * `all` every one) and an explicit CALLBACK_WORKER or RECONCILE_WORKER=false still turns one off;
 * turning one on in an api instance, or every one off in a worker instance, contradicts the role.
 */
function loadJobSwitches(vars: {
  CASHIER_ROLE: "api" | "worker" | "all";
  CALLBACK_WORKER?: boolean;
  RECONCILE_WORKER?: boolean;
}): { callbacks: boolean; reconcile: boolean } {
  const role = vars.CASHIER_ROLE;
  if (role === "api") {
    const on = (["CALLBACK_WORKER", "RECONCILE_WORKER"] as const).filter((name) => vars[name] === true);
    if (on.length > 0) {
      throw new ConfigError(
        on.map((name) => `${name}: cannot be true with CASHIER_ROLE=api (an api instance runs no background job)`),
      );
    }
    return { callbacks: false, reconcile: false };
  }
  const jobs = { callbacks: vars.CALLBACK_WORKER ?? true, reconcile: vars.RECONCILE_WORKER ?? true };
  if (role === "worker" && !jobs.callbacks && !jobs.reconcile) {
    throw new ConfigError([
      "CASHIER_ROLE: a worker instance with CALLBACK_WORKER=false and RECONCILE_WORKER=false has nothing to do",
    ]);
  }
  return jobs;
}

/**
 * Loads .env, .env.local and .env.production the way `next start` does, so the tools (npm start's
 * migrations, the CLI) and the server read the same settings. Variables already set win.
 */
export function loadEnvFiles(dir: string = process.cwd()): void {
  nextEnv.loadEnvConfig(dir, false, { info: () => undefined, error: (...args: unknown[]) => console.error(...args) });
}

let cached: Config | undefined;

export function getConfig(): Config {
  cached ??= loadConfig();
  return cached;
}

/** For tests that point the process at another configuration, such as another PSP. */
export function forgetConfig(): void {
  cached = undefined;
}
