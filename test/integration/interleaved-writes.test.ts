// A transaction that awaits real I/O while another request writes, then rolls back: the other
// write must survive. On SQLite one connection serves the process, so without the lock in
// lib/db/serialize-sqlite-adapter.ts the outside write ran inside the open transaction and was
// rolled back with it. PostgreSQL (a pool) must behave the same.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { claimJti } from "@/lib/db/used-jtis";

let slow: http.Server;
let slowUrl: string;

beforeAll(async () => {
  // Real I/O inside the transaction: a server that answers after 300 ms.
  slow = http.createServer((_request, response) => setTimeout(() => response.end("ok"), 300));
  await new Promise<void>((resolve) => slow.listen(0, "127.0.0.1", resolve));
  slowUrl = `http://127.0.0.1:${(slow.address() as AddressInfo).port}/`;
});

afterAll(() => new Promise<void>((resolve) => slow.close(() => resolve())));

const expiresAt = () => new Date(Date.now() + 60_000);

describe("a write outside a transaction that rolls back", () => {
  it("survives the rollback", async () => {
    const inside = `inside-${Date.now()}`;
    const outside = `outside-${Date.now()}`;
    let markOpen!: () => void;
    const isOpen = new Promise<void>((resolve) => (markOpen = resolve));
    const transaction = getDb()
      .$transaction(
        async (tx) => {
          await tx.usedJti.create({ data: { keyId: "mk_test_interleave", jti: inside, expiresAt: expiresAt() } });
          markOpen();
          await fetch(slowUrl).then((r) => r.text());
          throw new Error("roll back");
        },
        { timeout: 10_000 },
      )
      .catch((error: Error) => error.message);
    await isOpen;
    // Another request, meanwhile, outside any transaction: the API's jti claim, through the driver
    // (lib/db/driver), which must wait for the same lock as Prisma's statements.
    expect(await claimJti({ keyId: "mk_test_interleave", jti: outside, expiresAt: expiresAt() }, new Date())).toBe(
      true,
    );
    expect(await transaction).toBe("roll back");

    const kept = await getDb().usedJti.findMany({ where: { keyId: "mk_test_interleave" } });
    expect(kept.map((row) => row.jti)).toEqual([outside]);
  });

  it("leaves concurrent requests working while transactions come and go", async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0
          ? getDb().$transaction(async (tx) =>
              tx.usedJti
                .create({ data: { keyId: "mk_test_busy", jti: `t${i}`, expiresAt: expiresAt() } })
                .then(Boolean),
            )
          : claimJti({ keyId: "mk_test_busy", jti: `q${i}`, expiresAt: expiresAt() }, new Date()),
      ),
    );
    expect(results.every(Boolean)).toBe(true);
    expect(await getDb().usedJti.count({ where: { keyId: "mk_test_busy" } })).toBe(20);
  });
});
