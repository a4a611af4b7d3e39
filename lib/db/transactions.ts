import { batch, decodeRow, driverColumns, encodeValue, execute, executeBatch, queryRow, statement } from "./driver";
import { AppError } from "../errors/app-error";
import { type DepositOperation, operationsOfKind } from "../transactions/kinds";
import {
  type DepositStatus,
  type PayoutClaim,
  type PayoutStatus,
  initialStatus,
  isPayoutOutcome,
  parseStatus,
} from "../transactions/statuses";
import { currentRequestId } from "../log/request-context";
import type { DbOrTx } from "./client";
import type { Transaction } from "./generated/sqlite/client";
import { type PageRequest, keysetOrder, keysetWhere } from "./keyset";

/**
 * A transaction's columns as the model declares them (Prisma's type, so a column added to
 * prisma/models.prisma is here), with the JSON and the free text the database holds read into
 * their types; the operation and its status are typed together below.
 */
type TransactionFields = Omit<Transaction, "operation" | "status" | "invalidFields" | "claimedOutcome"> & {
  invalidFields: string[];
  /** A processing payout: what its marking claimed it for (lib/payouts/mark-payout). */
  claimedOutcome: PayoutClaim | null;
};

export type DepositRecord = TransactionFields & { operation: DepositOperation; status: DepositStatus };
export type PayoutRecord = TransactionFields & { operation: "gateway_out"; status: PayoutStatus };
/** A deposit or a payout: checking the operation types the status. */
export type TransactionRecord = DepositRecord | PayoutRecord;

/** Created pending (insertTransaction writes it); every later status is changeStatus's to write. */
export type NewTransaction = Pick<
  TransactionRecord,
  "id" | "merchantId" | "operation" | "reference" | "amountCents" | "currency" | "requestHash" | "mode"
> &
  Partial<
    Omit<
      TransactionRecord,
      "status" | "createdAt" | "updatedAt" | "settledAt" | "reasonCode" | "reason" | "claimedOutcome"
    >
  >;

export type Actor = "merchant" | "customer" | "operator" | "provider" | "system";

type OperationStatus = Pick<DepositRecord, "operation" | "status"> | Pick<PayoutRecord, "operation" | "status">;

/** A row's operation, and its status as that operation's kind, checked against lib/transactions/statuses. */
function parseOperationStatus(row: { id: string; operation: string; status: string }): OperationStatus {
  const { operation } = row;
  if (operation === "gateway_out") return { operation, status: parseStatus("payout", row.status) };
  const depositOperation = operationsOfKind.deposit.find((known) => known === operation);
  if (depositOperation === undefined) {
    throw new AppError("internal_error", `unknown operation "${operation}" of transaction ${row.id} in the database`);
  }
  return { operation: depositOperation, status: parseStatus("deposit", row.status) };
}

function toRecord(row: Transaction): TransactionRecord {
  return {
    ...row,
    invalidFields: Array.isArray(row.invalidFields) ? row.invalidFields.map(String) : [],
    claimedOutcome: row.claimedOutcome === null ? null : parsePayoutClaim(row.claimedOutcome),
    ...parseOperationStatus(row),
  };
}

function parsePayoutClaim(value: string): PayoutClaim {
  if (value === "transfer") return value;
  const status = parseStatus("payout", value);
  if (!isPayoutOutcome(status)) throw new AppError("internal_error", `a payout cannot be claimed for "${value}"`);
  return status;
}

/** A row a deposit-only query found (by its charge, its Pix, its page). */
function toDepositRecord(row: Transaction): DepositRecord {
  const record = toRecord(row);
  if (record.operation === "gateway_out") {
    throw new AppError("internal_error", `payout ${record.id} was found by a query for deposits`);
  }
  return record;
}

function toPayoutRecord(row: Transaction): PayoutRecord {
  const record = toRecord(row);
  if (record.operation !== "gateway_out") {
    throw new AppError("internal_error", `deposit ${record.id} was found by a query for payouts`);
  }
  return record;
}

