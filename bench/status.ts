// npm run bench:status [-- --seconds N --database sqlite,postgres]   (needs a build: npm run build)
// POST /api/status requests per second and p50/p99 latency at 1, 16 and 64 connections, for the
// gateway as `npm start` serves it, the Next.js floor and a bare node:http baseline doing the same
// work, each on a fresh database holding Pix deposits that the requests ask about in turn.
import { requireBuild, runBench } from "./harness";
import { statusRequests } from "./status-data";

await requireBuild();
await runBench({
  path: "/api/status",
  ...statusRequests(),
  // The goals of issue 28 (bench/README.md).
  goals: { floorRatioAt16: 0.6, p99At16Ms: 50, rssPerWorkerMb: 220 },
});
