// POSTs one signed Pix request to the real route handler, in a process of its own, so a test can
// kill it (SIGKILL) at a chosen moment: the crash the order of writes must survive.
// Usage: node --import tsx create-pix-process.ts KEY_ID SECRET DATA_JSON   (env: the gateway's)
import { POST } from "@/app/api/pix/route";
import { signRequestToken } from "@/lib/envelope/sign-request-token";

const [keyId, secret, data] = process.argv.slice(2);
const jwt = await signRequestToken({ keyId, secret, data: JSON.parse(data) });
process.stdout.write("sending\n");
const response = await POST(
  new Request("http://localhost/api/pix", {
    method: "POST",
    body: JSON.stringify({ jwt }),
    headers: { "content-type": "application/json" },
  }),
);
process.stdout.write(`answered ${response.status}\n`);
process.exit(0);