/** What e-mail search matches: the console lowercases what is typed the same way. */
export function lowerEmail(email: string | null | undefined): string | null {
  return email ? email.toLowerCase() : null;
}

export type TransactionLookup = { id: string } | { reference: string };

/** A merchant's transaction by id or by its reference; never another merchant's. */
const transactionById = statement(
  "cashier_transaction_by_id",
  `SELECT * FROM "Transaction" WHERE "id" = ? AND "merchantId" = ?`,
);
const transactionByReference = statement(
  "cashier_transaction_by_reference",
  `SELECT * FROM "Transaction" WHERE "merchantId" = ? AND "reference" = ?`,
);

/**
 * A merchant's transaction by id or reference: /api/status reads it on every request, so on the
 * process's database through the driver (lib/db/driver).
 */
export async function findMerchantTransaction(
  merchantId: string,
  lookup: TransactionLookup,
): Promise<TransactionRecord | null> {
  const row =
    "id" in lookup
      ? await queryRow(transactionById, [lookup.id, merchantId])
      : await queryRow(transactionByReference, [merchantId, lookup.reference]);
  return row ? toRecord(decodeRow(row, driverColumns.Transaction) as Transaction) : null;
}

export async function findTransaction(db: DbOrTx, id: string): Promise<TransactionRecord | null> {
  const row = await db.transaction.findUnique({ where: { id } });
  return row ? toRecord(row) : null;
}

/**
 * What a merchant's pending deposits of one mode add up to: money asked for and not yet paid,
 * failed or expired. A Gateway In whose customer has not typed an amount counts as its zero.
 */
export async function sumPendingDeposits(db: DbOrTx, merchantId: string, mode: string): Promise<bigint> {
  const sums = await db.transaction.aggregate({
    where: { merchantId, mode, status: initialStatus, operation: { in: [...operationsOfKind.deposit] } },
    _sum: { amountCents: true },
  });
  return sums._sum.amountCents ?? 0n;
}

/** A new transaction's columns and its creation event's, as both inserts below write them. */
function newTransactionRows(row: NewTransaction, actor: Actor) {
  return {
    transaction: {
      ...row,
      // What a request creates names it; a job's or the CLI's has none.
      requestId: row.requestId ?? currentRequestId(),
      status: initialStatus,
      customerEmailLower: lowerEmail(row.customerEmail),
      invalidFields: row.invalidFields ?? undefined,
    },
    event: { id: `${row.id}_0`, fromStatus: null, toStatus: initialStatus, actor },
  };
}

/**
 * Inserts a transaction with its creation event, on the client or inside the caller's
 * transaction (a payout, with its funds reserved); a reference used before fails as a unique
 * violation.
 */
export async function insertTransaction(
  db: DbOrTx,
  row: NewTransaction,
  actor: Actor = "merchant",
): Promise<TransactionRecord> {
  const { transaction, event } = newTransactionRows(row, actor);
  // One nested write: Prisma makes it atomic without an interactive transaction.
  return toRecord(await db.transaction.create({ data: { ...transaction, events: { create: event } } }));
}

const transactionColumns = Object.entries(driverColumns.Transaction);
const insertTransactionRow = statement(
  "cashier_insert_transaction",
  `INSERT INTO "Transaction" (${transactionColumns.map(([name]) => `"${name}"`).join(", ")})
   VALUES (${transactionColumns.map(() => "?").join(", ")})`,
);
const insertEventRow = statement(
  "cashier_insert_transaction_event",
  `INSERT INTO "TransactionEvent" ("id", "transactionId", "fromStatus", "toStatus", "actor", "createdAt")
   VALUES (?, ?, ?, ?, ?, ?)`,
);
const insertDepositRows = batch("cashier_insert_deposit", [insertTransactionRow, insertEventRow]);

