import { describe, expect, it } from "vitest";
import type { ConsoleRole } from "../access/actor";
import type { DisputeRecord } from "../db/disputes";
import { disputeRowView } from "./dispute-row-view";

const now = new Date("2026-11-29T12:00:00.000Z");
const hours = (n: number) => new Date(now.getTime() + n * 3600_000);

const open = {
  status: "open",
  mode: "sandbox",
  amountCents: 5_000n,
  heldCents: 5_000n,
  respondBy: hours(72),
  decision: null,
  justification: null,
  answeredBy: null,
  answeredAt: null,
  submittedAt: null,
} as DisputeRecord;

const as = (role: ConsoleRole) => ({ role });

describe("disputeRowView", () => {
  it("offers the answer form to an operator and a merchant's admin, the read-only note to a viewer", () => {
    expect(disputeRowView(as("operator"), open, now)).toMatchObject({ offer: "form", showsMerchant: true });
    expect(disputeRowView(as("merchant-admin"), open, now)).toMatchObject({ offer: "form", showsMerchant: false });
    expect(disputeRowView(as("merchant-viewer"), open, now)).toMatchObject({ offer: "viewer_note" });
  });

  it("warns within a day of an unanswered deadline, and once it has passed", () => {
    expect(disputeRowView(as("operator"), open, now).deadline).toBeNull();
    expect(disputeRowView(as("operator"), { ...open, respondBy: hours(23.9) }, now).deadline).toBe("near");
    expect(disputeRowView(as("operator"), { ...open, respondBy: hours(-1) }, now).deadline).toBe("passed");
  });

  it("neither warns nor offers the form once an answer is held, even before the PSP confirms it", () => {
    const claimed = {
      ...open,
      respondBy: hours(2),
      decision: "contest",
      justification: "Entregue.",
      answeredBy: "ana@loja.example",
      answeredAt: hours(-1),
    } as DisputeRecord;
    expect(disputeRowView(as("operator"), claimed, now)).toMatchObject({
      deadline: null,
      offer: null,
      answer: {
        decision: "contest",
        by: { kind: "user", email: "ana@loja.example" },
        at: hours(-1),
        isConfirmed: false,
      },
    });
  });

  it("names an API key's answer by its id, and says a won dispute's hold went back to the balance", () => {
    const won = {
      ...open,
      status: "won",
      heldCents: 0n,
      decision: "contest",
      justification: "Entregue.",
      answeredBy: "api:mk_test_abc",
      answeredAt: hours(-2),
      submittedAt: hours(-1),
    } as DisputeRecord;
    expect(disputeRowView(as("merchant-viewer"), won, now)).toMatchObject({
      tone: "success",
      held: { kind: "released" },
      offer: null,
      answer: { by: { kind: "key", keyId: "mk_test_abc" }, at: hours(-1), isConfirmed: true },
    });
  });

  it("says what a lost dispute's hold became, and shows what an undecided one holds", () => {
    expect(disputeRowView(as("operator"), { ...open, status: "lost", heldCents: 0n }, now)).toMatchObject({
      tone: "error",
      held: { kind: "returned" },
    });
    expect(disputeRowView(as("operator"), open, now).held).toEqual({ kind: "holding", cents: 5_000n });
  });
});
