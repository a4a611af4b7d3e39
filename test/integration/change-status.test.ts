// Every (from, to) pair of every kind through changeStatus on a real row: exactly the table's
// moves are written, every other one is a state_conflict that leaves the row as it was.
import { beforeAll, describe, expect, it } from "vitest";
import { changeStatus } from "@/lib/db/change-status";
import { getDb } from "@/lib/db/client";
import { insertDispute } from "@/lib/db/disputes";
import { insertInitiation } from "@/lib/db/initiations";
import { insertPspReturn } from "@/lib/db/psp-returns";
import { insertRefund, listRefundEvents } from "@/lib/db/refunds";
import { findTransaction, insertTransaction, listTransactionEvents } from "@/lib/db/transactions";
import { newId } from "@/lib/ids/new-id";
import {
  type StatusKind,
  type StatusOf,
  canTransition,
  initialDisputeStatus,
  initialStatus,
  statusesOf,
} from "@/lib/transactions/statuses";
import { createTestMerchant } from "../support/api";

type AnyStatus = StatusOf<StatusKind>;

/** The status a row of the kind is inserted with: a dispute's is open, every other's pending. */
const initialOf = (kind: StatusKind): AnyStatus => (kind === "dispute" ? initialDisputeStatus : initialStatus);

let merchantId: string;
let depositId: string;

beforeAll(async () => {
  merchantId = (await createTestMerchant()).merchantId;
  depositId = await insertRow("deposit");
});

async function insertRow(kind: StatusKind): Promise<string> {
  const common = { merchantId, amountCents: 1050n, currency: "BRL", requestHash: newId("h"), mode: "sandbox" };
  if (kind === "deposit" || kind === "payout") {
    const id = newId(kind === "deposit" ? "dep" : "po");
    const operation = kind === "deposit" ? "pix" : "gateway_out";
    await insertTransaction(getDb(), { ...common, id, operation, reference: id });
    return id;
  }
  if (kind === "refund") {
    const { id } = await insertRefund(getDb(), {
      ...common,
      id: newId("rfd"),
      depositId,
      description: null,
      provider: "sandbox",
      requestId: null,
    });
    return id;
  }
  if (kind === "initiation") {
    const { id } = await insertInitiation(getDb(), {
      id: newId("ini"),
      depositId,
      provider: "pa_test",
      participantId: "participante",
      participantName: "Banco",
    });
    return id;
  }
  if (kind === "dispute") {
    const { id } = await insertDispute(getDb(), {
      id: newId("dsp"),
      merchantId,
      depositId,
      mode: "sandbox",
      provider: "sandbox",
      providerDisputeId: newId("inf"),
      endToEndId: newId("E"),
      amountCents: 1050n,
      heldCents: 0n,
      reasonCode: "scam",
      reason: null,
      pspStatus: "ABERTA",
      openedAt: new Date(),
      respondBy: new Date(),
    });
    return id;
  }
  const { id } = await insertPspReturn(getDb(), {
    id: newId("ret"),
    endToEndId: newId("E"),
    amountCents: 1050n,
    provider: "sandbox",
    requestedBy: "operator",
  });
  return id;
}

/** The row as the test compares it: status, every column changeStatus writes, and its events. */
async function snapshot(kind: StatusKind, id: string) {
  if (kind === "deposit" || kind === "payout") {
    return { row: await findTransaction(getDb(), id), events: await listTransactionEvents(getDb(), id) };
  }
  if (kind === "refund") {
    return { row: await getDb().refund.findUnique({ where: { id } }), events: await listRefundEvents(getDb(), id) };
  }
  if (kind === "initiation") return { row: await getDb().initiation.findUnique({ where: { id } }), events: [] };
  if (kind === "dispute") return { row: await getDb().dispute.findUnique({ where: { id } }), events: [] };
  return { row: await getDb().pspReturn.findUnique({ where: { id } }), events: [] };
}

/** The table's shortest way from the initial status to `target`. */
function pathTo(kind: StatusKind, target: AnyStatus): AnyStatus[] {
  const statuses: readonly AnyStatus[] = statusesOf[kind];
  const paths = new Map<AnyStatus, AnyStatus[]>([[initialOf(kind), [initialOf(kind)]]]);
  for (const [status, path] of paths) {
    for (const next of statuses) {
      if (!paths.has(next) && canTransition(kind, status, next)) paths.set(next, [...path, next]);
    }
  }
  const path = paths.get(target);
  if (!path) throw new Error(`${kind} ${target} is not reachable`);
  return path;
}

