import type { DbOrTx } from "./client";
import { type PageRequest, keysetOrder, keysetWhere } from "./keyset";

export type TransactionRecord = {
  id: string;
  merchantId: string;
  operation: string;
  reference: string;
  status: string;
  amountCents: bigint;
  currency: string;
  requestHash: string;
  merchantUser: string | null;
  customerName: string | null;
  customerEmail: string | null;
  customerCpf: string | null;
  invalidFields: string[];
  buyerIp: string | null;
  phone: string | null;
  brand: string | null;
  pixTxid: string | null;
  pixCode: string | null;
  pixLocation: string | null;
  pixEndToEndId: string | null;
  mode: string;
  provider: string | null;
  paymentMethod: string | null;
  pixKey: string | null;
  bankCode: string | null;
  branch: string | null;
  account: string | null;
  accountType: string | null;
  reasonCode: string | null;
  reason: string | null;
  payToken: string | null;
  successRedirectUrl: string | null;
  failedRedirectUrl: string | null;
  returnUrl: string | null;
  amountEditable: boolean;
  amountOpen: boolean;
  methodOpen: boolean;
  expiresAt: Date | null;
  settledAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

export type NewTransaction = Pick<
  TransactionRecord,
  "id" | "merchantId" | "operation" | "reference" | "status" | "amountCents" | "currency" | "requestHash" | "mode"
> &
  Partial<Omit<TransactionRecord, "createdAt" | "updatedAt" | "settledAt" | "reasonCode" | "reason">>;

export type Actor = "merchant" | "customer" | "operator" | "provider" | "system";

type Row = Omit<TransactionRecord, "invalidFields"> & { invalidFields: unknown };

function toRecord(row: Row): TransactionRecord {
  return { ...row, invalidFields: Array.isArray(row.invalidFields) ? row.invalidFields.map(String) : [] };
}

/** What e-mail search matches: the console lowercases what is typed the same way. */
export function lowerEmail(email: string | null | undefined): string | null {
  return email ? email.toLowerCase() : null;
}

export type TransactionLookup = { id: string } | { reference: string };

/** A merchant's transaction by id or by its reference; never another merchant's. */
export async function findMerchantTransaction(
  db: DbOrTx,
  merchantId: string,
  lookup: TransactionLookup,
): Promise<TransactionRecord | null> {
  const where = "id" in lookup ? { id: lookup.id, merchantId } : { merchantId, reference: lookup.reference };
  const row = await db.transaction.findFirst({ where });
  return row ? toRecord(row) : null;
}

export async function findTransaction(db: DbOrTx, id: string): Promise<TransactionRecord | null> {
  const row = await db.transaction.findUnique({ where: { id } });
  return row ? toRecord(row) : null;
}

/** Inserts a transaction with its creation event; a reference used before fails as a unique violation. */
export async function insertTransaction(
  db: DbOrTx,
  row: NewTransaction,
  actor: Actor = "merchant",
): Promise<TransactionRecord> {
  // One nested write: Prisma makes it atomic without an interactive transaction.
  const created = await db.transaction.create({
    data: {
      ...row,
      customerEmailLower: lowerEmail(row.customerEmail),
      invalidFields: row.invalidFields ?? undefined,
      events: { create: { id: `${row.id}_0`, fromStatus: null, toStatus: row.status, actor } },
    },
  });
  return toRecord(created);
}

/**
 * Moves a transaction from one status to another and records who did it. Conditional on the
 * current status, so of two concurrent changes one wins; false when the status was not `from`.
 */
export async function changeTransactionStatus(
  db: DbOrTx,
  change: {
    id: string;
    from: string;
    to: string;
    actor: Actor;
    at: Date;
    reasonCode?: string;
    reason?: string;
    isFinal: boolean;
    note?: string;
  },
): Promise<boolean> {
  const { count } = await db.transaction.updateMany({
    where: { id: change.id, status: change.from },
    data: {
      status: change.to,
      ...(change.isFinal ? { settledAt: change.at } : {}),
      ...(change.reasonCode ? { reasonCode: change.reasonCode, reason: change.reason } : {}),
    },
  });
  if (count !== 1) return false;
  const events = await db.transactionEvent.count({ where: { transactionId: change.id } });
  await db.transactionEvent.create({
    data: {
      id: `${change.id}_${events}`,
      transactionId: change.id,
      fromStatus: change.from,
      toStatus: change.to,
      actor: change.actor,
      reasonCode: change.reasonCode,
      // A note (why, with no reason code) stays on the event; the transaction's own reason is
      // what the merchant is told.
      reason: change.reason ?? change.note,
      createdAt: change.at,
    },
  });
  return true;
}

export async function listTransactionEvents(db: DbOrTx, transactionId: string) {
  return db.transactionEvent.findMany({ where: { transactionId }, orderBy: { createdAt: "asc" }, omit: { id: true } });
}

/**
 * Pending deposits whose expiry has passed, oldest first. Not those at a live PSP: a Pix may have
 * been paid there a moment before, so reconciliation asks the PSP before anything expires.
 */
export async function findExpiredPendingDeposits(db: DbOrTx, now: Date, limit: number): Promise<TransactionRecord[]> {
  const rows = await db.transaction.findMany({
    where: {
      status: "pending",
      expiresAt: { lte: now },
      operation: { not: "gateway_out" },
      provider: { not: "api_pix" },
    },
    orderBy: { expiresAt: "asc" },
    take: limit,
  });
  return rows.map(toRecord);
}

export async function findTransactionByPayToken(db: DbOrTx, payToken: string): Promise<TransactionRecord | null> {
  const row = await db.transaction.findUnique({ where: { payToken } });
  return row ? toRecord(row) : null;
}

/** The customer's corrected details: all valid now, so nothing is flagged any more. */
export async function updateCustomerDetails(
  db: DbOrTx,
  id: string,
  details: { customerName: string; customerEmail: string; customerCpf: string },
): Promise<void> {
  await db.transaction.update({
    where: { id },
    data: { ...details, customerEmailLower: lowerEmail(details.customerEmail), invalidFields: [] },
  });
}

export async function setTransactionBank(db: DbOrTx, id: string, bankCode: string): Promise<void> {
  await db.transaction.update({ where: { id }, data: { bankCode } });
}

/**
 * The customer's choice on a hosted page: the amount (when it was theirs to type) and the method.
 * Only while the deposit is pending and has no Pix charge: a charge's BR Code carries its amount,
 * so once one is issued (by this tab or another) nothing here changes. False when nothing was
 * written.
 */
export async function updateCheckoutChoice(
  db: DbOrTx,
  id: string,
  choice: { amountCents: bigint; paymentMethod: string; pixTxid?: string },
): Promise<boolean> {
  const { count } = await db.transaction.updateMany({
    where: { id, status: "pending", pixTxid: null },
    data: { ...choice, amountEditable: false },
  });
  return count === 1;
}

/**
 * Records the charge a provider issued under the txid the row already holds. Conditional on no
 * code being recorded yet, so a repeated call (reconciliation beside a replay) writes once.
 */
export async function recordPixCharge(
  db: DbOrTx,
  charge: { id: string; txid: string; qrCodeText: string; location: string | null },
): Promise<boolean> {
  // Every Pix deposit runs it: raw SQL (no query compilation), so updatedAt is set here.
  const count = await db.$executeRaw`
    UPDATE "Transaction" SET "pixCode" = ${charge.qrCodeText}, "pixLocation" = ${charge.location}, "updatedAt" = ${new Date()}
    WHERE "id" = ${charge.id} AND "pixTxid" = ${charge.txid} AND "pixCode" IS NULL`;
  return count === 1;
}

export async function findTransactionByPixTxid(db: DbOrTx, txid: string): Promise<TransactionRecord | null> {
  const row = await db.transaction.findUnique({ where: { pixTxid: txid } });
  return row ? toRecord(row) : null;
}

/** The deposit a Pix paid, by the Pix's end-to-end id. */
export async function findTransactionByEndToEndId(db: DbOrTx, endToEndId: string): Promise<TransactionRecord | null> {
  const row = await db.transaction.findUnique({ where: { pixEndToEndId: endToEndId } });
  return row ? toRecord(row) : null;
}

/** The Pix that paid a deposit, kept for refunds and for the operator. */
export async function recordPixEndToEndId(db: DbOrTx, id: string, endToEndId: string): Promise<void> {
  await db.transaction.update({ where: { id }, data: { pixEndToEndId: endToEndId } });
}

/** Pending deposits at one provider that carry a Pix charge (issued or not yet), oldest first. */
export async function findPendingPixDeposits(
  db: DbOrTx,
  options: { provider: string; createdBefore: Date; limit: number },
): Promise<TransactionRecord[]> {
  const rows = await db.transaction.findMany({
    where: {
      status: "pending",
      provider: options.provider,
      pixTxid: { not: null },
      createdAt: { lte: options.createdBefore },
    },
    orderBy: { createdAt: "asc" },
    take: options.limit,
  });
  return rows.map(toRecord);
}

/**
 * Takes over a transaction left in processing by a crashed marking: conditional on the update
 * time it was seen with, so of two operators resuming it one wins.
 */
export async function reclaimProcessingTransaction(db: DbOrTx, id: string, seenUpdatedAt: Date): Promise<boolean> {
  const { count } = await db.transaction.updateMany({
    where: { id, status: "processing", updatedAt: seenUpdatedAt },
    data: { updatedAt: new Date() },
  });
  return count === 1;
}

/**
 * What the console's list narrows by. The search text is matched exactly against each column that
 * can name a transaction, each on an index; the e-mail already lowercased and the CPF as its 11
 * digits (how valid ones are stored; an invalid one is stored as sent and matches as text).
 */
export type TransactionListFilter = {
  /** null: every merchant (an operator). */
  merchantId: string | null;
  operations?: readonly string[];
  status?: string;
  createdFrom?: Date;
  createdBefore?: Date;
  search?: { text: string; emailLower: string | null; cpfDigits: string | null };
};

const listColumns = {
  id: true,
  merchantId: true,
  operation: true,
  reference: true,
  status: true,
  mode: true,
  amountCents: true,
  currency: true,
  customerName: true,
  customerEmail: true,
  customerCpf: true,
  createdAt: true,
  settledAt: true,
  merchant: { select: { name: true } },
} as const;

export type TransactionListRow = Pick<
  TransactionRecord,
  | "id"
  | "merchantId"
  | "operation"
  | "reference"
  | "status"
  | "mode"
  | "amountCents"
  | "currency"
  | "customerName"
  | "customerEmail"
  | "customerCpf"
  | "createdAt"
  | "settledAt"
> & { merchant: { name: string } };

function searchWhere(search: NonNullable<TransactionListFilter["search"]>) {
  const { text, emailLower, cpfDigits } = search;
  return {
    OR: [
      { id: text },
      { reference: text },
      { pixEndToEndId: text },
      { pixTxid: text },
      { customerCpf: { in: cpfDigits ? [text, cpfDigits] : [text] } },
      ...(emailLower ? [{ customerEmailLower: emailLower }] : []),
    ],
  };
}

/** One page of transactions, read from the cursor away (see lib/db/keyset). */
export async function listTransactionsPage(
  db: DbOrTx,
  filter: TransactionListFilter,
  page: PageRequest,
): Promise<TransactionListRow[]> {
  return db.transaction.findMany({
    where: {
      ...(filter.merchantId !== null ? { merchantId: filter.merchantId } : {}),
      ...(filter.operations ? { operation: { in: [...filter.operations] } } : {}),
      ...(filter.status ? { status: filter.status } : {}),
      AND: [
        {
          createdAt: {
            ...(filter.createdFrom ? { gte: filter.createdFrom } : {}),
            ...(filter.createdBefore ? { lt: filter.createdBefore } : {}),
          },
        },
        keysetWhere(page),
        filter.search ? searchWhere(filter.search) : {},
      ],
    },
    orderBy: keysetOrder(page),
    take: page.limit,
    select: listColumns,
  });
}

export type PayoutQueueRow = TransactionRecord & { merchant: { name: string } };

/**
 * The payouts an operator still has to act on: pending, and processing (a marking under way, or
 * one that crashed and waits for --resume), oldest first, as a queue is worked.
 */
export async function listPayoutQueue(
  db: DbOrTx,
  options: { merchantId: string | null; limit: number },
): Promise<{ rows: PayoutQueueRow[]; total: number }> {
  const where = {
    operation: "gateway_out",
    status: { in: ["pending", "processing"] },
    ...(options.merchantId ? { merchantId: options.merchantId } : {}),
  };
  const [rows, total] = await Promise.all([
    db.transaction.findMany({
      where,
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      take: options.limit,
      include: { merchant: { select: { name: true } } },
    }),
    db.transaction.count({ where }),
  ]);
  return { rows: rows.map((row) => ({ ...toRecord(row), merchant: row.merchant })), total };
}
