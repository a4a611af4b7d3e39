// npm run bench:pix [-- --seconds N --database sqlite,postgres]   (needs a build: npm run build)
// POST /api/pix requests per second and p50/p99 latency at 1, 16 and 64 connections, for the
// gateway as `npm start` serves it and for a bare node:http baseline doing the same work, each on
// a fresh database. Every request carries its own token and reference, so each one creates a deposit.
import { requireBuild, runBench } from "./harness";
import { pixData } from "./pix-data";

await requireBuild();
// The goals of issue 28 (bench/README.md).
await runBench({
  path: "/api/pix",
  data: pixData,
  goals: { floorRatioAt16: 0.6, p99At16Ms: 100, p99At64Ms: 400, cpuToFloor: 1.6, rssPerWorkerMb: 220 },
});
