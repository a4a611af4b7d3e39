import { RAILS, type Rail } from "../providers/contract/payment-provider";
import type { DbOrTx } from "./client";
import { Prisma } from "./generated/sqlite/client";

export type MerchantMode = "sandbox" | "live";

/** Who lets a payout leave: the gateway at once, or an operator (every payout, or those above an amount). */
export type PayoutApproval = "automatic" | "operator";

/** A live merchant's rails routed to provider accounts (pa_…); a rail absent goes to the implicit account. */
export type ProviderRoutes = Partial<Record<Rail, string>>;

export type MerchantRecord = {
  id: string;
  name: string;
  mode: MerchantMode;
  callbackUrl: string | null;
  redirectOrigins: string[];
  providerRoutes: ProviderRoutes;
  payoutApproval: PayoutApproval;
  /** With "operator": null holds every payout, an amount only those above it. Null with "automatic". */
  payoutApprovalAboveCents: bigint | null;
  /** Verified API requests a minute, all its keys together; null: RATE_LIMIT_REQUESTS. */
  requestsPerMinute: number | null;
  createdAt: Date;
};

/** What lib/merchants writes when it routes a merchant or changes its payout approval. */
export type MerchantRouting = Pick<MerchantRecord, "providerRoutes" | "payoutApproval" | "payoutApprovalAboveCents">;

export type MerchantRow = {
  id: string;
  name: string;
  mode: string;
  callbackUrl: string | null;
  redirectOrigins: unknown;
  providerRoutes: unknown;
  payoutApproval: string;
  payoutApprovalAboveCents: bigint | number | null;
  requestsPerMinute: number | bigint | null;
  createdAt: Date;
};

// Raw SQL may hand a JSON column back as its text (SQLite keeps JSON as TEXT).
const fromJson = (value: unknown): unknown => {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
};

function toProviderRoutes(value: unknown): ProviderRoutes {
  const routes: ProviderRoutes = {};
  const parsed = fromJson(value);
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) return routes;
  for (const rail of RAILS) {
    const accountId = (parsed as Record<string, unknown>)[rail];
    if (typeof accountId === "string") routes[rail] = accountId;
  }
  return routes;
}

/** Routes as stored: null when there is none, so "no route" has one form in the database. */
const routesToJson = (routes: ProviderRoutes) => (Object.keys(routes).length === 0 ? Prisma.DbNull : routes);

/** A stored row as the domain sees it (redirectOrigins parsed from JSON). */
export function toMerchantRecord(row: MerchantRow): MerchantRecord {
  return {
    id: row.id,
    name: row.name,
    mode: row.mode === "live" ? "live" : "sandbox",
    callbackUrl: row.callbackUrl,
    redirectOrigins: Array.isArray(row.redirectOrigins) ? row.redirectOrigins.map(String) : [],
    providerRoutes: toProviderRoutes(row.providerRoutes),
    // Anything but "automatic" holds payouts: an unknown value errs on the side of an operator.
    payoutApproval: row.payoutApproval === "automatic" ? "automatic" : "operator",
    payoutApprovalAboveCents: row.payoutApprovalAboveCents === null ? null : BigInt(row.payoutApprovalAboveCents),
    requestsPerMinute: row.requestsPerMinute === null ? null : Number(row.requestsPerMinute),
    createdAt: row.createdAt,
  };
}

export async function insertMerchant(
  db: DbOrTx,
  merchant: Omit<MerchantRecord, "createdAt" | "requestsPerMinute" | keyof MerchantRouting> & Partial<MerchantRouting>,
): Promise<MerchantRecord> {
  const { providerRoutes = {}, ...rest } = merchant;
  return toMerchantRecord(
    await db.merchant.create({ data: { ...rest, providerRoutes: routesToJson(providerRoutes) } }),
  );
}

export async function findMerchant(db: DbOrTx, id: string): Promise<MerchantRecord | null> {
  const row = await db.merchant.findUnique({ where: { id } });
  return row ? toMerchantRecord(row) : null;
}

export async function listMerchantsWithKeys(db: DbOrTx) {
  const rows = await db.merchant.findMany({
    orderBy: { createdAt: "asc" },
    include: { apiKeys: { select: { id: true, createdAt: true, revokedAt: true }, orderBy: { createdAt: "asc" } } },
  });
  return rows.map((row) => ({ ...toMerchantRecord(row), apiKeys: row.apiKeys }));
}

export async function countMerchants(db: DbOrTx, where: { mode?: MerchantMode } = {}): Promise<number> {
  return db.merchant.count({ where });
}

export async function updateMerchantSettings(
  db: DbOrTx,
  id: string,
  settings: { callbackUrl?: string | null; redirectOrigins?: string[] },
): Promise<MerchantRecord | null> {
  const { count } = await db.merchant.updateMany({ where: { id }, data: settings });
  return count === 1 ? findMerchant(db, id) : null;
}

/** Sets a merchant's own API request budget (null: the default); false when there is no such merchant. */
export async function updateMerchantRequestBudget(
  db: DbOrTx,
  id: string,
  requestsPerMinute: number | null,
): Promise<boolean> {
  const { count } = await db.merchant.updateMany({ where: { id }, data: { requestsPerMinute } });
  return count === 1;
}

/** Sets a merchant's routes and payout approval; false when there is no such merchant. */
export async function updateMerchantRouting(db: DbOrTx, id: string, routing: MerchantRouting): Promise<boolean> {
  const { count } = await db.merchant.updateMany({
    where: { id },
    data: { ...routing, providerRoutes: routesToJson(routing.providerRoutes) },
  });
  return count === 1;
}

/** Each merchant's routes, for counting the merchants routed to each provider account. */
export async function listMerchantRoutes(
  db: DbOrTx,
  options: { mode?: MerchantMode } = {},
): Promise<{ id: string; providerRoutes: ProviderRoutes }[]> {
  const rows = await db.merchant.findMany({
    where: { NOT: { providerRoutes: { equals: Prisma.DbNull } }, ...(options.mode ? { mode: options.mode } : {}) },
    select: { id: true, providerRoutes: true },
  });
  return rows.map((row) => ({ id: row.id, providerRoutes: toProviderRoutes(row.providerRoutes) }));
}

/** Changes a merchant's mode, conditionally on the mode it was seen in: of two switches one wins. */
export async function setMerchantMode(db: DbOrTx, id: string, from: MerchantMode, to: MerchantMode): Promise<boolean> {
  const { count } = await db.merchant.updateMany({ where: { id, mode: from }, data: { mode: to } });
  return count === 1;
}
