import { describe, expect, it } from "vitest";
import { balanceRows, ledgerLinks } from "./balance-view";

describe("balanceRows", () => {
  it("gives a merchant a row per mode it holds money in, each leading to that mode's ledger", () => {
    const rows = balanceRows([
      {
        merchantId: "mer_a",
        name: "Loja A",
        mode: "live",
        balances: [
          { mode: "sandbox", availableCents: 100n, reservedCents: 0n },
          { mode: "live", availableCents: 250n, reservedCents: 50n },
        ],
      },
    ]);
    expect(rows).toEqual([
      expect.objectContaining({
        mode: "sandbox",
        availableCents: 100n,
        href: "/console/balance?merchant=mer_a&mode=sandbox",
      }),
      expect.objectContaining({
        mode: "live",
        availableCents: 250n,
        reservedCents: 50n,
        href: "/console/balance?merchant=mer_a&mode=live",
      }),
    ]);
  });

  it("keeps a merchant with no money yet, in its own mode and without amounts", () => {
    expect(balanceRows([{ merchantId: "mer_b", name: "Loja B", mode: "sandbox", balances: [] }])).toEqual([
      {
        merchantId: "mer_b",
        name: "Loja B",
        mode: "sandbox",
        href: "/console/balance?merchant=mer_b&mode=sandbox",
        availableCents: null,
        reservedCents: null,
      },
    ]);
  });
});

describe("ledgerLinks", () => {
  const ledger = { merchant: { id: "mer_a" }, mode: "live", otherMode: null, newerFrom: null, olderFrom: null };

  it("exports the mode shown, and offers no other mode nor pages when there are none", () => {
    expect(ledgerLinks(ledger)).toEqual({
      export: "/console/balance/export.csv?merchant=mer_a&mode=live",
      otherMode: null,
      previous: null,
      next: null,
    });
  });

  it("keeps the merchant and mode on the other mode's link and on each page's", () => {
    const keyset = { createdAt: new Date(36_000), id: "led_1" };
    expect(ledgerLinks({ ...ledger, otherMode: "sandbox", newerFrom: keyset, olderFrom: keyset })).toMatchObject({
      otherMode: "/console/balance?merchant=mer_a&mode=sandbox",
      previous: "/console/balance?merchant=mer_a&mode=live&before=rs0.led_1",
      next: "/console/balance?merchant=mer_a&mode=live&after=rs0.led_1",
    });
  });
});
