// The PSP's webhook (POST {"pix": [...]}) only says that something happened. Each notified Pix is
// confirmed by asking the PSP (GET /pix/{e2eid}) before anything is credited, so a forged or
// replayed notification can change nothing the PSP does not confirm. What it asks is bounded: at
// most MAX_NOTIFIED ids per notification, and the same notice of a Pix at most once a minute,
// however often anyone repeats it. A notice that says something new of the Pix (a devolucao that
// ended) is asked about at once: the PSP notifies one Pix again for each change.
import { createHash } from "node:crypto";
import { AppError } from "../errors/app-error";
import { log } from "../log/logger";
import { findProviderByName } from "../providers/find-provider";
import { consumeRateLimit } from "../rate-limits/consume-rate-limit";
import { type ReceivedPixOutcome, settleReceivedPix } from "./settle-received-pix";

export const MAX_NOTIFIED = 100;

const END_TO_END_ID = /^[A-Za-z0-9]{32}$/;

export type NotificationResult = { endToEndId: string; outcome: ReceivedPixOutcome | "unconfirmed" | "throttled" }[];

type Notice = { endToEndId: string; digest: string };

/** The ids a notification names, each with a digest of what was said of it (never trusted). */
function readNotices(body: unknown): Notice[] {
  // A body without a pix list is a PSP's validation ping at registration (Efí sends one): it is
  // answered 200, with nothing to ask.
  if (typeof body !== "object" || body === null || !("pix" in body) || body.pix === null) return [];
  const items = body.pix;
  if (!Array.isArray(items))
    throw new AppError("validation_failed", "pix: must be a list of Pix", [
      { path: "pix", message: "must be a list of Pix" },
    ]);
  if (items.length > MAX_NOTIFIED) {
    const message = `must list at most ${MAX_NOTIFIED} Pix; ${items.length} were sent`;
    throw new AppError("validation_failed", `pix: ${message}`, [{ path: "pix", message }]);
  }
  const notices = new Map<string, Notice>();
  for (const item of items) {
    const id = typeof item === "object" && item !== null ? (item as { endToEndId?: unknown }).endToEndId : undefined;
    if (typeof id === "string" && END_TO_END_ID.test(id)) {
      notices.set(id, {
        endToEndId: id,
        digest: createHash("sha256").update(JSON.stringify(item)).digest("base64url").slice(0, 16),
      });
    } else {
      // One unreadable item is skipped, never its notification: the others are real Pix.
      log.warn("notified Pix without a readable end-to-end id; skipped", {
        endToEndId: typeof id === "string" ? id.slice(0, 40) : typeof id,
      });
    }
  }
  return [...notices.values()];
}

export async function receivePixNotification(body: unknown): Promise<NotificationResult> {
  const notices = readNotices(body);
  if (notices.length === 0) return [];
  const provider = findProviderByName("api_pix");
  const results: NotificationResult = [];
  for (const { endToEndId, digest } of notices) {
    if ((await consumeRateLimit("pspWebhookPix", `${endToEndId}:${digest}`)).isLimited) {
      // Asked about within the minute: reconciliation catches anything this one would have.
      results.push({ endToEndId, outcome: "throttled" });
      continue;
    }
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
