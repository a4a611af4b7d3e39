// The operator watching and resending callbacks with `npm run cashier -- callbacks …`.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestMerchant } from "../support/api";
import { type Receiver, startReceiver } from "../support/callback-receiver";
import { completePayoutWithCallback } from "../support/outbox";
import { runTool } from "../support/run-tool";

const env = { CALLBACK_RETRY_SCHEDULE: "0" };
const cashier = (...args: string[]) => runTool("cashier", args, env);

let receiver: Receiver;

beforeAll(async () => {
  receiver = await startReceiver();
});

afterAll(() => receiver.close());

type Listed = { event_id: string; type: string; status: string; attempts: number };

describe("npm run cashier -- callbacks …", () => {
  // A dozen runs of the command line, each a process of its own: slow on a loaded machine.
  it("lists, shows, filters and resends", async () => {
    const merchant = await createTestMerchant({ callbackUrl: receiver.url });
    receiver.replies.push({ status: 204 });
    const delivered = await completePayoutWithCallback(merchant.merchantId);
    expect((await cashier("callbacks", "run", "--once")).stdout).toContain('"attempts": 1');
    receiver.fallback = { status: 500, body: "merchant down" };
    const failed = await completePayoutWithCallback(merchant.merchantId);
    expect(JSON.parse((await cashier("callbacks", "run", "--once")).stdout)).toEqual({ attempts: 2 });

    const all = JSON.parse((await cashier("callbacks", "list", "--json")).stdout) as Listed[];
    expect(all.find((e) => e.event_id === delivered.eventId)).toMatchObject({
      type: "gateway_out.completed",
      status: "delivered",
      attempts: 1,
    });
    expect(all.find((e) => e.event_id === failed.eventId)).toMatchObject({ status: "failed", attempts: 2 });

    const onlyFailed = JSON.parse(
      (await cashier("callbacks", "list", "--status", "failed", "--json")).stdout,
    ) as Listed[];
    expect(onlyFailed.map((e) => e.event_id)).toEqual([failed.eventId]);

    const table = (await cashier("callbacks", "list")).stdout;
    expect(table.split("\n")[0]).toMatch(/^EVENT_ID\s+TYPE\s+STATUS\s+ATTEMPTS/);
    expect(table).toContain(failed.eventId);

    const shown = JSON.parse((await cashier("callbacks", "show", failed.eventId)).stdout);
    expect(shown.attempts).toMatchObject([
      { number: 1, http_status: 500, response_excerpt: "merchant down", is_success: false },
      { number: 2, http_status: 500, is_success: false },
    ]);

    receiver.fallback = { status: 200 };
    const resent = await cashier("callbacks", "resend", failed.eventId);
    expect(resent.code).toBe(0);
    expect(JSON.parse(resent.stdout)).toMatchObject({ event_id: failed.eventId, status: "pending" });
    await cashier("callbacks", "run", "--once");
    const after = JSON.parse((await cashier("callbacks", "list", "--json")).stdout) as Listed[];
    expect(after.find((e) => e.event_id === failed.eventId)).toMatchObject({ status: "delivered", attempts: 3 });
  }, 180_000);

  it("says what is wrong", async () => {
    const badStatus = await cashier("callbacks", "list", "--status", "lost");
    expect(badStatus.code).toBe(1);
    expect(badStatus.stderr).toMatch(/pending.*delivered.*failed/);
    const unknown = await cashier("callbacks", "resend", "evt_nothing");
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/no callback event evt_nothing/);
  });
});
