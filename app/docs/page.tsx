import type { Metadata } from "next";
import Link from "next/link";
import { ErrorCodeList } from "@/components/docs/error-code-list";
import { CALLBACK_TOKEN_LIFETIME_SECONDS } from "@/lib/envelope/token-types";
import { getOpenApiDocument } from "@/lib/openapi/build-openapi-document";
import { codeSamples } from "@/lib/openapi/code-samples";
import { type FieldRow, schemaExamples, schemaFields } from "@/lib/openapi/schema-fields";
import { securityHeaders } from "@/lib/security/security-headers";

export const metadata: Metadata = { title: "Merchant API" };

const codeBlock = "overflow-x-auto rounded-lg bg-stone-900 p-4 font-mono text-sm text-stone-100";

function FieldTable({ caption, rows }: { caption: string; rows: FieldRow[] }) {
  return (
    // Focusable and named, so a keyboard can scroll it too (axe: scrollable-region-focusable).
    <div role="region" aria-label={caption} tabIndex={0} className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="text-left font-semibold">{caption}</caption>
        <thead>
          <tr className="border-b border-stone-300">
            <th className="py-1 pr-3">Field</th>
            <th className="py-1 pr-3">Type</th>
            <th className="py-1 pr-3">Description</th>
            <th className="py-1">Example</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.name} className="border-b border-stone-100 align-top">
              <td className="py-1 pr-3 font-mono break-all">
                {row.name}
                {row.isRequired && <span className="text-stone-500"> (required)</span>}
              </td>
              <td className="py-1 pr-3 font-mono break-all">{row.type}</td>
              <td className="py-1 pr-3">{row.description}</td>
              <td className="py-1 font-mono break-all">{row.example}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function DocsPage() {
  const document = getOpenApiDocument();
  // Stated from the module that sets them (proxy.ts), so the page cannot name another value.
  const headers = securityHeaders({ kind: "api", nonce: "", isProduction: false });
  return (
    <main lang="en" className="mx-auto max-w-3xl px-5 py-10">
      <Link href="/" className="text-brand-700 underline">
        Cashier
      </Link>
      <h1 className="mt-2 text-3xl font-bold">Merchant API</h1>

      <section className="mt-8 space-y-3">
        <h2 className="text-xl font-bold">Signing a request</h2>
        <p>
          Every request body is <code>{'{"jwt": "<compact JWS>"}'}</code> (or the bare token with{" "}
          <code>Content-Type: application/jwt</code>), at most 64 KiB. Sign with HS256 using your key&apos;s secret and
          put its keyId in the <code>kid</code> header. Claims:
        </p>
        <ul className="list-disc space-y-1 pl-6">
          <li>
            <code>iat</code> and <code>exp</code>: required, seconds since the epoch; <code>exp - iat</code> at most 300
            s; clocks may differ by 30 s.
          </li>
          <li>
            <code>data</code>: an object with the operation&apos;s fields.
          </li>
          <li>
            <code>jti</code> (optional): used once; a replay is refused with 409.
          </li>
          <li>
            <code>iss</code> (optional): your merchant id. <code>aud</code> (optional): <code>cashier</code>.
          </li>
        </ul>
        <p>
          The answer is <code>{'{"jwt": …}'}</code> signed with the same key (header <code>typ</code>{" "}
          <code>cashier-response+jwt</code>), with claims <code>iat</code>, <code>exp</code>, <code>code</code> and{" "}
          <code>data</code>. The HTTP status equals <code>code</code>: 201 on create, 200 on a replay or a query.
        </p>
        <p>
          A data field the operation does not have is ignored, not refused, so a client written for another version
          keeps working; the answer&apos;s <code>warnings</code> (strings, in a refusal&apos;s data too) name it:{" "}
          <code>unknown field &quot;colour&quot; was ignored</code>. A whole amount of 1000 or more is taken as reais,
          with a warning saying so.
        </p>
      </section>

      <section className="mt-8 space-y-3">
        <h2 className="text-xl font-bold">Examples</h2>
        <p>
          Each signs a request, verifies the signed answer and verifies a callback, reading <code>CASHIER_URL</code>,{" "}
          <code>CASHIER_KEY_ID</code> and <code>CASHIER_SECRET</code> from the environment.
        </p>
        {codeSamples.map((sample) => (
          <div key={sample.language}>
            <h3 className="font-semibold">{sample.title}</h3>
            <pre tabIndex={0} className={codeBlock}>
              {sample.code}
            </pre>
          </div>
        ))}
      </section>

      <section className="mt-8 space-y-3">
        <h2 className="text-xl font-bold">Operations</h2>
        <p>
          The field tables below are generated from the{" "}
          <a href="/openapi.json" className="text-brand-700 underline">
            OpenAPI 3.1 document
          </a>
          , itself built from the schemas each operation checks its request with and writes its answer by. Request
          fields are the token&apos;s <code>data</code>; answer fields are the answer&apos;s <code>data</code>.
        </p>
        <p>
          <code>/openapi.json</code> describes the wire: every body is <code>{'{"jwt": …}'}</code>, and{" "}
          <code>x-data</code> beside it names the schema of the token&apos;s <code>data</code>. Code generators and
          validators ignore <code>x-data</code>, so the same operations are also served as a decoded companion,{" "}
          <a href="/openapi.decoded.json" className="text-brand-700 underline">
            <code>/openapi.decoded.json</code>
          </a>
          , where each request body, answer, callback and Gateway In token is its <code>data</code> itself:{" "}
          <code>npx openapi-typescript {"<gateway>"}/openapi.decoded.json -o cashier.d.ts</code> gives a type for each.
          What travels is still the signed token: sign that <code>data</code> into a request and read it out of the
          answer as above.
        </p>
        {Object.entries(document.paths).map(([path, item]) => {
          if (!("post" in item)) {
            const [, token] = item.get.parameters;
            return (
              <article key={path} id={item.get.operationId} className="space-y-2 border-t border-stone-200 pt-4">
                <h3 className="font-mono font-bold">GET {path}</h3>
                <p>
                  {item.get.summary}. {item.get.description} The token&apos;s <code>data</code> (
                  <code>GatewayInData</code>):
                </p>
                <FieldTable caption="Token data" rows={schemaFields(document, token["x-data"])} />
                {schemaExamples(document, token["x-data"]).map((example) => (
                  <pre key={example} tabIndex={0} className={codeBlock}>
                    {example}
                  </pre>
                ))}
              </article>
            );
          }
          const { post } = item;
          const success = post.responses["201"] ?? post.responses["200"];
          return (
            <article key={path} id={post.operationId} className="space-y-2 border-t border-stone-200 pt-4">
              <h3 className="font-mono font-bold">POST {path}</h3>
              <p>
                {post.summary}. {post.description}
              </p>
              <FieldTable caption="Request data" rows={schemaFields(document, post.requestBody["x-data"])} />
              {schemaExamples(document, post.requestBody["x-data"]).map((example) => (
                <pre key={example} tabIndex={0} className={codeBlock}>
                  {example}
                </pre>
              ))}
              <FieldTable
                caption={`Answer data (${post.responses["201"] ? "201, or 200 on a replay" : "200"})`}
                rows={schemaFields(document, success["x-data"])}
              />
            </article>
          );
        })}
        <ul className="list-disc space-y-1 pl-6">
          <li>
            <code>GET /api/health</code>: 200 when the database answers, 503 when it does not.
          </li>
        </ul>
      </section>

      <section className="mt-8 space-y-3">
        <h2 className="text-xl font-bold">Callbacks</h2>
        <p>
          Each is a POST of <code>{'{"jwt": …}'}</code> to your callback URL, signed with your key (header{" "}
          <code>typ</code> <code>cashier-callback+jwt</code>); its <code>data</code> claim has these fields. Answer 2xx;
          anything else is retried with the same event_id.
        </p>
        <p>
          Verify it when it arrives, or later from a queue: its <code>exp</code> is{" "}
          {CALLBACK_TOKEN_LIFETIME_SECONDS / 3600} h after <code>iat</code>. Act once per <code>data.event_id</code>:
          each retry is a new token (a new <code>iat</code> and a <code>jti</code> of its own) carrying the same
          event_id. To refuse a token seen before, keep its <code>jti</code> for as long as it lives.
        </p>
        <p>
          Your callback URL is yours to set, no operator needed: a merchant admin sets it in the console (
          <code>/console/settings</code>, with your redirect origins); on a gateway you run yourself,{" "}
          <code>npm run -s cashier -- merchant update MERCHANT_ID --callback-url URL</code>.{" "}
          <code>POST /api/callbacks/test</code> sends one to it at once (sandbox keys).
        </p>
        {Object.entries(document.webhooks).map(([type, { post }]) => (
          <FieldTable key={type} caption={type} rows={schemaFields(document, post.requestBody["x-data"])} />
        ))}
      </section>

      <section className="mt-8 space-y-3">
        <h2 className="text-xl font-bold">Errors</h2>
        <p>
          A failure of the token itself is an unsigned <code>application/problem+json</code> body (RFC 9457) with{" "}
          <code>type</code>, <code>title</code>, <code>status</code>, <code>detail</code> and <code>code</code>. Once
          the token is accepted, a refusal is a signed answer whose <code>data.error</code> holds <code>type</code>,{" "}
          <code>title</code>, <code>detail</code> and, for invalid data, <code>fields</code> (
          <code>{"[{ path, message }]"}</code>).
        </p>
        <p>
          Too many requests answer <code>429</code> with <code>Retry-After</code> (seconds): unsigned while no key is
          trusted, signed (<code>data.error.type: rate_limited</code>) once it is. Failed tokens are limited per client
          address and per key id (a key&apos;s valid signatures are never refused for failures in its name), verified
          requests per key, hosted pages per address; the defaults are far above honest traffic. A request must arrive
          whole within 10 s.
        </p>
        <p>
          Every answer carries <code>X-Frame-Options: {headers["x-frame-options"]}</code>,{" "}
          <code>X-Content-Type-Options: {headers["x-content-type-options"]}</code>,{" "}
          <code>Referrer-Policy: {headers["referrer-policy"]}</code> (no referrer leaves the gateway: hosted addresses
          carry the payment&apos;s token) and a Content-Security-Policy (<code>default-src &apos;none&apos;</code> for
          the API); hosted pages cannot be framed. Redirect URLs must be absolute https URLs with a host, without
          control characters or spaces; the normalised URL is what the customer is sent to.
        </p>
        <p>
          Every code, its HTTP status and title, each also at{" "}
          <a href="/docs/errors" className="text-brand-700 underline">
            /docs/errors
          </a>{" "}
          under its own anchor, where a problem&apos;s <code>type</code> links:
        </p>
        <ErrorCodeList />
      </section>
    </main>
  );
}
