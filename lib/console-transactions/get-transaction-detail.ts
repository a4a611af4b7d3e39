import type { Actor } from "../access/actor";
import { type CallbackItem, describeCallbackEvent } from "../callbacks/describe-callback-event";
import { listObjectCallbackEvents } from "../db/callback-events";
import { getDb } from "../db/client";
import { findMerchant } from "../db/merchants";
import { amountTakingRefundStatuses, listDepositRefunds, listRefundEvents } from "../db/refunds";
import { listTransactionEvents } from "../db/transactions";
import { maskAccount, maskCpf, maskEmail, maskPhone, maskPixKey } from "../deposits/mask-customer";
import { kindOfOperation } from "../transactions/kinds";
import { findConsoleTransaction } from "./find-console-transaction";
import type { TransactionListItem } from "./list-transactions";

export type TimelineEntry = {
  fromStatus: string | null;
  toStatus: string;
  actor: string;
  reasonCode: string | null;
  reason: string | null;
  at: Date;
};

export type TransactionDetail = Pick<
  TransactionListItem,
  | "id"
  | "kind"
  | "operation"
  | "merchantId"
  | "merchantName"
  | "reference"
  | "status"
  | "mode"
  | "amountCents"
  | "currency"
  | "createdAt"
  | "settledAt"
> & {
  provider: string | null;
  paymentMethod: string | null;
  merchantUser: string | null;
  pixTxid: string | null;
  pixEndToEndId: string | null;
  /** The X-Request-Id of the request that created it, as the log lines of that request and of its callbacks carry it. */
  requestId: string | null;
  reasonCode: string | null;
  reason: string | null;
  updatedAt: Date;
  expiresAt: Date | null;
  /** Masked; null for a refund (its customer is its deposit's). */
  customer: { name: string | null; email: string; cpf: string; phone: string; buyerIp: string } | null;
  /** A payout's destination, masked. */
  destination: {
    pixKey: string;
    bankCode: string | null;
    branch: string | null;
    account: string;
    accountType: string | null;
  } | null;
  /** A refund's deposit. */
  deposit: { id: string; reference: string } | null;
  refunds: { id: string; status: string; amountCents: bigint; createdAt: Date }[];
  /** What completed refunds gave back (a deposit's "Devolvido"). */
  refundedCents: bigint;
  /** What a new refund may still take: a paid deposit's amount less its pending and completed refunds; else zero. */
  refundableCents: bigint;
  timeline: TimelineEntry[];
  callbacks: CallbackItem[];
};

async function listCallbacks(objectId: string, now: Date): Promise<CallbackItem[]> {
  const events = await listObjectCallbackEvents(getDb(), objectId);
  return events.map((event) => describeCallbackEvent(event, now));
}

const sumRefunds = (refunds: { status: string; amountCents: bigint }[], statuses: string[]) =>
  refunds.filter((r) => statuses.includes(r.status)).reduce((sum, r) => sum + r.amountCents, 0n);

type StatusEvent = {
  fromStatus: string | null;
  toStatus: string;
  actor: string;
  reasonCode: string | null;
  reason: string | null;
  createdAt: Date;
};

const toTimeline = (events: StatusEvent[]): TimelineEntry[] =>
  events.map((event) => ({
    fromStatus: event.fromStatus,
    toStatus: event.toStatus,
    actor: event.actor,
    reasonCode: event.reasonCode,
    reason: event.reason,
    at: event.createdAt,
  }));

/**
 * A deposit, payout or refund as the console shows it: its status changes, its refunds or deposit,
 * and each callback reporting it with every attempt. Customer data is masked here, for everyone;
 * an operator reveals it with revealTransactionCustomer, which is audited.
 */
export async function getTransactionDetail(actor: Actor, id: string): Promise<TransactionDetail> {
  const db = getDb();
  const found = await findConsoleTransaction(db, actor, id);
  const now = new Date();
  const merchantId = found.kind === "refund" ? found.refund.merchantId : found.transaction.merchantId;
  const merchant = await findMerchant(db, merchantId);
  const merchantName = merchant?.name ?? merchantId;

  if (found.kind === "refund") {
    const { refund } = found;
    return {
      id: refund.id,
      kind: "refund",
      operation: "refund",
      merchantId,
      merchantName,
      reference: refund.deposit.reference,
      status: refund.status,
      mode: refund.mode,
      amountCents: refund.amountCents,
      currency: refund.currency,
      provider: refund.provider,
      paymentMethod: null,
      merchantUser: null,
      pixTxid: null,
      pixEndToEndId: refund.deposit.pixEndToEndId,
      requestId: refund.requestId,
      reasonCode: refund.reasonCode,
      reason: refund.reason,
      createdAt: refund.createdAt,
      updatedAt: refund.updatedAt,
      expiresAt: null,
      settledAt: refund.settledAt,
      customer: null,
      destination: null,
      deposit: { id: refund.depositId, reference: refund.deposit.reference },
      refunds: [],
      refundedCents: 0n,
      refundableCents: 0n,
      timeline: toTimeline(await listRefundEvents(db, refund.id)),
      callbacks: await listCallbacks(refund.id, now),
    };
  }

  const { transaction: t } = found;
  const kind = kindOfOperation(t.operation);
  const [events, refunds, callbacks] = await Promise.all([
    listTransactionEvents(db, t.id),
    kind === "deposit" ? listDepositRefunds(db, t.id) : [],
    listCallbacks(t.id, now),
  ]);
  return {
    id: t.id,
    kind,
    operation: t.operation,
    merchantId,
    merchantName,
    reference: t.reference,
    status: t.status,
    mode: t.mode,
    amountCents: t.amountCents,
    currency: t.currency,
    provider: t.provider,
    paymentMethod: t.paymentMethod,
    merchantUser: t.merchantUser,
    pixTxid: t.pixTxid,
    pixEndToEndId: t.pixEndToEndId,
    requestId: t.requestId,
    reasonCode: t.reasonCode,
    reason: t.reason,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
    expiresAt: t.expiresAt,
    settledAt: t.settledAt,
    customer: {
      name: t.customerName,
      email: maskEmail(t.customerEmail),
      cpf: maskCpf(t.customerCpf),
      phone: maskPhone(t.phone),
      buyerIp: t.buyerIp ? "***" : "",
    },
    destination:
      kind === "payout"
        ? {
            pixKey: maskPixKey(t.pixKey),
            bankCode: t.bankCode,
            branch: t.branch,
            account: maskAccount(t.account),
            accountType: t.accountType,
          }
        : null,
    deposit: null,
    refunds: refunds.map((r) => ({ id: r.id, status: r.status, amountCents: r.amountCents, createdAt: r.createdAt })),
    refundedCents: sumRefunds(refunds, ["completed"]),
    // What createRefund would still take (sumRefundedCents counts the same refunds).
    refundableCents: t.status === "paid" ? t.amountCents - sumRefunds(refunds, amountTakingRefundStatuses) : 0n,
    timeline: toTimeline(events),
    callbacks,
  };
}
