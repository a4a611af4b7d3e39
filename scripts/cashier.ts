import { existsSync } from "node:fs";
import path from "node:path";
import { loadEnvFiles } from "../lib/config/config";
import { runCli } from "../lib/cli/run-cli";
import { disconnectDb } from "../lib/db/client";
import { setAppRoot } from "../lib/runtime/app-root";
import { appRootOfEntry } from "./runtime-layout";

// The migrations `db migrate` applies are its own folder's wherever it is run from: the runtime
// folder's (bin/cashier.mjs), or the repository's (from source). A copy compiled where there are
// none (the tests') reads the working directory's.
const entryRoot = appRootOfEntry(import.meta.dirname);
if (existsSync(path.join(entryRoot, "prisma"))) setAppRoot(entryRoot);
loadEnvFiles();
const code = await runCli(process.argv.slice(2), {
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
  readStdin: async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString("utf8");
  },
}).catch((error: unknown) => {
  process.stderr.write(`error: ${error instanceof Error ? error.message : String(error)}\n`);
  return 1;
});
await disconnectDb();
process.exit(code);
