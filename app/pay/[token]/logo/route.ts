import { findPaymentLogo } from "@/lib/deposits/find-payment-logo";

// /pay/{token}/logo?v={digest} - the merchant's logo from the gateway's own origin: the address
// changes with the image, so a browser keeps it for good; private, as the address holds the token.
export async function GET(_request: Request, context: { params: Promise<{ token: string }> }) {
  const logo = await findPaymentLogo((await context.params).token);
  if (!logo) return new Response(null, { status: 404, headers: { "cache-control": "no-store" } });
  return new Response(logo.bytes, {
    headers: {
      "content-type": logo.contentType,
      "cache-control": "private, max-age=31536000, immutable",
      etag: `"${logo.digest}"`,
    },
  });
}
