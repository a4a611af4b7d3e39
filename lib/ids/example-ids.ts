// Ids in the docs' and OpenAPI documents' examples, in the format newId issues: a merchant's
// developer copies their shape into a pattern or a column, so they must be the gateway's own.
export const exampleIds = {
  deposit: "dep_zo9enhlbzs028ktvumny",
  payout: "po_tcs557ohddg0yzr2rxbb",
  refund: "rfd_h8xaethicd899objosw5",
  event: "evt_5tq2m8x4k7w9p3z6c1v0",
  dispute: "dsp_q4w8n2k6m0r5t9y3x7c1",
} as const;