/**
 * A deposit's row and its creation event, committed together through the driver (lib/db/driver; on
 * PostgreSQL one statement): every /api/pix, Gateway In and Payment Initiation request writes one.
 * Every column is written, the model's defaults included, so the record answered is the row stored.
 */
export async function insertDeposit(row: NewTransaction, actor: Actor = "merchant"): Promise<TransactionRecord> {
  const now = new Date();
  const { transaction, event } = newTransactionRows(row, actor);
  const stored: Record<string, unknown> = {
    // The model's defaults: false for its flags, null for what it may leave out.
    ...Object.fromEntries(transactionColumns.map(([name, type]) => [name, type === "Boolean" ? false : null])),
    ...transaction,
    createdAt: now,
    updatedAt: now,
  };
  await executeBatch(insertDepositRows, [
    transactionColumns.map(([name, type]) => encodeValue(stored[name], type)),
    [event.id, row.id, event.fromStatus, event.toStatus, event.actor, now],
  ]);
  return toRecord(stored as Transaction);
}

export async function listTransactionEvents(db: DbOrTx, transactionId: string) {
  return db.transactionEvent.findMany({ where: { transactionId }, orderBy: { createdAt: "asc" }, omit: { id: true } });
}

/**
 * Pending deposits whose expiry has passed, oldest first, at the providers given: those whose
 * charges the gateway expires. Never those at a PSP that ends its own charges: a Pix may have
 * been paid there a moment before, so reconciliation asks the PSP before anything expires.
 */
export async function findExpiredPendingDeposits(
  db: DbOrTx,
  options: { now: Date; limit: number; providers: string[] },
): Promise<DepositRecord[]> {
  const rows = await db.transaction.findMany({
    where: {
      status: "pending",
      expiresAt: { lte: options.now },
      operation: { not: "gateway_out" },
      provider: { in: options.providers },
    },
    orderBy: { expiresAt: "asc" },
    take: options.limit,
  });
  return rows.map(toDepositRecord);
}

