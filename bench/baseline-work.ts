// The baselines' work for POST /api/pix and POST /api/status, without Next.js, Prisma or the
// envelope wrapper, on the same database (better-sqlite3 or pg directly): verify the token (HS256,
// one key held in memory); for a Pix, build the BR Code and its PNG and insert the row; for a
// status, select the row; sign the answer. bench/baseline-server.ts serves it from bare node:http,
// bench/next-floor from a Next.js route handler.
import { randomBytes } from "node:crypto";
import Database from "better-sqlite3";
import { jwtVerify } from "jose";
import pg from "pg";
import { signToken } from "../lib/envelope/sign-token";
import { RESPONSE_TOKEN_LIFETIME_SECONDS, RESPONSE_TOKEN_TYPE } from "../lib/envelope/token-types";
import { buildStaticBrCode } from "../lib/pix/build-static-br-code";
import { renderQrCode } from "../lib/pix/render-qr-code";

export type BaselineSettings = { databaseUrl: string; keyId: string; secret: string; merchantId: string };

type Row = {
  id: string;
  operation: string;
  reference: string;
  status: string;
  amountCents: bigint | string | number;
  currency: string;
  createdAt: unknown;
  updatedAt: unknown;
};
type Store = {
  insertPix: (values: unknown[]) => Promise<void>;
  findTransaction: (id: string) => Promise<Row | undefined>;
};

const insertSql = `INSERT INTO "Transaction" (id, "merchantId", operation, reference, status, "amountCents", currency, "requestHash", "pixTxid", "pixCode", "createdAt", "updatedAt")
  VALUES ($1, $2, 'pix', $3, 'pending', $4, 'BRL', '', $5, $6, $7, $8)`;
const selectSql = `SELECT id, operation, reference, status, "amountCents", currency, "createdAt", "updatedAt" FROM "Transaction" WHERE id = $1 AND "merchantId" = $2`;

function openStore({ databaseUrl, merchantId }: BaselineSettings): Store {
  if (databaseUrl.startsWith("file:")) {
    const db = new Database(databaseUrl.slice("file:".length));
    db.pragma("journal_mode = WAL");
    const insert = db.prepare(insertSql.replace(/\$\d/g, "?"));
    const select = db.prepare(selectSql.replace(/\$\d/g, "?"));
    return {
      insertPix: async (values) =>
        void insert.run(...values.map((value) => (value instanceof Date ? value.getTime() : value))),
      findTransaction: async (id) => select.get(id, merchantId) as Row | undefined,
    };
  }
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  return {
    insertPix: async (values) => void (await pool.query({ name: "insert", text: insertSql, values })),
    findTransaction: async (id) =>
      (await pool.query<Row>({ name: "select", text: selectSql, values: [id, merchantId] })).rows[0],
  };
}

/** Answers a request's body for the path: the HTTP status and the JSON body (a signed token). */
export function createBaselineWork(
  settings: BaselineSettings,
): (path: string, body: string) => Promise<{ status: number; body: string }> {
  const store = openStore(settings);
  const key = new TextEncoder().encode(settings.secret);

  async function pix(data: { reference: string; amount: string }) {
    const cents = BigInt(Math.round(Number(data.amount) * 100));
    const txid = randomBytes(12).toString("hex").toUpperCase();
    const id = `dep_${randomBytes(10).toString("hex")}`;
    const qrCodeText = buildStaticBrCode({
      key: "123e4567-e12b-12d1-a456-426655440000",
      merchantName: "Cashier Sandbox",
      merchantCity: "Sao Paulo",
      amountCents: cents,
      txid,
    });
    const qrCodeImage = renderQrCode(qrCodeText);
    const now = new Date();
    await store.insertPix([id, settings.merchantId, data.reference, cents, txid, qrCodeText, now, now]);
    return {
      code: 201,
      data: { id, currency: "BRL", amount: Number(cents) / 100, reference: data.reference, qrCodeText, qrCodeImage },
    };
  }

  async function status(data: { id: string }) {
    const row = await store.findTransaction(data.id);
    if (!row) return { code: 404, data: { error: { type: "not_found" } } };
    const iso = (value: unknown) => new Date(value as string).toISOString();
    const amount = (Number(row.amountCents) / 100).toFixed(2);
    return {
      code: 200,
      data: {
        id: row.id,
        operation: row.operation,
        reference: row.reference,
        status: row.status,
        amount,
        currency: row.currency,
        created_at: iso(row.createdAt),
        updated_at: iso(row.updatedAt),
      },
    };
  }

  return async (path, body) => {
    const { jwt } = JSON.parse(body) as { jwt: string };
    const { payload } = await jwtVerify(jwt, key, { algorithms: ["HS256"] });
    const result =
      path === "/api/status"
        ? await status(payload.data as { id: string })
        : await pix(payload.data as { reference: string; amount: string });
    const answer = await signToken({
      keyId: settings.keyId,
      secret: settings.secret,
      type: RESPONSE_TOKEN_TYPE,
      lifetimeSeconds: RESPONSE_TOKEN_LIFETIME_SECONDS,
      claims: result,
    });
    return { status: result.code, body: JSON.stringify({ jwt: answer }) };
  };
}
