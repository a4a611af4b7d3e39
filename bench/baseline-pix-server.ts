// The baseline for bench/pix.ts: a bare node:http server doing the work of POST /api/pix without
// Next.js, Prisma or the envelope wrapper: verify the token (HS256, one key held in memory), build
// the BR Code and its PNG, insert the row with better-sqlite3, sign the answer.
// Usage: node --import tsx bench/baseline-pix-server.ts PORT DB_FILE KEY_ID SECRET MERCHANT_ID
import { randomBytes } from "node:crypto";
import http from "node:http";
import Database from "better-sqlite3";
import { jwtVerify } from "jose";
import { buildStaticBrCode } from "../lib/pix/build-static-br-code";
import { renderQrCode } from "../lib/pix/render-qr-code";
import { signToken } from "../lib/envelope/sign-token";

const [port, file, keyId, secret, merchantId] = process.argv.slice(2);
const db = new Database(file);
db.pragma("journal_mode = WAL");
const insert = db.prepare(
  `INSERT INTO "Transaction" (id, merchantId, operation, reference, status, amountCents, currency, requestHash, pixTxid, pixCode, createdAt, updatedAt)
   VALUES (?, ?, 'pix', ?, 'pending', ?, 'BRL', '', ?, ?, ?, ?)`,
);
const key = new TextEncoder().encode(secret);

http
  .createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", async () => {
      const { jwt } = JSON.parse(Buffer.concat(chunks).toString()) as { jwt: string };
      const { payload } = await jwtVerify(jwt, key, { algorithms: ["HS256"] });
      const data = payload.data as { reference: string; amount: string };
      const cents = BigInt(Math.round(Number(data.amount) * 100));
      const txid = randomBytes(12).toString("hex").toUpperCase();
      const id = `dep_${randomBytes(10).toString("hex")}`;
      const qrCodeText = buildStaticBrCode({ key: "123e4567-e12b-12d1-a456-426655440000", merchantName: "Cashier Sandbox", merchantCity: "Sao Paulo", amountCents: cents, txid });
      const qrCodeImage = renderQrCode(qrCodeText);
      const now = Date.now();
      insert.run(id, merchantId, data.reference, cents, txid, qrCodeText, now, now);
      const answer = await signToken({
        keyId,
        secret,
        type: "cashier-response+jwt",
        claims: { code: 201, data: { id, currency: "BRL", amount: Number(cents) / 100, reference: data.reference, qrCodeText, qrCodeImage } },
      });
      response.writeHead(201, { "content-type": "application/json" }).end(JSON.stringify({ jwt: answer }));
    });
  })
  .listen(Number(port), "127.0.0.1", () => process.stdout.write("ready\n"));
