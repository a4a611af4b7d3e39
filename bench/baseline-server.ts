// The bare baseline for the HTTP benchmarks: bench/baseline-work.ts served by node:http alone.
// Usage: node --import tsx bench/baseline-server.ts PORT DATABASE_URL KEY_ID SECRET MERCHANT_ID
import http from "node:http";
import { createBaselineWork } from "./baseline-work";

const [port, databaseUrl, keyId, secret, merchantId] = process.argv.slice(2);
const work = createBaselineWork({ databaseUrl, keyId, secret, merchantId });

http
  .createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      work(request.url ?? "", Buffer.concat(chunks).toString()).then(
        (answer) => response.writeHead(answer.status, { "content-type": "application/json" }).end(answer.body),
        // Counted as a non-2xx in the table (a repeated Pix token's reference is taken), not a crash.
        (error: unknown) => response.writeHead(500).end(String(error)),
      );
    });
  })
  .listen(Number(port), "127.0.0.1", () => process.stdout.write("ready\n"));
