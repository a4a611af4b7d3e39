// A database that cannot answer, met by a merchant's request (issue 37): a 503
// service_unavailable with Retry-After, signed with the merchant's key when the key was read
// before the database failed (SQLite locked for writing by another process past its busy timeout:
// the key is read, the token's jti cannot be written), problem+json when the key itself could
// not be read (a database nothing answers at), and never counted as the client's failed token.
// The PostgreSQL cut under load, against npm start, is e2e/database-outage.spec.ts.
import { randomUUID } from "node:crypto";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { POST as status } from "@/app/api/status/route";
import { createDb, getDb, setDb } from "@/lib/db/client";
import { type TestMerchant, createTestMerchant, postSigned, readProblem, readSigned } from "../support/api";
import { closedPort } from "../support/closed-port";

const isSqlite = process.env.TEST_DATABASE !== "postgres";

describe("the merchant API when the database cannot answer", () => {
  let merchant: TestMerchant;
  const served = getDb();
  afterAll(() => setDb(served));

  it.runIf(isSqlite)(
    "answers a signed 503 with Retry-After when the key was read and the write then waited out the lock",
    async () => {
      merchant = await createTestMerchant({ name: "Loja Trancada" });
      const holder = new Database((process.env.DATABASE_URL as string).replace(/^file:/, ""));
      holder.exec("BEGIN IMMEDIATE");
      try {
        // With a jti, which the gateway writes once the signature is checked.
        const response = await postSigned(status, merchant, { id: "dep_nenhum" }, randomUUID());
        expect(response.status).toBe(503);
        expect(response.headers.get("retry-after")).toBe("5");
        const { data } = await readSigned(response, merchant);
        expect(data.error).toMatchObject({ type: "service_unavailable" });
      } finally {
        holder.exec("ROLLBACK");
        holder.close();
      }
      // The lock gone, the same merchant is answered as before.
      expect((await postSigned(status, merchant, { id: "dep_nenhum" })).status).toBe(404);
    },
    60_000,
  );

  it("answers problem+json 503 with Retry-After when the key could not be read, however often", async () => {
    merchant ??= await createTestMerchant({ name: "Loja Sem Banco" });
    // PostgreSQL's driver on either suite: a SQLite file is never out of reach.
    const url = `postgresql://postgres@127.0.0.1:${await closedPort()}/none`;
    setDb(createDb(url));
    try {
      // Past the failed-token budget (RATE_LIMIT_TOKEN_FAILURES, 20 a minute): none is a 429.
      for (let i = 0; i < 25; i++) {
        const response = await postSigned(status, merchant, { id: "dep_nenhum" });
        expect(response.status).toBe(503);
        expect(response.headers.get("retry-after")).toBe("5");
        expect(await readProblem(response)).toMatchObject({
          code: "service_unavailable",
          type: "/docs/errors#service_unavailable",
        });
      }
    } finally {
      await getDb().$disconnect();
      setDb(served);
    }
    expect((await postSigned(status, merchant, { id: "dep_nenhum" })).status).toBe(404);
  });
});