export async function findTransactionByPayTokenHash(db: DbOrTx, payTokenHash: string): Promise<DepositRecord | null> {
  const row = await db.transaction.findUnique({ where: { payTokenHash } });
  return row ? toDepositRecord(row) : null;
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
const recordCharge = statement(
  "cashier_record_pix_charge",
  `UPDATE "Transaction" SET "pixCode" = ?, "pixLocation" = ?, "updatedAt" = ?
   WHERE "id" = ? AND "pixTxid" = ? AND "pixCode" IS NULL`,
);

export async function recordPixCharge(charge: {
  id: string;
  txid: string;
  qrCodeText: string;
  location: string | null;
}): Promise<boolean> {
  // Every Pix deposit runs it, through the driver (lib/db/driver), so updatedAt is set here.
  const values = [charge.qrCodeText, charge.location, new Date(), charge.id, charge.txid];
  return (await execute(recordCharge, values)) === 1;
}

export async function findTransactionByPixTxid(db: DbOrTx, txid: string): Promise<DepositRecord | null> {
  const row = await db.transaction.findUnique({ where: { pixTxid: txid } });
  return row ? toDepositRecord(row) : null;
}

/** The deposit a Pix paid, by the Pix's end-to-end id. */
export async function findTransactionByEndToEndId(db: DbOrTx, endToEndId: string): Promise<DepositRecord | null> {
  const row = await db.transaction.findUnique({ where: { pixEndToEndId: endToEndId } });
  return row ? toDepositRecord(row) : null;
}

/** Where a page of pending deposits ended: the next page starts after it. */
export type PendingCursor = { createdAt: Date; id: string };

/**
 * Pending deposits at one provider that carry a Pix charge (issued or not yet), oldest first, a
 * page at a time: those after `after`, when given.
 */
export async function findPendingPixDeposits(
  db: DbOrTx,
  options: { provider: string; createdBefore: Date; limit: number; after?: PendingCursor | null },
): Promise<DepositRecord[]> {
  const after = options.after;
  const rows = await db.transaction.findMany({
    where: {
      status: "pending",
      provider: options.provider,
      pixTxid: { not: null },
      createdAt: { lte: options.createdBefore },
      ...(after
        ? { OR: [{ createdAt: { gt: after.createdAt } }, { createdAt: after.createdAt, id: { gt: after.id } }] }
        : {}),
    },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: options.limit,
  });
  return rows.map(toDepositRecord);
}

/**
 * Pending deposits at one provider paid at a bank rather than by a Pix charge (no txid), past
 * `expiredBefore`: reconciliation asks the initiator about their attempts, then expires them.
 */
export async function findExpiredBankDeposits(
  db: DbOrTx,
  options: { provider: string; expiredBefore: Date; limit: number },
): Promise<DepositRecord[]> {
  const rows = await db.transaction.findMany({
    where: {
      status: "pending",
      operation: { not: "gateway_out" },
      provider: options.provider,
      pixTxid: null,
      expiresAt: { lte: options.expiredBefore },
    },
    orderBy: { expiresAt: "asc" },
    take: options.limit,
  });
  return rows.map(toDepositRecord);
}

/**
 * A provider account's payouts the gateway may have to (re)send or follow up, oldest first:
 * pending ones (a send that never started, or one that waits for an operator's approval: the
 * caller decides) and those processing as a transfer (sent, or claimed by a process that died).
 * Only rows untouched since `changedBefore`, so a send under way is left to its request.
 */
export async function findPayoutsAtProvider(
  db: DbOrTx,
  options: { provider: string; status: "pending" | "processing"; changedBefore: Date; limit: number },
): Promise<PayoutRecord[]> {
  const rows = await db.transaction.findMany({
    where: {
      operation: "gateway_out",
      mode: "live",
      provider: options.provider,
      status: options.status,
      ...(options.status === "processing" ? { claimedOutcome: "transfer" } : {}),
      updatedAt: { lte: options.changedBefore },
    },
    orderBy: { createdAt: "asc" },
    take: options.limit,
  });
  return rows.map(toPayoutRecord);
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
 * can name a transaction, each on an index, and a reference by its beginning too; the e-mail
 * already lowercased and the CPF as its 11 digits (how valid ones are stored; an invalid one is
 * stored as sent and matches as text).
 */
export type TransactionListFilter = {
  /** null: every merchant (an operator). */
  merchantId: string | null;
  /** sandbox or live; every mode when absent (the console shows the mode of each row). */
  mode?: string;
  operations?: readonly string[];
  /** Any of these statuses. */
  statuses?: readonly string[];
  createdFrom?: Date;
  createdBefore?: Date;
  /** Exactly this reference (a refund's: its deposit's). */
  reference?: string;
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
      // A reference is often long and read off a screen: its beginning finds it. Not with LIKE's
      // wildcards in it, which Prisma passes to SQLite unescaped: those match whole only.
      ...(/[\\%_]/.test(text) ? [] : [{ reference: { startsWith: text } }]),
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
  const rows = await db.transaction.findMany({
    where: {
      ...(filter.merchantId !== null ? { merchantId: filter.merchantId } : {}),
      ...(filter.mode ? { mode: filter.mode } : {}),
      ...(filter.operations ? { operation: { in: [...filter.operations] } } : {}),
      ...(filter.statuses ? { status: { in: [...filter.statuses] } } : {}),
      ...(filter.reference !== undefined ? { reference: filter.reference } : {}),
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
  return rows.map((row) => ({ ...row, ...parseOperationStatus(row) }));
}

export type PayoutQueueRow = PayoutRecord & { merchant: { name: string } };

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
  return { rows: rows.map((row) => ({ ...toPayoutRecord(row), merchant: row.merchant })), total };
}
