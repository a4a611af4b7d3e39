// What a live customer's bank choice shows (/pay/{token}/banco): the initiator's banks, the
// interface's five first, those matching the search (?q=, unverified, from the customer's address
// bar: only ever compared, never shown but as the field's value), and why the customer is back
// (?erro=, one of a few words; the bank's own reason is read from the attempt it ended).
import type { ChoiceBank } from "@/components/pay/participant-choice";
import { isAppError } from "../errors/app-error";
import { listParticipantBanks, normalizeName } from "../initiations/list-participant-banks";
import { findProvider } from "../providers/registry";
import type { PaymentRequest } from "./hosted-route";
import { isBankRefusal } from "./payment-flow";
import { findLatestAttempt } from "./submit-bank-choice";

export type ParticipantChoiceView = {
  featured: ChoiceBank[];
  found: ChoiceBank[] | null;
  query: string;
  problem: { text: string; reason: string | null } | null;
};

const MAX_QUERY = 80;

export async function participantChoice({ payment, query, t }: PaymentRequest): Promise<ParticipantChoiceView> {
  const words = t.liveBank;
  const searched = query.get("q");
  const text = (searched ?? "").slice(0, MAX_QUERY);
  let banks: ChoiceBank[];
  try {
    const listed = await listParticipantBanks(await findProvider(payment.deposit.provider));
    banks = listed.map(({ id, name, method }) => ({ id, name, method }));
  } catch (error) {
    // The initiator cannot list its banks and none were kept: said, with Pix still offered.
    if (!isAppError(error)) throw error;
    return { featured: [], found: null, query: text, problem: { text: words.listUnavailable, reason: null } };
  }
  const wanted = normalizeName(text);
  const found = searched === null ? null : banks.filter((bank) => normalizeName(bank.name).includes(wanted));
  const refusal = query.get("erro");
  let problem: ParticipantChoiceView["problem"] = null;
  if (refusal === "recusado") {
    const latest = await findLatestAttempt(payment.deposit.id);
    problem =
      latest?.status === "failed"
        ? { text: `${latest.participantName} ${words.refused}`, reason: latest.reason }
        : { text: words.refusedGeneric, reason: null };
  } else if (isBankRefusal(refusal)) {
    problem = { text: refusal === "lista" ? words.notListed : words.unavailable, reason: null };
  }
  return {
    featured: banks.filter((bank) => bank.method !== null),
    found,
    query: text,
    problem,
  };
}
