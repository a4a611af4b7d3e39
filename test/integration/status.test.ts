import { beforeAll, describe, expect, it } from "vitest";
import { POST as status } from "@/app/api/status/route";
import { changeStatus } from "@/lib/db/change-status";
import { getDb } from "@/lib/db/client";
import { insertTransaction } from "@/lib/db/transactions";
import { createTestMerchant, postSigned, readSigned, type TestMerchant } from "../support/api";

let merchant: TestMerchant;
let other: TestMerchant;

beforeAll(async () => {
  merchant = await createTestMerchant();
  other = await createTestMerchant({ name: "Outra Loja" });
  const base = { currency: "BRL", requestHash: "h", mode: "sandbox" };
  await insertTransaction(getDb(), {
    ...base,
    id: "dep_status1",
    merchantId: merchant.merchantId,
    operation: "pix",
    reference: "order-1",
    amountCents: 1050n,
  });
  await insertTransaction(getDb(), {
    ...base,
    id: "po_status1",
    merchantId: merchant.merchantId,
    operation: "gateway_out",
    reference: "payout-1",
    amountCents: 123456789n,
  });
  const at = new Date();
  await changeStatus(getDb(), "payout", { id: "po_status1", from: "pending", to: "processing", actor: "operator", at });
  await changeStatus(getDb(), "payout", {
    id: "po_status1",
    from: "processing",
    to: "completed",
    actor: "operator",
    at,
  });
  await insertTransaction(getDb(), {
    ...base,
    id: "dep_other1",
    merchantId: other.merchantId,
    operation: "pix",
    reference: "order-1",
    amountCents: 500n,
  });
});

describe("POST /api/status", () => {
  it("reports a deposit by id and by reference", async () => {
    for (const query of [{ id: "dep_status1" }, { reference: "order-1" }]) {
      const response = await postSigned(status, merchant, query);
      expect(response.status).toBe(200);
      const { data } = await readSigned(response, merchant);
      expect(data).toMatchObject({
        id: "dep_status1",
        operation: "pix",
        reference: "order-1",
        status: "pending",
        amount: "10.50",
        currency: "BRL",
      });
      expect(data).not.toHaveProperty("transfer_id");
      expect(Date.parse(data.created_at as string)).not.toBeNaN();
      expect(Date.parse(data.updated_at as string)).not.toBeNaN();
    }
  });

  it("reports a payout by transfer_id with its exact amount", async () => {
    const response = await postSigned(status, merchant, { transfer_id: "po_status1" });
    expect(response.status).toBe(200);
    const { data } = await readSigned(response, merchant);
    expect(data).toMatchObject({
      id: "po_status1",
      transfer_id: "po_status1",
      operation: "gateway_out",
      status: "completed",
      amount: "1234567.89",
    });
  });

  it("never shows another merchant's transaction", async () => {
    const response = await postSigned(status, merchant, { id: "dep_other1" });
    expect(response.status).toBe(404);
    const { data } = await readSigned(response, merchant);
    expect(data.error).toMatchObject({ type: "not_found" });
    const own = await readSigned(await postSigned(status, other, { reference: "order-1" }), other);
    expect(own.data).toMatchObject({ id: "dep_other1" });
  });

  it("answers a signed 404 for an unknown id, and for a deposit asked as a transfer_id", async () => {
    for (const query of [{ id: "dep_nope" }, { transfer_id: "dep_status1" }, { reference: "nope" }]) {
      const response = await postSigned(status, merchant, query);
      expect(response.status).toBe(404);
      expect((await readSigned(response, merchant)).data.error).toMatchObject({
        type: "not_found",
        title: "Not found",
      });
    }
  });

  it("refuses a query with none or several identifiers as a signed 422 naming the field", async () => {
    for (const query of [{}, { id: "a", reference: "b" }, { id: 5 }]) {
      const response = await postSigned(status, merchant, query);
      expect(response.status).toBe(422);
      const { data } = await readSigned(response, merchant);
      const error = data.error as { type: string; fields: { path: string; message: string }[] };
      expect(error.type).toBe("validation_failed");
      expect(error.fields[0].path).toBe("id");
      expect(error.fields[0].message.length).toBeGreaterThan(5);
    }
  });
});
