// What the console's overview offers on an operator alert, decided in one place (as
// lib/hosted/payment-flow decides the hosted pages): the deposit it names to open, and whether
// the Pix it is about may be returned to its payer (returnAlertedPix refuses any other alert).
export type AlertView = {
  /** The deposit the alert names, linked beside its message; a refund's or a return's id is not a page. */
  depositId: string | null;
  /** "Devolver ao pagador" beside "Resolver": a Pix that paid no deposit. */
  canReturn: boolean;
};

/** Whether the alert is about a Pix that may be returned to its payer. */
export const isReturnableAlert = (alert: { kind: string }) => alert.kind === "unmatched_pix";

export function alertView(alert: { kind: string; objectId: string | null }): AlertView {
  return {
    depositId: alert.objectId?.startsWith("dep_") ? alert.objectId : null,
    canReturn: isReturnableAlert(alert),
  };
}
