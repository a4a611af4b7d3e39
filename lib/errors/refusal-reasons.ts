// Why a bank payment did not go through, as a code stored beside the initiator's own words
// (Initiation.reasonCode, .reason): the hosted page says it in the customer's language, and the
// initiator's words, in whatever language it wrote them, stay behind the technical detail.
import { readStoredCode } from "./read-stored-code";

export const REFUSAL_REASON_CODES = ["declined_at_bank", "initiator_refused"] as const;

export type RefusalReasonCode = (typeof REFUSAL_REASON_CODES)[number];

/** A stored code as one of ours (lib/errors/read-stored-code). */
export function readRefusalReasonCode(stored: string | null): RefusalReasonCode | null {
  return readStoredCode(REFUSAL_REASON_CODES, stored);
}
