import type { Metadata } from "next";
import Link from "next/link";
import { ErrorCodeList } from "@/components/docs/error-code-list";

export const metadata: Metadata = { title: "Errors · Merchant API" };

// GET /docs/errors - every error code under its own anchor: the `type` of each problem links here
export default function DocsErrorsPage() {
  return (
    <main lang="en" className="mx-auto max-w-3xl space-y-4 px-5 py-10">
      <Link href="/docs" className="text-brand-700 underline">
        Merchant API
      </Link>
      <h1 className="text-3xl font-bold">Errors</h1>
      <p>
        A failure of the token itself is an unsigned <code>application/problem+json</code> body (RFC 9457) whose{" "}
        <code>type</code> is <code>/docs/errors#</code> and its <code>code</code>, this page&apos;s entry for it. Once
        the token is accepted, a refusal is a signed answer whose <code>data.error.type</code> is the code.
      </p>
      <p>
        A <code>503</code> is an outage to wait out, not a fault in your request: <code>provider_unavailable</code> when
        the payment provider could not be reached, <code>service_unavailable</code> when the gateway&apos;s own database
        could not (signed when your key was read before it failed, a problem otherwise). Both carry{" "}
        <code>Retry-After</code> in seconds: send the same request again after it, with the same <code>reference</code>,
        and it is done once.
      </p>
      <ErrorCodeList />
    </main>
  );
}
