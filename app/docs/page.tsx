import type { Metadata } from "next";
import Link from "next/link";
import { errorCodes } from "@/lib/errors/app-error";

export const metadata: Metadata = { title: "Merchant API" };

const codeBlock = "overflow-x-auto rounded-lg bg-stone-900 p-4 font-mono text-sm text-stone-100";

export default function DocsPage() {
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
          <code>Content-Type: application/jwt</code>), at most 64 KiB. Sign with HS256 using your key&apos;s
          secret and put its keyId in the <code>kid</code> header. Claims:
        </p>
        <ul className="list-disc space-y-1 pl-6">
          <li>
            <code>iat</code> and <code>exp</code>: required, seconds since the epoch; <code>exp - iat</code> at most
            300 s; clocks may differ by 30 s.
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
        <pre className={codeBlock}>{`import { SignJWT } from "jose";
const jwt = await new SignJWT({ data: { id: "dep_…" } })
  .setProtectedHeader({ alg: "HS256", kid: KEY_ID })
  .setIssuedAt()
  .setExpirationTime("60s")
  .sign(new TextEncoder().encode(SECRET));
await fetch(BASE_URL + "/api/status", {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ jwt }),
});`}</pre>
        <p>
          The answer is <code>{'{"jwt": …}'}</code> signed with the same key (header <code>typ</code>{" "}
          <code>cashier-response+jwt</code>), with claims <code>iat</code>, <code>exp</code>, <code>code</code> and{" "}
          <code>data</code>. The HTTP status equals <code>code</code>: 201 on create, 200 on a replay or a query.
        </p>
      </section>

      <section className="mt-8 space-y-3">
        <h2 className="text-xl font-bold">Operations</h2>
        <ul className="list-disc space-y-1 pl-6">
          <li>
            <code>POST /api/status</code>: data <code>{"{ id }"}</code>, <code>{"{ transfer_id }"}</code> or{" "}
            <code>{"{ reference }"}</code>; answers id, operation, reference, status, amount (<code>&quot;10.50&quot;</code>),
            currency, created_at, updated_at. A refund id (<code>rfd_…</code>) answers operation refund, its deposit_id
            and the deposit&apos;s reference, with reason_code and reason when it failed.
          </li>
          <li>
            <code>POST /api/pix</code>: data name, email, cpf, amount (<code>&quot;10,50&quot;</code>,{" "}
            <code>&quot;10.50&quot;</code> or <code>10.5</code>), currency (BRL), reference, merchant_user, country (BR),
            buyer_ip, phone and brand (optional); answers 201 with id, currency, amount (a number), reference,
            qrCodeText (the BR Code) and qrCodeImage (a PNG data URI). The same reference with the same data answers
            200 with the original answer; with other data 409.
          </li>
          <li>
            <code>POST /api/payment-initiation</code>: Pix on-page&apos;s data plus successRedirectUrl and
            failedRedirectUrl (absolute https with a host, no control characters or spaces, within your registered
            origins; in production register them first). The normalised URL is stored and used. Answers 201 with id, currency, amount
            (<code>&quot;10,50&quot;</code>), reference and paymentInitiationUrl, where the customer pays from a bank
            account and returns to one of your URLs; deposit.paid or deposit.failed follows.
          </li>
          <li>
            <code>GET /direct/{"{keyId}"}/{"{token}"}</code>: send the customer here with a token signed as above whose
            data has name, email and cpf (required and valid), currency, reference, merchant_user, country, and
            optionally amount, paymentMethod (no nubank), return_url (https, within your origins), brand, phone. The
            deposit is created once per reference; deposit.paid follows the payment.
          </li>
          <li>
            <code>POST /api/gateway-out</code>: data name, email, cpf, paymentMethod (pix, banco-do-brasil, bradesco,
            caixa, nubank, santander), amount, currency, reference, merchant_user, country, buyer_ip, phone; for pix
            a pix_key equal to cpf, otherwise branch, account (with its check digit, as the customer&apos;s bank prints it: leading zeros,
            dash and dots optional) and account_type (C or S). Answers
            201 with transfer_id; 422 insufficient_funds when the available balance is short. The callbacks
            gateway_out.completed and gateway_out.canceled follow the operator&apos;s marking.
          </li>
          <li>
            <code>POST /api/refund</code>: data id or reference (exactly one: your paid deposit), amount (optional,
            as above; absent means all that is left to refund) and reason (optional, at most 140 characters, shown to
            the payer by their bank). Refunds of one deposit add up to its paid amount at most; pending and completed
            ones count, failed ones do not; more is a 422 on amount saying how much is left. The amount is held from
            your available funds until the outcome (422 insufficient_funds when they are short); a deposit that is not
            paid is a 409. Answers 201 with id (<code>rfd_…</code>), deposit_id, amount (<code>&quot;10.50&quot;</code>),
            currency and status pending; then refund.completed (the funds debited) or refund.failed (the funds
            back, with reason_code and reason) with id, deposit_id, reference, amount, currency and status. The same
            request again (same deposit, amount and reason) answers 200 with the same refund: to refund the same
            amount twice, give each a different reason. Sandbox refunds complete at once.
          </li>
          <li>
            <code>POST /api/sandbox/simulate</code> (sandbox keys only, 403 sandbox_only for live keys): data id and
            outcome (paid, failed or expired for a deposit; completed or canceled for a payout). Without outcome the
            amount decides: a deposit of x,01 fails, x,02 expires, others are paid; a payout of y,01 is canceled,
            others complete. Answers 200 with id or transfer_id, mode, status and event_id; the callback follows.
          </li>
          <li>
            <code>POST /api/callbacks/test</code> (sandbox keys only): sends a signed callback of type test to your
            callback URL now and answers 200 with event_id, url, sent_at, http_status, latency_ms, body_excerpt,
            error and delivered.
          </li>
          <li>
            <code>GET /api/health</code>: 200 when the database answers, 503 when it does not.
          </li>
        </ul>
      </section>

      <section className="mt-8 space-y-3">
        <h2 className="text-xl font-bold">Errors</h2>
        <p>
          A failure of the token itself is an unsigned <code>application/problem+json</code> body (RFC 9457) with{" "}
          <code>type</code>, <code>title</code>, <code>status</code>, <code>detail</code> and <code>code</code>. Once the
          token is accepted, a refusal is a signed answer whose <code>data.error</code> holds <code>type</code>,{" "}
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
          Every answer carries <code>X-Frame-Options: DENY</code>, <code>X-Content-Type-Options: nosniff</code>,{" "}
          <code>Referrer-Policy: no-referrer</code> and a Content-Security-Policy (<code>default-src &apos;none&apos;</code>{" "}
          for the API); hosted pages cannot be framed. Redirect URLs must be absolute https URLs with a host, without
          control characters or spaces; the normalised URL is what the customer is sent to.
        </p>
        <dl className="divide-y divide-stone-200 border-y border-stone-200">
          {Object.entries(errorCodes).map(([code, { status, title }]) => (
            <div key={code} id={code} className="flex flex-wrap items-baseline gap-x-3 py-2">
              <dt className="font-mono text-sm break-all">{code}</dt>
              <dd className="text-sm font-semibold text-stone-600">HTTP {status}</dd>
              <dd className="w-full text-sm text-stone-700">{title}</dd>
            </div>
          ))}
        </dl>
      </section>
    </main>
  );
}
