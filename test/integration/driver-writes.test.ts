// What lib/db/driver writes, Prisma must read as its own, on both databases: a deposit inserted
// through the driver is the same record through Prisma's model queries (dates, flags, JSON,
// amounts), compares in time as Prisma's own rows do, and a reference used twice leaves nothing
// half-written.
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/errors";
import {
  findMerchantTransaction,
  findTransaction,
  insertDeposit,
  listTransactionEvents,
  recordPixCharge,
} from "@/lib/db/transactions";
import { createTestMerchant } from "../support/api";

let sequence = 0;
const depositRow = (merchantId: string) => {
  const n = `${Date.now()}${++sequence}`;
  return {
    id: `dep_driver${n}`,
    merchantId,
    mode: "sandbox",
    operation: "gateway_in" as const,
    reference: `driver-${n}`,
    amountCents: 123_456_789_012n,
    currency: "BRL",
    requestHash: "hash",
    customerName: "Maria da Silva",
    customerEmail: "Maria@Example.com",
    invalidFields: ["cpf", "email"],
    amountOpen: true,
    pixTxid: `TXDRIVER${n}`,
    provider: "sandbox",
    expiresAt: new Date("2030-01-02T03:04:05.678Z"),
  };
};

describe("a deposit written through the driver", () => {
  it("is the record Prisma reads back, and compares in time as Prisma's rows do", async () => {
    const { merchantId } = await createTestMerchant();
    const row = depositRow(merchantId);
    const inserted = await insertDeposit(row);

    const stored = await findTransaction(getDb(), row.id);
    expect(stored).toEqual(inserted);
    expect(stored).toMatchObject({
      status: "pending",
      amountCents: 123_456_789_012n,
      customerEmailLower: "maria@example.com",
      invalidFields: ["cpf", "email"],
      amountOpen: true,
      amountEditable: false,
      methodOpen: false,
      pixCode: null,
      settledAt: null,
    });
    expect(await findMerchantTransaction(merchantId, { reference: row.reference })).toEqual(inserted);

    // Prisma's own comparisons on the driver's dates (SQLite orders them as text).
    const expiring = (lte: Date) =>
      getDb().transaction.count({ where: { id: row.id, expiresAt: { lte }, createdAt: { lte: new Date() } } });
    expect(await expiring(new Date("2030-01-02T03:04:05.677Z"))).toBe(0);
    expect(await expiring(new Date("2030-01-02T03:04:05.678Z"))).toBe(1);

    expect(await listTransactionEvents(getDb(), row.id)).toEqual([
      expect.objectContaining({ transactionId: row.id, fromStatus: null, toStatus: "pending", actor: "merchant" }),
    ]);

    expect(await recordPixCharge({ id: row.id, txid: row.pixTxid, qrCodeText: "000201", location: null })).toBe(true);
    expect(await recordPixCharge({ id: row.id, txid: row.pixTxid, qrCodeText: "other", location: null })).toBe(false);
    const charged = await findTransaction(getDb(), row.id);
    expect(charged?.pixCode).toBe("000201");
    expect(charged?.updatedAt.getTime()).toBeGreaterThanOrEqual(inserted.updatedAt.getTime());
  });

  it("refuses a reference used before as a unique violation, and writes nothing of it", async () => {
    const { merchantId } = await createTestMerchant();
    const first = depositRow(merchantId);
    await insertDeposit(first);
    const again = { ...depositRow(merchantId), reference: first.reference };
    const refused = await insertDeposit(again).catch((error: unknown) => error);
    expect(isUniqueViolation(refused)).toBe(true);
    expect(await findTransaction(getDb(), again.id)).toBeNull();
    expect(await listTransactionEvents(getDb(), again.id)).toEqual([]);
  });
});
