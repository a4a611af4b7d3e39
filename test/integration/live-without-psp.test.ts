// A live merchant on a gateway with no PSP configured: every live money path answers clearly and
// writes nothing, and no live customer ever meets the sandbox bank.
import { beforeAll, describe, expect, it } from "vitest";
import { POST as pix } from "@/app/api/pix/route";
import { POST as paymentInitiation } from "@/app/api/payment-initiation/route";
import { GET as direct } from "@/app/direct/[keyId]/[token]/route";
import { getDb } from "@/lib/db/client";
import { signRequestToken } from "@/lib/envelope/sign-request-token";
import { createTestMerchant, postSigned, readSigned, type TestMerchant } from "../support/api";
import { pixDepositRequest } from "../support/requests";

let live: TestMerchant;

const deposit = pixDepositRequest;

beforeAll(async () => {
  live = await createTestMerchant({ name: "Loja Real", mode: "live", redirectOrigins: ["https://shop.example"] });
});

const countRows = () => getDb().transaction.count({ where: { merchantId: live.merchantId } });

describe("a live merchant without a PSP", () => {
  it("gets a signed 503 provider_unavailable for a Pix deposit, and nothing is written", async () => {
    const response = await postSigned(pix, live, deposit());
    const { data } = await readSigned(response, live);
    expect(response.status).toBe(503);
    expect(data.error).toMatchObject({ type: "provider_unavailable", detail: expect.stringContaining("PIX_PSP_URL") });
    expect(await countRows()).toBe(0);
  });

  it("gets a signed 503 for Payment Initiation without an initiator: no live customer meets the sandbox bank", async () => {
    const response = await postSigned(
      paymentInitiation,
      live,
      deposit({ successRedirectUrl: "https://shop.example/ok", failedRedirectUrl: "https://shop.example/no" }),
    );
    const { data } = await readSigned(response, live);
    expect(response.status).toBe(503);
    expect(data.error).toMatchObject({
      type: "provider_unavailable",
      detail: expect.stringContaining("needs an Open Finance initiator"),
    });
    expect(await countRows()).toBe(0);
  });

  it("gets a 422 page naming paymentMethod for a Gateway In link to a bank", async () => {
    const data = {
      ...deposit({ return_url: "https://shop.example/caixa", paymentMethod: "bradesco" }),
      amount: "149,90",
    };
    const token = await signRequestToken({ keyId: live.keyId, secret: live.secret, data });
    const response = await direct(new Request(`http://localhost/direct/${live.keyId}/${token}`), {
      params: Promise.resolve({ keyId: live.keyId, token }),
    });
    expect(response.status).toBe(422);
    expect(await response.text()).toContain("paymentMethod");
    expect(await countRows()).toBe(0);
  });
});
