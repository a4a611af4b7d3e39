// A job lease is held by one owner at a time: taken when free or lapsed, renewed by its holder,
// released by its holder only; of owners racing for it, exactly one gets it.
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { acquireJobLease, releaseJobLease } from "@/lib/db/job-leases";

const newName = () => `test-${randomBytes(4).toString("hex")}`;
const stored = (name: string) => getDb().jobLease.findUnique({ where: { name } });

describe("acquireJobLease and releaseJobLease", () => {
  it("takes a free lease, renews it for its holder, refuses others until it lapses, and is released by its holder only", async () => {
    const name = newName();
    const t0 = new Date("2030-01-01T00:00:00Z");
    const at = (ms: number) => new Date(t0.getTime() + ms);
    const ask = (owner: string, now: Date) => acquireJobLease(getDb(), { name, owner, ttlMs: 3_000, now });

    expect(await ask("a", t0)).toBe(true);
    expect(await stored(name)).toMatchObject({ owner: "a", expiresAt: at(3_000) });
    expect(await ask("b", at(1_000))).toBe(false);
    expect(await ask("a", at(2_000))).toBe(true);
    expect(await stored(name)).toMatchObject({ owner: "a", expiresAt: at(5_000) });
    // Without the renewal, b would have had it here.
    expect(await ask("b", at(4_000))).toBe(false);

    expect(await ask("b", at(5_000))).toBe(true);
    expect(await stored(name)).toMatchObject({ owner: "b", expiresAt: at(8_000) });
    expect(await ask("a", at(6_000))).toBe(false);

    await releaseJobLease(getDb(), { name, owner: "a" });
    expect(await stored(name)).toMatchObject({ owner: "b" });
    await releaseJobLease(getDb(), { name, owner: "b" });
    expect(await stored(name)).toBeNull();
    expect(await ask("a", at(6_000))).toBe(true);
  });

  it("gives a lease several owners ask for at once to exactly one of them, whether it is new or has lapsed", async () => {
    for (let round = 0; round < 10; round++) {
      const name = newName();
      const now = new Date();
      const race = async (prefix: string, at: Date) => {
        const owners = Array.from({ length: 6 }, (_, i) => `${prefix}${i}`);
        const won = await Promise.all(
          owners.map((owner) => acquireJobLease(getDb(), { name, owner, ttlMs: 1_000, now: at })),
        );
        return owners.filter((_, i) => won[i]);
      };

      const first = await race("new-", now);
      expect(first).toHaveLength(1);
      expect((await stored(name))?.owner).toBe(first[0]);

      const second = await race("late-", new Date(now.getTime() + 1_000));
      expect(second).toHaveLength(1);
      expect((await stored(name))?.owner).toBe(second[0]);
    }
  });
});
