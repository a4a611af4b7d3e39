// npm run sign -- '<json data>' [--key-id ID --secret=SECRET] [--lifetime SECONDS]
// (--secret=: a secret may start with a dash, which parseArgs would take for an option)
// Prints a request token for the demo merchant (or the given key), to try the API with curl.
import { parseArgs } from "node:util";
import { signRequestToken } from "../lib/envelope/sign-request-token";
import { fail, findToolKey, keyOptions } from "./tool-key";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    ...keyOptions,
    lifetime: { type: "string" },
    jti: { type: "string" },
  },
});
if (positionals.length !== 1) fail(`usage: npm run sign -- '<json data>' [--key-id ID --secret=SECRET]`);
let data: unknown;
try {
  data = JSON.parse(positionals[0]);
} catch {
  fail(`not JSON: ${positionals[0]}`);
}

const { keyId, secret } = await findToolKey(values);
process.stdout.write(
  `${await signRequestToken({ keyId, secret, data, lifetimeSeconds: values.lifetime ? Number(values.lifetime) : 60, jti: values.jti })}\n`,
);
