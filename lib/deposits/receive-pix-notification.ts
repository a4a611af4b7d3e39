// The PSP's webhook (POST {"pix": [...]}) only says that something happened. Each notified Pix is
// confirmed by asking the PSP (GET /pix/{e2eid}) before anything is credited, so a forged or
// replayed notification can change nothing the PSP does not confirm.
import { z } from "zod";
import { log } from "../log/logger";
import { findProviderByName } from "../providers/find-provider";
import { type ReceivedPixOutcome, settleReceivedPix } from "./settle-received-pix";

// Only what is needed to ask the PSP; everything else in the body is untrusted and ignored.
const notificationSchema = z.object({
  pix: z
    .array(z.object({ endToEndId: z.string().regex(/^[A-Za-z0-9]{32}$/, "must be a 32-character end-to-end id") }))
    .min(1, "must list at least one Pix")
    .max(1000, "must list at most 1000 Pix"),
});

export type NotificationResult = { endToEndId: string; outcome: ReceivedPixOutcome | "unconfirmed" }[];

export async function receivePixNotification(body: unknown): Promise<NotificationResult> {
  const notification = notificationSchema.parse(body);
  const provider = findProviderByName("api_pix");
  const results: NotificationResult = [];
  for (const endToEndId of new Set(notification.pix.map((pix) => pix.endToEndId))) {
    const pix = await provider.findReceivedPix(endToEndId);
    if (!pix) {
      log.warn("notified Pix unknown to the PSP; ignored", { endToEndId });
      results.push({ endToEndId, outcome: "unconfirmed" });
      continue;
    }
    results.push({ endToEndId, outcome: await settleReceivedPix(pix, provider) });
  }
  return results;
}