function move(kind: StatusKind, id: string, from: AnyStatus, to: AnyStatus) {
  const change = { id, from, to, at: new Date(), reasonCode: "test", reason: "every pair" };
  // The kinds' extras differ; each pair goes through the same generic call the code uses.
  return changeStatus(
    getDb(),
    kind,
    kind === "return" || kind === "initiation" || kind === "dispute" ? change : { ...change, actor: "system" as const },
  );
}

async function rowIn(kind: StatusKind, status: AnyStatus): Promise<string> {
  const id = await insertRow(kind);
  const path = pathTo(kind, status);
  for (let step = 1; step < path.length; step++) {
    expect(await move(kind, id, path[step - 1], path[step])).toBe(true);
  }
  return id;
}

const kinds = Object.keys(statusesOf) as StatusKind[];

describe.each(kinds)("changeStatus on a %s", (kind) => {
  const statuses: readonly AnyStatus[] = statusesOf[kind];
  const pairs = statuses.flatMap((from) => statuses.map((to) => [from, to] as const));

  it.each(pairs)("%s → %s: written exactly when the table has the move", async (from, to) => {
    const id = await rowIn(kind, from);
    const before = await snapshot(kind, id);
    expect(before.row?.status).toBe(from);
    if (canTransition(kind, from, to)) {
      expect(await move(kind, id, from, to)).toBe(true);
      const after = await snapshot(kind, id);
      expect(after.row?.status).toBe(to);
      // Returns, initiation attempts and disputes keep no events of their own.
      if (kind !== "return" && kind !== "initiation" && kind !== "dispute")
        expect(after.events.at(-1)).toMatchObject({ fromStatus: from, toStatus: to });
    } else {
      await expect(move(kind, id, from, to)).rejects.toMatchObject({ code: "state_conflict" });
      expect(await snapshot(kind, id)).toEqual(before);
    }
  });

  it("writes nothing when the row is no longer in `from`", async () => {
    const [from, to] =
      pairs.find(([a, b]) => a !== initialOf(kind) && canTransition(kind, a, b)) ??
      pairs.find(([a, b]) => canTransition(kind, a, b))!;
    const id = await rowIn(kind, from);
    const sibling = statuses.find((status) => status !== from && canTransition(kind, from, status));
    if (sibling) expect(await move(kind, id, from, sibling)).toBe(true);
    const before = await snapshot(kind, id);
    expect(await move(kind, id, from, to)).toBe(false);
    expect(await snapshot(kind, id)).toEqual(before);
  });
});

describe("changeStatus on the Transaction table", () => {
  it("moves a payout only as a payout and a deposit only as a deposit", async () => {
    const payout = await rowIn("payout", "pending");
    const deposit = await rowIn("deposit", "pending");
    expect(
      await changeStatus(getDb(), "deposit", {
        id: payout,
        from: "pending",
        to: "paid",
        actor: "system",
        at: new Date(),
      }),
    ).toBe(false);
    expect(
      await changeStatus(getDb(), "payout", {
        id: deposit,
        from: "pending",
        to: "processing",
        actor: "system",
        at: new Date(),
      }),
    ).toBe(false);
    expect((await findTransaction(getDb(), payout))?.status).toBe("pending");
    expect((await findTransaction(getDb(), deposit))?.status).toBe("pending");
  });

  it("keeps a payout's claimed outcome while it is processing, and only then", async () => {
    const id = await rowIn("payout", "pending");
    const at = new Date();
    await changeStatus(getDb(), "payout", {
      id,
      from: "pending",
      to: "processing",
      actor: "operator",
      at,
      claimedOutcome: "canceled",
    });
    expect(await findTransaction(getDb(), id)).toMatchObject({ status: "processing", claimedOutcome: "canceled" });
    await changeStatus(getDb(), "payout", { id, from: "processing", to: "pending", actor: "system", at });
    expect(await findTransaction(getDb(), id)).toMatchObject({ status: "pending", claimedOutcome: null });
    await changeStatus(getDb(), "payout", {
      id,
      from: "pending",
      to: "processing",
      actor: "operator",
      at,
      claimedOutcome: "completed",
    });
    await changeStatus(getDb(), "payout", { id, from: "processing", to: "completed", actor: "operator", at });
    expect(await findTransaction(getDb(), id)).toMatchObject({
      status: "completed",
      claimedOutcome: null,
      settledAt: at,
    });
  });
});
