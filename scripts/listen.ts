// npm run listen -- [URL] [--key-id ID --secret=SECRET]
// npm run listen -- --forward-to URL [--gateway URL] [--key-id ID --secret=SECRET] [--state FILE]
// A callback receiver for a developer's machine, what a merchant's endpoint does in a few lines:
// it listens at URL (http://127.0.0.1:4000/callbacks unless told), verifies each callback with the
// demo merchant's key (or the given one) as docs/api.md says (HS256 signature, typ
// cashier-callback+jwt, exp), prints the verified event on one line and answers 204. What it cannot
// verify gets a 401 and a line saying why. It never sets the callback URL: that stays the
// merchant's step, which it prints.
// With --forward-to it is the other half instead: it follows a gateway's events for the key
// (hosted, or this machine's npm start) and brings each to URL (scripts/forward-events.ts).
import http from "node:http";
import path from "node:path";
import { parseArgs } from "node:util";
import { errors, jwtVerify } from "jose";
import { LOCAL_RECEIVER_URL, describeCallbackUrlCommand } from "../lib/callbacks/describe-callback-url-setting";
import { CALLBACK_TOKEN_TYPE } from "../lib/envelope/token-types";
import { forwardEvents } from "./forward-events";
import { fail, findToolKey, keyOptions } from "./tool-key";

// A callback is a few hundred bytes; anything this large is not one.
const MAX_BODY_BYTES = 64 * 1024;

const USAGE = [
  "usage: npm run listen -- [URL] [--key-id ID --secret=SECRET]",
  "       npm run listen -- --forward-to URL [--gateway URL] [--key-id ID --secret=SECRET] [--state FILE]",
].join("\n");
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    ...keyOptions,
    "forward-to": { type: "string" },
    gateway: { type: "string" },
    state: { type: "string" },
  },
});
if (positionals.length > 1 || (values["forward-to"] && positionals.length > 0)) fail(USAGE);
if (!values["forward-to"] && (values.gateway || values.state))
  fail(`--gateway and --state go with --forward-to\n${USAGE}`);

function readUrl(address: string, what: string): URL {
  try {
    const url = new URL(address);
    if (url.protocol === "http:" || url.protocol === "https:") return url;
  } catch {
    // said below
  }
  fail(`${what}: ${address} is not an http or https URL (for example ${LOCAL_RECEIVER_URL})`);
}

const key = await findToolKey(values);

if (values["forward-to"]) {
  const target = readUrl(values["forward-to"], "--forward-to");
  // The URL is shown among the event's attempts, to everyone who reads them.
  if (target.username || target.password) fail("--forward-to: give a URL without a user name or password");
  const forwardTo = target.href;
  const gateway = readUrl(values.gateway ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`, "--gateway").origin;
  const stopping = new AbortController();
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => stopping.abort());
  await forwardEvents(
    {
      gateway,
      forwardTo,
      key,
      stateFile:
        values.state ?? path.join("data", `forward-${new URL(gateway).host.replace(/\W/g, "_")}-${key.keyId}.json`),
    },
    stopping.signal,
  );
  process.exit(0);
}

const address = positionals[0] ?? LOCAL_RECEIVER_URL;
const url = readUrl(address, "URL");
if (url.protocol !== "http:" || !url.port)
  fail(`${address}: give an http URL with a port, such as ${LOCAL_RECEIVER_URL}`);
const secret = new TextEncoder().encode(key.secret);

/** Why the body is not a callback signed with the key, or its event. */
async function verify(body: string): Promise<{ event: Record<string, unknown> } | { problem: string }> {
  let jwt: unknown;
  try {
    jwt = (JSON.parse(body) as { jwt?: unknown }).jwt;
  } catch {
    return { problem: 'the body is not JSON; a callback is {"jwt": "…"}' };
  }
  if (typeof jwt !== "string") return { problem: 'no "jwt" in the body; a callback is {"jwt": "…"}' };
  try {
    const { payload, protectedHeader } = await jwtVerify(jwt, secret, {
      algorithms: ["HS256"],
      typ: CALLBACK_TOKEN_TYPE,
    });
    if (protectedHeader.kid !== key.keyId) return { problem: `signed as key ${protectedHeader.kid}, not ${key.keyId}` };
    return { event: payload.data as Record<string, unknown> };
  } catch (error) {
    if (error instanceof errors.JOSEError) return { problem: `${error.code}: ${error.message}` };
    throw error;
  }
}

const server = http.createServer((request, response) => {
  if (request.method !== "POST" || new URL(request.url ?? "/", url).pathname !== url.pathname) {
    response.writeHead(request.method === "POST" ? 404 : 405).end();
    return;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  request.on("data", (chunk: Buffer) => {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) request.destroy();
    else chunks.push(chunk);
  });
  request.on("end", async () => {
    const outcome = await verify(Buffer.concat(chunks).toString("utf8"));
    if ("problem" in outcome) {
      console.log(`refused: ${outcome.problem}`);
      response.writeHead(401, { "content-type": "text/plain" }).end(`${outcome.problem}\n`);
      return;
    }
    console.log(`verified ${String(outcome.event.type)} ${JSON.stringify(outcome.event)}`);
    response.writeHead(204).end();
  });
});

server.on("error", (error: NodeJS.ErrnoException) =>
  fail(`cannot listen at ${url.href}: ${error.code ?? error.message}`),
);
server.listen(Number(url.port), url.hostname.replace(/^\[|\]$/g, ""), () => {
  console.log(`listening on ${url.href}, verifying callbacks signed with ${key.keyId}`);
  console.log(`send callbacks here: ${describeCallbackUrlCommand(key.merchantId ?? "MERCHANT_ID", url.href)}`);
});
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  });
