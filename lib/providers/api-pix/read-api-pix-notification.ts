// The API Pix's webhook (POST {"pix": [...]}) only says that something happened; the domain
// confirms each Pix by asking the PSP. Mutual TLS with the PSP ends at the terminator in front of
// the gateway; here the account's secret, carried in the registered URL's query, is checked.
import { createHash, timingSafeEqual } from "node:crypto";
import { AppError } from "../../errors/app-error";
import { log } from "../../log/logger";
import { MAX_NOTICES, type ProviderNotice, type WebhookRequest } from "../contract/payment-provider";

const END_TO_END_ID = /^[A-Za-z0-9]{32}$/;

/**
 * Whether the call carries the secret as `name` in its query. Some PSPs append /pix after the
 * whole registered URL, query included, so a trailing /pix is not part of it.
 */
export function hasWebhookSecret(url: URL, names: string[], expected: string | null): boolean {
  if (expected === null) return true;
  const given = names.map((name) => url.searchParams.get(name)).find((value) => value !== null) ?? "";
  const a = Buffer.from(given.replace(/\/pix$/, ""));
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The body's items: none for a body without a pix list (a PSP's validation ping at registration). */
export function readPixItems(body: unknown): unknown[] {
  if (typeof body !== "object" || body === null || !("pix" in body) || body.pix === null) return [];
  const items = body.pix;
  if (!Array.isArray(items))
    throw new AppError("validation_failed", "pix: must be a list of Pix", [
      { path: "pix", message: "must be a list of Pix" },
    ]);
  if (items.length > MAX_NOTICES) {
    const message = `must list at most ${MAX_NOTICES} Pix; ${items.length} were sent`;
    throw new AppError("validation_failed", `pix: ${message}`, [{ path: "pix", message }]);
  }
  return items;
}

/** What was said of one item, never trusted: a change in it is news worth asking about at once. */
export function digestOf(item: unknown): string {
  let said: string;
  try {
    said = JSON.stringify(item);
  } catch {
    // Nested deeper than the stack allows (the body is bounded, not its depth): what was said of the
    // id is unreadable, not the notice itself, which is confirmed by query like any other.
    said = "unreadable";
  }
  return createHash("sha256").update(said).digest("base64url").slice(0, 16);
}

/** A received Pix's notice, or null (logged) when the item names no readable end-to-end id. */
export function readReceivedPixNotice(item: unknown): ProviderNotice | null {
  const id = typeof item === "object" && item !== null ? (item as { endToEndId?: unknown }).endToEndId : undefined;
  if (typeof id === "string" && END_TO_END_ID.test(id)) return { subject: "received_pix", id, digest: digestOf(item) };
  log.warn("notified Pix without a readable end-to-end id; skipped", {
    endToEndId: typeof id === "string" ? id.slice(0, 40) : typeof id,
  });
  return null;
}

/** One notice per id: a PSP that lists a Pix twice in one call is asked about it once. */
export function uniqueNotices(notices: (ProviderNotice | null)[]): ProviderNotice[] {
  const unique = new Map<string, ProviderNotice>();
  for (const notice of notices) if (notice) unique.set(`${notice.subject}:${notice.id}`, notice);
  return [...unique.values()];
}

export function readApiPixNotification(request: WebhookRequest, secret: string | null): ProviderNotice[] {
  if (!hasWebhookSecret(request.url, ["secret"], secret))
    throw new AppError("webhook_unauthorized", "the notification URL's secret does not match");
  return uniqueNotices(readPixItems(request.body).map(readReceivedPixNotice));
}
