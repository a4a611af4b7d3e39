// Issue 40: the growing tables keep what is done with for their retention period, then the sweep
// deletes it, on both databases: callback attempts after RETENTION_CALLBACK_ATTEMPTS_DAYS (90),
// delivered and given-up callback events with their attempts after RETENTION_CALLBACK_EVENTS_DAYS
// (365), resolved operator alerts with their deliveries after RETENTION_RESOLVED_ALERTS_DAYS
// (365). What is inside its window, an event still waiting and an open alert stay, however old.
// Console links and sandbox sign-ups go 30 days after they expired.
import { describe, expect, it } from "vitest";

const { getDb } = await import("@/lib/db/client");
const { sweepRetention } = await import("@/lib/jobs/sweep-retention");
const { createTestMerchant } = await import("../support/api");

const DAY = 24 * 3600 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);
let sequence = 0;

async function event(merchantId: string, status: string, createdAt: Date, attemptsAt: Date[]): Promise<string> {
  const id = `evt_retention${++sequence}${Date.now()}`;
  await getDb().callbackEvent.create({
    data: {
      id,
      merchantId,
      type: "deposit.paid",
      payload: {},
      status,
      nextAttemptAt: createdAt,
      createdAt,
      attemptRows: {
        create: attemptsAt.map((startedAt, i) => ({ id: `${id}_att${i}`, number: i + 1, startedAt })),
      },
    },
  });
  return id;
}

async function alert(resolvedAt: Date | null): Promise<string> {
  const id = `alr_retention${++sequence}${Date.now()}`;
  await getDb().operatorAlert.create({
    data: {
      id,
      kind: "unmatched_pix",
      subject: id,
      message: "a Pix matched no deposit",
      createdAt: daysAgo(800),
      resolvedAt,
      resolvedBy: resolvedAt ? "usr_operator" : null,
      deliveries: {
        create: [{ id: `${id}_webhook`, channel: "webhook", status: "delivered", nextAttemptAt: daysAgo(800) }],
      },
    },
  });
  return id;
}

describe("the retention sweep", () => {
  it("deletes what is past each period, and keeps what is inside it, waiting or open", async () => {
    const shop = await createTestMerchant({ name: "Loja Antiga" });
    // A year and a half old and delivered: the event and its attempts go.
    const old = await event(shop.merchantId, "delivered", daysAgo(500), [daysAgo(500), daysAgo(499)]);
    const oldFailed = await event(shop.merchantId, "failed", daysAgo(400), [daysAgo(400)]);
    // Half a year old: the event stays, its attempts (past 90 days) go.
    const middle = await event(shop.merchantId, "delivered", daysAgo(180), [daysAgo(180)]);
    // Recent: everything stays.
    const recent = await event(shop.merchantId, "delivered", daysAgo(10), [daysAgo(10)]);
    // Waiting for two years (a merchant whose endpoint never answered, resent): stays, attempts past 90 days go.
    const waiting = await event(shop.merchantId, "pending", daysAgo(730), [daysAgo(730), daysAgo(5)]);
    const resolvedLongAgo = await alert(daysAgo(400));
    const resolvedLately = await alert(daysAgo(30));
    const open = await alert(null);

    const removed = await sweepRetention();
    expect(removed.callbackEvents).toBeGreaterThanOrEqual(2);
    expect(removed.resolvedAlerts).toBeGreaterThanOrEqual(1);

    const events = await getDb().callbackEvent.findMany({
      where: { merchantId: shop.merchantId },
      select: { id: true, attemptRows: { select: { number: true } } },
    });
    const attemptsOf = Object.fromEntries(events.map((row) => [row.id, row.attemptRows.map((a) => a.number)]));
    expect(Object.keys(attemptsOf).sort()).toEqual([middle, recent, waiting].sort());
    expect(attemptsOf[middle]).toEqual([]);
    expect(attemptsOf[recent]).toEqual([1]);
    expect(attemptsOf[waiting]).toEqual([2]);
    expect(attemptsOf[old]).toBeUndefined();
    expect(attemptsOf[oldFailed]).toBeUndefined();

    const alerts = await getDb().operatorAlert.findMany({
      where: { id: { in: [resolvedLongAgo, resolvedLately, open] } },
      select: { id: true, deliveries: { select: { channel: true } } },
    });
    expect(alerts.map((row) => row.id).sort()).toEqual([resolvedLately, open].sort());
    expect(alerts.every((row) => row.deliveries.length === 1)).toBe(true);
    expect(await getDb().alertDelivery.count({ where: { alertId: resolvedLongAgo } })).toBe(0);

    // Nothing left to do: a second sweep deletes nothing of these.
    await sweepRetention();
    expect(await getDb().callbackEvent.count({ where: { merchantId: shop.merchantId } })).toBe(3);
  });

  it("deletes setup links, reset links and sandbox sign-ups 30 days past their expiry, and no sooner", async () => {
    const db = getDb();
    const userId = `usr_retention${++sequence}${Date.now()}`;
    await db.consoleUser.create({ data: { id: userId, email: `${userId}@example.com`, role: "operator" } });
    const link = (days: number, usedAt: Date | null = null) => ({
      tokenHash: `${userId}_${days}_${usedAt ? "used" : "unused"}`,
      userId,
      expiresAt: daysAgo(days),
      usedAt,
    });
    // Expired 31 days ago (used or never opened): gone. 29 days ago, or not yet: kept.
    await db.consoleSetupToken.createMany({ data: [link(31, daysAgo(32)), link(31), link(29), link(-1)] });
    await db.consolePasswordResetToken.createMany({ data: [link(31, daysAgo(32)), link(29)] });
    const signup = (days: number, confirmed: boolean) => ({
      id: `sgn_retention${++sequence}${Date.now()}`,
      email: `dev${sequence}@${userId}.example`,
      emailDomain: `${userId}.example`,
      merchantName: "Loja de Teste",
      tokenHash: `${userId}_signup_${sequence}`,
      expiresAt: daysAgo(days),
      confirmedAt: confirmed ? daysAgo(days) : null,
      createdAt: daysAgo(days),
    });
    await db.sandboxSignup.createMany({ data: [signup(40, true), signup(31, false), signup(29, false)] });

    const removed = await sweepRetention();
    expect(removed.setupLinks).toBeGreaterThanOrEqual(2);
    expect(removed.passwordResetLinks).toBeGreaterThanOrEqual(1);
    expect(removed.sandboxSignups).toBeGreaterThanOrEqual(2);
    const kept = (rows: { tokenHash: string | null }[]) => rows.map((row) => row.tokenHash).sort();
    expect(kept(await db.consoleSetupToken.findMany({ where: { userId } }))).toEqual(
      [`${userId}_-1_unused`, `${userId}_29_unused`].sort(),
    );
    expect(kept(await db.consolePasswordResetToken.findMany({ where: { userId } }))).toEqual([`${userId}_29_unused`]);
    const signups = await db.sandboxSignup.findMany({ where: { emailDomain: `${userId}.example` } });
    expect(signups.map((row) => row.expiresAt.getTime() > daysAgo(30).getTime())).toEqual([true]);
  });
});
