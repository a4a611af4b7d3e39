// npm run bench:status [-- --seconds N --database sqlite,postgres]   (needs a build: npm run build)
// POST /api/status requests per second and p50/p99 latency at 1, 16 and 64 connections, for the
// gateway as `npm start` serves it and for a bare node:http baseline doing the same work, each on
// a fresh database holding DEPOSITS Pix deposits that the requests ask about in turn.
import { KEY_ID, requireBuild, runBench } from "./harness";
import { pixData } from "./pix-data";

const DEPOSITS = 200;
requireBuild();
const { createPixDeposit } = await import("../lib/deposits/create-pix-deposit");
const { findSigningKey } = await import("../lib/merchants/find-signing-key");

const ids: string[] = [];
await runBench({
  path: "/api/status",
  data: (i) => ({ id: ids[i % ids.length] }),
  seed: async () => {
    const key = await findSigningKey(KEY_ID);
    if (!key) throw new Error("the bench key is missing");
    ids.length = 0;
    for (let i = 0; i < DEPOSITS; i++) {
      ids.push((await createPixDeposit({ merchant: key.merchant, data: pixData(i, "status") })).deposit.id);
    }
  },
});
