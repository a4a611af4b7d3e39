// `npm run listen -- --forward-to URL`: a hosted gateway's callbacks brought to a developer's
// machine, as `stripe listen --forward-to` does. It follows the key's events with POST /api/events
// (from the moment it first starts), signs each event's payload as the gateway signs a callback
// (HS256 with the same key, typ cashier-callback+jwt, a day's exp, a jti of its own), POSTs it to
// the local URL, and tells the gateway with POST /api/events/forwarded, so the event's attempts
// show it. Which events it has handled is kept in a file, so a restart goes on where it stopped:
// nothing missed while it was down, nothing sent twice.
import { randomUUID } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { jwtVerify } from "jose";
import { isTakenStatus } from "../lib/callbacks/post-callback";
import { signRequestToken } from "../lib/envelope/sign-request-token";
import { signToken } from "../lib/envelope/sign-token";
import { CALLBACK_TOKEN_LIFETIME_SECONDS, CALLBACK_TOKEN_TYPE, RESPONSE_TOKEN_TYPE } from "../lib/envelope/token-types";
import type { ToolKey } from "./tool-key";

/** How often the gateway is asked for new events: a callback reaches the laptop within about this. */
const POLL_MS = 500;
/**
 * An event is stamped when its transaction writes it and seen once that commits: one stamped this
 * long before the newest handled one may still appear, so the handled ids of that window are kept.
 */
const OVERLAP_MS = 5 * 60 * 1000;
/** What the gateway gives its merchants' endpoints (CALLBACK_TIMEOUT_SECONDS' default). */
const POST_TIMEOUT_MS = 10_000;
const PAGE_SIZE = 20;
/** Most polls read until they meet a forwarded event; every this many, the whole overlap window. */
const FULL_SCAN_EVERY = 20;
/** Tries of one event reported to the gateway before only its success is: a laptop's app down for a day is not thousands of rows. */
const REPORTED_FAILURES = 3;

type Event = { event_id: string; type: string; created_at: string; payload: Record<string, unknown> };
type EventPage = { events: Event[]; next_cursor: string | null };

/** Events stamped before `since` are handled; `handled` holds the ids of the later ones that are. */
type Progress = { gateway: string; keyId: string; since: string; handled: Record<string, string> };

export type ForwardOptions = { gateway: string; forwardTo: string; key: ToolKey; stateFile: string };

class GatewayError extends Error {}

/** A signed call, as a merchant's integration makes it: the answer's signature and typ verified. */
async function callGateway(options: ForwardOptions, apiPath: string, data: unknown): Promise<unknown> {
  const { keyId, secret } = options.key;
  const jwt = await signRequestToken({ keyId, secret, data });
  let response: Response;
  try {
    response = await fetch(new URL(apiPath, options.gateway), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jwt }),
      signal: AbortSignal.timeout(30_000),
    });
  } catch (error) {
    throw new GatewayError(`${options.gateway} did not answer: ${(error as Error).cause ?? (error as Error).message}`);
  }
  const body = (await response.json().catch(() => null)) as { jwt?: unknown; detail?: unknown } | null;
  if (typeof body?.jwt !== "string")
    throw new GatewayError(
      `${apiPath} answered ${response.status}: ${String(body?.detail ?? "not the gateway's JSON")}`,
    );
  const { payload } = await jwtVerify(body.jwt, new TextEncoder().encode(secret), {
    algorithms: ["HS256"],
    typ: RESPONSE_TOKEN_TYPE,
    clockTolerance: 30,
  }).catch((error: unknown) => {
    throw new GatewayError(`${apiPath}: the answer does not verify with ${keyId}: ${(error as Error).message}`);
  });
  const answer = payload.data as { error?: { detail?: string } } | undefined;
  if (payload.code !== 200 || !answer || answer.error)
    throw new GatewayError(`${apiPath} answered ${String(payload.code)}: ${answer?.error?.detail ?? "no data"}`);
  return answer;
}

function readProgress(options: ForwardOptions): Progress | null {
  let saved: Progress;
  try {
    saved = JSON.parse(readFileSync(options.stateFile, "utf8")) as Progress;
  } catch {
    return null;
  }
  // Another gateway's or key's progress says nothing of these events.
  return saved.gateway === options.gateway && saved.keyId === options.key.keyId ? saved : null;
}

/** Written whole and renamed over the old one: a stop mid-write leaves the previous progress. */
function saveProgress(file: string, progress: Progress): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(`${file}.tmp`, JSON.stringify(progress));
  renameSync(`${file}.tmp`, file);
}

/**
 * Newest first, down to `since` (or the first page only when it is null): the events that may be
 * new. Given `handled`, it stops at the first page holding one of them, as the events below it
 * were seen on an earlier poll.
 */
async function readRecentEvents(
  options: ForwardOptions,
  since: string | null,
  handled?: Record<string, string>,
): Promise<Event[]> {
  const events: Event[] = [];
  let after: string | undefined;
  do {
    const page = (await callGateway(options, "/api/events", {
      limit: PAGE_SIZE,
      ...(after ? { after } : {}),
    })) as EventPage;
    events.push(...page.events);
    const oldest = page.events.at(-1);
    const isSeen = handled !== undefined && page.events.some((event) => event.event_id in handled);
    after =
      since !== null && oldest && oldest.created_at >= since && !isSeen ? (page.next_cursor ?? undefined) : undefined;
  } while (after);
  return events;
}

