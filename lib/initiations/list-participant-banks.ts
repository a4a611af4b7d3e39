// The banks a customer can pay from through an account's initiator, as the bank choice shows them:
// the interface's five banks first, then every other participant by name. The initiator's list
// changes rarely and every customer needs it, so it is kept per account and process for a day,
// asked again once a day, and when a customer's pick is not on the kept one, at most once a minute
// (a made-up id posted again and again costs the initiator nothing more); one question at a time
// per account, shared by every request that waits for it. When the initiator cannot answer, the
// last list it gave serves.
import { type BankMethod, bankDirectory } from "../banks/bank-directory";
import { AppError } from "../errors/app-error";
import { log } from "../log/logger";
import type { InitiationParticipant, PaymentProvider } from "../providers/contract/payment-provider";
import { capabilityOf } from "../providers/registry";

export type ParticipantBank = InitiationParticipant & {
  /** One of the interface's five banks, shown first with its own mark; null for the others. */
  method: BankMethod | null;
};

const DAY_MS = 24 * 3600_000;
const MINUTE_MS = 60_000;

type Kept = { fetchedAt: number; banks: ParticipantBank[] };
// On globalThis for the reason the registry's adapters are: Next.js's bundle and npm start's script.
const shared = globalThis as unknown as {
  cashierParticipants?: Map<string, Kept>;
  cashierParticipantsAsked?: Map<string, Promise<ParticipantBank[]>>;
};
const kept = () => (shared.cashierParticipants ??= new Map());
const asked = () => (shared.cashierParticipantsAsked ??= new Map());

/** Accents and case away, so "Caixa Econômica Federal" and "CAIXA ECONOMICA FEDERAL" meet. */
export function normalizeName(name: string): string {
  return name
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}

// How the initiator's participants name the interface's banks (Open Finance brand names).
const brandNames: Record<BankMethod, string[]> = {
  "banco-do-brasil": ["banco do brasil"],
  bradesco: ["bradesco"],
  caixa: ["caixa"],
  nubank: ["nubank", "nu pagamentos"],
  santander: ["santander"],
};

function methodOf(name: string): BankMethod | null {
  const normalized = normalizeName(name);
  const found = bankDirectory.find((bank) => brandNames[bank.method].some((brand) => normalized.startsWith(brand)));
  return found?.method ?? null;
}

function order(participants: InitiationParticipant[]): ParticipantBank[] {
  const banks = participants.map((participant) => ({ ...participant, method: methodOf(participant.name) }));
  const rank = (bank: ParticipantBank) =>
    bank.method === null ? bankDirectory.length : bankDirectory.findIndex((known) => known.method === bank.method);
  return banks.sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name, "pt-BR"));
}

/** Asks the initiator, once at a time per account: a request that comes meanwhile shares the answer. */
function askInitiator(provider: PaymentProvider, now: number): Promise<ParticipantBank[]> {
  const inFlight = asked().get(provider.accountId);
  if (inFlight) return inFlight;
  const asking = (async () => {
    const banks = order(await capabilityOf(provider, "initiations").listParticipants());
    kept().set(provider.accountId, { fetchedAt: now, banks });
    return banks;
  })().finally(() => asked().delete(provider.accountId));
  asked().set(provider.accountId, asking);
  return asking;
}

/**
 * The account's participant banks; `isRefreshed` asks the initiator again unless the kept list is
 * less than a minute old.
 */
export async function listParticipantBanks(
  provider: PaymentProvider,
  options: { isRefreshed?: boolean; now?: number } = {},
): Promise<ParticipantBank[]> {
  const now = options.now ?? Date.now();
  const last = kept().get(provider.accountId);
  if (last && now - last.fetchedAt < (options.isRefreshed ? MINUTE_MS : DAY_MS)) return last.banks;
  try {
    return await askInitiator(provider, now);
  } catch (error) {
    if (!last) throw error;
    log.warn("the initiator's participants could not be listed; the last list serves", {
      account: provider.accountId,
      error: error instanceof Error ? error.message : String(error),
    });
    return last.banks;
  }
}

/** The participant a customer picked, checked against the list (asked again, at most once a minute, when not on it). */
export async function findParticipantBank(provider: PaymentProvider, participantId: string): Promise<ParticipantBank> {
  const find = (banks: ParticipantBank[]) => banks.find((bank) => bank.id === participantId);
  const found =
    find(await listParticipantBanks(provider)) ?? find(await listParticipantBanks(provider, { isRefreshed: true }));
  if (!found)
    throw new AppError("validation_failed", "bank: choose a bank from the list", [
      { path: "bank", message: "is not a bank the initiator lists" },
    ]);
  return found;
}

/** The participant that is one of the interface's banks (the one a shop sent), or a 503 when the initiator lists none. */
export async function findMethodBank(provider: PaymentProvider, method: BankMethod): Promise<ParticipantBank> {
  const found = (await listParticipantBanks(provider)).find((bank) => bank.method === method);
  if (!found)
    throw new AppError("provider_unavailable", `the initiator lists no participant for ${method} at the moment`);
  return found;
}

/** For tests. */
export function forgetParticipantBanks(): void {
  kept().clear();
  asked().clear();
}
