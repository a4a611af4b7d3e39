// Initiation attempts (Open Finance): one row per bank a customer tried for a deposit. Statuses are
// written by lib/db/change-status only; this module inserts rows and records the initiator's answer.
import { type InitiationStatus, initialStatus, parseStatus } from "../transactions/statuses";
import type { DbOrTx } from "./client";

export type InitiationRecord = {
  id: string;
  depositId: string;
  provider: string;
  participantId: string;
  participantName: string;
  status: InitiationStatus;
  providerPaymentId: string | null;
  redirectUrl: string | null;
  endToEndId: string | null;
  /** lib/errors/refusal-reasons' code, as stored (null before codes were). */
  reasonCode: string | null;
  reason: string | null;
  createdAt: Date;
  updatedAt: Date;
};

type Row = Omit<InitiationRecord, "status"> & { status: string };

function toRecord(row: Row): InitiationRecord {
  return {
    id: row.id,
    depositId: row.depositId,
    provider: row.provider,
    participantId: row.participantId,
    participantName: row.participantName,
    status: parseStatus("initiation", row.status),
    providerPaymentId: row.providerPaymentId,
    redirectUrl: row.redirectUrl,
    endToEndId: row.endToEndId,
    reasonCode: row.reasonCode,
    reason: row.reason,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export async function insertInitiation(
  db: DbOrTx,
  row: Pick<InitiationRecord, "id" | "depositId" | "provider" | "participantId" | "participantName">,
): Promise<InitiationRecord> {
  return toRecord(await db.initiation.create({ data: { ...row, status: initialStatus } }));
}

/** The initiator's answer to the start, written once: a repeat of the same start changes nothing. */
export async function recordInitiationStarted(
  db: DbOrTx,
  id: string,
  started: { providerPaymentId: string; redirectUrl: string },
): Promise<void> {
  await db.initiation.updateMany({ where: { id, providerPaymentId: null }, data: started });
}

export async function findInitiation(db: DbOrTx, id: string): Promise<InitiationRecord | null> {
  const row = await db.initiation.findUnique({ where: { id } });
  return row ? toRecord(row) : null;
}

/** The attempt an initiator's payment id names at one account, or null: never found by the id alone. */
export async function findInitiationByProviderPayment(
  db: DbOrTx,
  provider: string,
  providerPaymentId: string,
): Promise<InitiationRecord | null> {
  const row = await db.initiation.findUnique({
    where: { provider_providerPaymentId: { provider, providerPaymentId } },
  });
  return row ? toRecord(row) : null;
}

/** A deposit's attempts, newest first. */
export async function listDepositInitiations(db: DbOrTx, depositId: string): Promise<InitiationRecord[]> {
  const rows = await db.initiation.findMany({ where: { depositId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
  return rows.map(toRecord);
}

/** Pending attempts at one account untouched since `changedBefore`, oldest first, for reconciliation. */
export async function findPendingInitiations(
  db: DbOrTx,
  options: { provider: string; changedBefore: Date; limit: number },
): Promise<InitiationRecord[]> {
  const rows = await db.initiation.findMany({
    where: { provider: options.provider, status: initialStatus, updatedAt: { lte: options.changedBefore } },
    orderBy: { createdAt: "asc" },
    take: options.limit,
  });
  return rows.map(toRecord);
}

/**
 * The sandbox bank's answer, recorded on a pending attempt it started (the sandbox keeps no state
 * of its own: this is what it says when asked). Written once: the first answer stands, and the
 * attempt's status still moves only by lib/db/change-status once the answer is confirmed.
 */
export async function recordSandboxBankAnswer(
  db: DbOrTx,
  id: string,
  answer: { endToEndId: string } | { reason: string },
): Promise<boolean> {
  const { count } = await db.initiation.updateMany({
    where: { id, provider: "sandbox", status: initialStatus, endToEndId: null, reason: null },
    data: answer,
  });
  return count === 1;
}
