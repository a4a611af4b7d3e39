import { readFavicon } from "@/lib/http/favicon";

// GET /favicon.ico - what browsers ask for by themselves: the gateway's mark, with the headers
// every answer carries (an image's policy: nothing in it may load or run), instead of a 404 page
export async function GET(): Promise<Response> {
  return new Response(await readFavicon(), {
    headers: { "content-type": "image/svg+xml", "cache-control": "public, max-age=86400" },
  });
}
