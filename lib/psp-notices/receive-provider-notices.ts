// A PSP's webhook only says that something happened. Each notice is confirmed by asking the
// account that sent it (a received Pix by its end-to-end id, a payout's send by its transfer id)
// before anything changes, so a forged or replayed notification can change nothing the PSP does
// not confirm. What it asks is bounded: at most MAX_NOTICES per call (the adapter's reader
// refuses more), and the same news of one id at most once a minute, however often anyone repeats
// it. A notice that says something new (a devolucao that ended) is asked about at once: the PSP
// notifies an id again for each change.
import { type ReceivedPixOutcome, settleReceivedPix } from "../deposits/settle-received-pix";
import { log } from "../log/logger";
import type { TransferOutcome } from "../payouts/apply-transfer";
import { followTransfer } from "../payouts/follow-transfer";
import { type InitiationOutcome, followInitiation } from "../initiations/confirm-initiation";
import type { PaymentProvider, ProviderNotice } from "../providers/contract/payment-provider";
import { consumeRateLimit } from "../rate-limits/consume-rate-limit";

export type NoticeResult = {
  subject: ProviderNotice["subject"];
  id: string;
  outcome: ReceivedPixOutcome | TransferOutcome | InitiationOutcome | "unconfirmed" | "throttled";
};

async function receiveNotice(provider: PaymentProvider, notice: ProviderNotice): Promise<NoticeResult["outcome"]> {
  if (notice.subject === "transfer") return followTransfer(provider, notice.id);
  if (notice.subject === "initiation") return followInitiation(provider, notice.id);
  const pix = await provider.charges?.findReceivedPix(notice.id);
  if (!pix) {
    log.warn("notified Pix unknown to the PSP; ignored", { endToEndId: notice.id, account: provider.accountId });
    return "unconfirmed";
  }
  return settleReceivedPix(pix, provider);
}

export async function receiveProviderNotices(
  provider: PaymentProvider,
  notices: ProviderNotice[],
): Promise<NoticeResult[]> {
  const results: NoticeResult[] = [];
  for (const notice of notices) {
    const key = `${provider.accountId}:${notice.subject}:${notice.id}:${notice.digest}`;
    // Asked about within the minute: reconciliation catches anything this one would have.
    const outcome = (await consumeRateLimit("pspWebhookPix", key)).isLimited
      ? "throttled"
      : await receiveNotice(provider, notice);
    results.push({ subject: notice.subject, id: notice.id, outcome });
  }
  return results;
}
