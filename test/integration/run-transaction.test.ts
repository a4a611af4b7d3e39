// What a transaction defers to its commit (a deposit's outcome counted in the metrics) happens
// only once it has committed: never for a rollback, never for a transaction it cannot see end.
import { describe, expect, it } from "vitest";

const { getDb } = await import("@/lib/db/client");
const { afterCommit, runTransaction } = await import("@/lib/db/run-transaction");

describe("runTransaction", () => {
  it("runs what the work deferred once it has committed, in order", async () => {
    const ran: string[] = [];
    const result = await runTransaction(async (tx) => {
      afterCommit(tx, () => ran.push("first"));
      afterCommit(tx, () => ran.push("second"));
      expect(ran).toEqual([]);
      return tx.merchant.count();
    });
    expect(typeof result).toBe("number");
    expect(ran).toEqual(["first", "second"]);
  });

  it("runs nothing for a transaction that rolled back", async () => {
    const ran: string[] = [];
    await expect(
      runTransaction(async (tx) => {
        afterCommit(tx, () => ran.push("counted"));
        throw new Error("refused after the change");
      }),
    ).rejects.toThrow("refused after the change");
    expect(ran).toEqual([]);
  });

  it("refuses a deferral in a transaction it did not open", async () => {
    await expect(getDb().$transaction(async (tx) => afterCommit(tx, () => undefined))).rejects.toThrow(
      "afterCommit needs a transaction opened by runTransaction",
    );
  });
});