type Delivery = { httpStatus: number | null; latencyMs: number; error: string | null };

async function post(url: string, body: string): Promise<Delivery> {
  const started = performance.now();
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(POST_TIMEOUT_MS),
    });
    await response.arrayBuffer();
    return { httpStatus: response.status, latencyMs: Math.round(performance.now() - started), error: null };
  } catch (error) {
    const reason = (error as Error).cause ?? (error as Error).message;
    return {
      httpStatus: null,
      latencyMs: Math.round(performance.now() - started),
      error: `no answer: ${String(reason)}`,
    };
  }
}

/**
 * One event to the local URL until it is taken (a 2xx): `onTaken` runs at once, before the gateway
 * hears of it, so a stop right after cannot bring the event again. False when stopped first.
 */
async function forwardEvent(
  options: ForwardOptions,
  event: Event,
  isStopping: () => boolean,
  onTaken: () => void,
): Promise<boolean> {
  for (let retry = 0; ; retry++) {
    const jwt = await signToken({
      keyId: options.key.keyId,
      secret: options.key.secret,
      type: CALLBACK_TOKEN_TYPE,
      lifetimeSeconds: CALLBACK_TOKEN_LIFETIME_SECONDS,
      claims: { jti: `fwd_${randomUUID()}`, data: event.payload },
    });
    const delivery = await post(options.forwardTo, JSON.stringify({ jwt }));
    const isTaken = isTakenStatus(delivery.httpStatus);
    if (isTaken) onTaken();
    const outcome = delivery.httpStatus === null ? delivery.error : `${delivery.httpStatus}`;
    if (isTaken || retry < REPORTED_FAILURES)
      await callGateway(options, "/api/events/forwarded", {
        event_id: event.event_id,
        url: options.forwardTo,
        http_status: delivery.httpStatus,
        latency_ms: delivery.latencyMs,
        error: delivery.error?.slice(0, 500) ?? null,
      }).catch((error: unknown) =>
        console.error(`could not record the forward at the gateway: ${(error as Error).message}`),
      );
    if (isTaken) {
      console.log(`forwarded ${event.event_id} ${event.type} → ${outcome} in ${delivery.latencyMs} ms`);
      return true;
    }
    // As the gateway would, it is tried again; later events wait, so they arrive in order.
    const waitMs = Math.min(30_000, 1000 * 2 ** retry);
    console.log(`${event.event_id} ${event.type} not taken (${outcome}); again in ${waitMs / 1000} s`);
    for (const until = Date.now() + waitMs; Date.now() < until;) {
      if (isStopping()) return false;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** From now on: what the gateway already has, down to the overlap window, counts as handled. */
async function startProgress(options: ForwardOptions): Promise<Progress> {
  const newest = (await readRecentEvents(options, null))[0]?.created_at;
  const since = newest ? new Date(Date.parse(newest) - OVERLAP_MS).toISOString() : new Date(0).toISOString();
  const current = newest ? await readRecentEvents(options, since) : [];
  return {
    gateway: options.gateway,
    keyId: options.key.keyId,
    since,
    handled: Object.fromEntries(current.map((event) => [event.event_id, event.created_at])),
  };
}

/** The event handled, and the ids stamped before the overlap window forgotten. */
function markHandled(progress: Progress, event: Event): Progress {
  const handled = { ...progress.handled, [event.event_id]: event.created_at };
  const newest = Object.values(handled).reduce((a, b) => (a > b ? a : b));
  const since = new Date(Date.parse(newest) - OVERLAP_MS).toISOString();
  if (since <= progress.since) return { ...progress, handled };
  return { ...progress, since, handled: Object.fromEntries(Object.entries(handled).filter(([, at]) => at >= since)) };
}

/** Follows the events until `signal` aborts, then returns with its progress saved. */
export async function forwardEvents(options: ForwardOptions, signal: AbortSignal): Promise<void> {
  const pause = () => new Promise((resolve) => setTimeout(resolve, POLL_MS));
  let progress = readProgress(options);
  if (progress) console.log(`resuming: the events since ${progress.since} not yet forwarded go first`);
  while (!progress && !signal.aborted) {
    progress = await startProgress(options).catch((error: unknown) => {
      if (!(error instanceof GatewayError)) throw error;
      console.error(`${error.message}; asking again`);
      return null;
    });
    if (!progress) await pause();
  }
  if (!progress) return;
  saveProgress(options.stateFile, progress);
  console.log(`forwarding ${options.key.keyId}'s events at ${options.gateway} to ${options.forwardTo}`);
  for (let poll = 0; !signal.aborted; poll++) {
    try {
      const { since, handled } = progress;
      const recent = await readRecentEvents(options, since, poll % FULL_SCAN_EVERY === 0 ? undefined : handled);
      const due = recent.filter((event) => event.created_at >= since && !(event.event_id in handled)).reverse();
      for (const event of due) {
        if (signal.aborted) break;
        const taken = await forwardEvent(
          options,
          event,
          () => signal.aborted,
          () => {
            progress = markHandled(progress!, event);
            saveProgress(options.stateFile, progress);
          },
        );
        if (!taken) break;
      }
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      console.error(`${error.message}; asking again`);
    }
    await pause();
  }
}
