// The worker that `npm start` runs beside the routes delivers what the outbox holds.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { jwtVerify } from "jose";
import { startReceiver } from "../test/support/callback-receiver";
import { e2eServerEnv } from "./environment";
import { cashier, type Merchant } from "./support";

const root = path.resolve(import.meta.dirname, "..");

test("a committed state change reaches the merchant's callback URL, signed with its key", async () => {
  const receiver = await startReceiver();
  try {
    const merchant = JSON.parse(
      cashier("merchant", "create", "--name", "Loja Callback", "--callback-url", receiver.url),
    ) as Merchant;
    const output = execFileSync(
      process.execPath,
      ["--import", "tsx", path.join(root, "test/support/complete-payout-process.ts"), merchant.merchantId],
      {
        cwd: root,
        env: { ...process.env, ...e2eServerEnv },
        encoding: "utf8",
      },
    );
    const eventId = /committed (evt_\w+)/.exec(output)?.[1];
    await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(1);
    const { payload, protectedHeader } = await jwtVerify(
      receiver.received[0].jwt,
      new TextEncoder().encode(merchant.secret),
    );
    expect(protectedHeader).toMatchObject({ kid: merchant.keyId, typ: "cashier-callback+jwt" });
    expect(payload.data).toMatchObject({ event_id: eventId, type: "gateway_out.completed", status: "completed" });
    const statusOf = (id?: string) =>
      (JSON.parse(cashier("callbacks", "list", "--json")) as { event_id: string; status: string }[]).find(
        (e) => e.event_id === id,
      )?.status;
    await expect.poll(() => statusOf(eventId)).toBe("delivered");
  } finally {
    await receiver.close();
  }
});
