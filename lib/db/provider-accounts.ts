import { RAILS, type Rail } from "../providers/contract/payment-provider";
import type { InitiationSettings } from "../providers/contract/provider-account";
import { initiationSettingsSchema } from "../providers/contract/initiation-settings";
import type { DbOrTx } from "./client";

/** A stored provider account; its secrets stay sealed in secretsCiphertext (lib/providers/accounts). */
export type ProviderAccountRecord = {
  id: string;
  kind: string;
  label: string;
  baseUrl: string;
  tokenUrl: string;
  clientId: string;
  pixKey: string;
  rails: Rail[];
  profile: string | null;
  /** Payment initiation's settings, not secret; null when the account does not serve initiation (or they do not read). */
  initiation: InitiationSettings | null;
  secretsCiphertext: string;
  disabledAt: Date | null;
  createdAt: Date;
};

/** What the reconciler and the routing checks need: no URL, no credential. */
export type ProviderAccountSummary = Pick<ProviderAccountRecord, "id" | "kind" | "rails" | "disabledAt">;

/** Rails as stored (a JSON array), known ones only and in RAILS' order. */
function toRails(value: unknown): Rail[] {
  return Array.isArray(value) ? RAILS.filter((rail) => value.includes(rail)) : [];
}

function toRecord<T extends { rails: unknown }>(row: T): Omit<T, "rails"> & { rails: Rail[] } {
  return { ...row, rails: toRails(row.rails) };
}

/** Initiation settings as stored (JSON): null when absent or unreadable, which loading an account serving initiation refuses. */
function toInitiation(value: unknown): InitiationSettings | null {
  const parsed = initiationSettingsSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

function toFullRecord<T extends { rails: unknown; initiation: unknown }>(
  row: T,
): Omit<T, "rails" | "initiation"> & { rails: Rail[]; initiation: InitiationSettings | null } {
  return { ...row, rails: toRails(row.rails), initiation: toInitiation(row.initiation) };
}

const recordFields = {
  id: true,
  kind: true,
  label: true,
  baseUrl: true,
  tokenUrl: true,
  clientId: true,
  pixKey: true,
  rails: true,
  profile: true,
  initiation: true,
  secretsCiphertext: true,
  disabledAt: true,
  createdAt: true,
} as const;

export async function insertProviderAccount(
  db: DbOrTx,
  account: Omit<ProviderAccountRecord, "disabledAt" | "createdAt">,
): Promise<ProviderAccountRecord> {
  const { initiation, ...rest } = account;
  // A Json? column takes undefined for NULL (a JS null would need Prisma's DbNull).
  return toFullRecord(
    await db.providerAccount.create({ data: { ...rest, initiation: initiation ?? undefined }, select: recordFields }),
  );
}

export async function findProviderAccount(db: DbOrTx, id: string): Promise<ProviderAccountRecord | null> {
  const row = await db.providerAccount.findUnique({ where: { id }, select: recordFields });
  return row ? toFullRecord(row) : null;
}

/** Every account, oldest first, disabled ones included. */
export async function listProviderAccountRecords(db: DbOrTx): Promise<ProviderAccountRecord[]> {
  const rows = await db.providerAccount.findMany({
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: recordFields,
  });
  return rows.map(toFullRecord);
}

export async function listProviderAccountSummaries(db: DbOrTx): Promise<ProviderAccountSummary[]> {
  const rows = await db.providerAccount.findMany({
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { id: true, kind: true, rails: true, disabledAt: true },
  });
  return rows.map(toRecord);
}

/** Sets disabledAt once, conditionally, so of two disablings one takes effect: false for the other. */
export async function markProviderAccountDisabled(db: DbOrTx, id: string, at: Date): Promise<boolean> {
  const { count } = await db.providerAccount.updateMany({ where: { id, disabledAt: null }, data: { disabledAt: at } });
  return count === 1;
}
