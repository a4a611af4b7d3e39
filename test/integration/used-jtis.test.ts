// A token's jti is claimed once per key; entries past their token's expiry are swept, once a
// minute rather than on every request.
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { JTI_SWEEP_INTERVAL_MS, claimJti } from "@/lib/db/used-jtis";

const keyId = `mk_test_jti_${Date.now()}`;
const count = (jti: string) => getDb().usedJti.count({ where: { keyId, jti } });

describe("claimJti", () => {
  it("refuses a jti already used by the same key, and sweeps expired entries at most once a minute", async () => {
    // In the past, so that a sweep at these times removes only this test's entries, never those of
    // tests running beside it on the same database.
    const t0 = new Date("2001-01-01T00:00:00Z");
    const at = (ms: number) => new Date(t0.getTime() + ms);

    expect(await claimJti({ keyId, jti: "first", expiresAt: at(1_000) }, t0)).toBe(true);
    expect(await claimJti({ keyId, jti: "first", expiresAt: at(1_000) }, at(10))).toBe(false);

    // "first" has expired, but the last sweep was under a minute ago: it stays.
    expect(await claimJti({ keyId, jti: "second", expiresAt: at(600_000) }, at(30_000))).toBe(true);
    expect(await count("first")).toBe(1);

    // A minute on, the next claim sweeps it; the live entry is kept and still refuses a replay.
    expect(await claimJti({ keyId, jti: "third", expiresAt: at(600_000) }, at(JTI_SWEEP_INTERVAL_MS + 1))).toBe(true);
    expect(await count("first")).toBe(0);
    expect(await count("second")).toBe(1);
    expect(await claimJti({ keyId, jti: "second", expiresAt: at(600_000) }, at(JTI_SWEEP_INTERVAL_MS + 2))).toBe(false);
  });
});
