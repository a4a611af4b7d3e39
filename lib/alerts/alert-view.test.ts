import { describe, expect, it } from "vitest";
import { alertView } from "./alert-view";

describe("alertView", () => {
  it("offers the return of a Pix that paid no deposit", () => {
    expect(alertView({ kind: "unmatched_pix", objectId: null })).toEqual({ depositId: null, canReturn: true });
  });

  it("links the deposit an alert names, and offers no return of a claw-back or a refund's failure", () => {
    expect(alertView({ kind: "charge_mismatch", objectId: "dep_1" })).toEqual({ depositId: "dep_1", canReturn: false });
    expect(alertView({ kind: "provider_refund", objectId: "rfd_1" })).toEqual({ depositId: null, canReturn: false });
  });
});
