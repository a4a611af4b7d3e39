// npm run clients:types: writes the clients' types from the decoded OpenAPI document
// (scripts/client-types.ts), after a change to an operation's schemas.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { generateClientTypes } from "./client-types";

for (const [file, content] of Object.entries(await generateClientTypes())) {
  writeFileSync(file, content);
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
}
