import type { ReactElement } from "react";
import type { Locale } from "@/lib/i18n/messages";
import { hostedAssets } from "./hosted-assets";

export type HostedDocument = {
  locale: Locale;
  /** The tab's title: what is paid to whom ("R$ 149,90 · Loja Demo"), or the failure. */
  title: string;
  /** The request's CSP nonce (proxy.ts): the one way the inline stylesheet and script may apply. */
  nonce: string | null;
  body: ReactElement;
  /** Pages with nothing to enhance (failures, help) go without the script, and /direct's policy allows none. */
  withScript?: boolean;
};

/**
 * A hosted page as a whole HTML document: React renders it on the server and nothing of React
 * reaches the phone. The stylesheet and the one small script (hosted-client.ts) are inlined, so
 * the page is a single response.
 */
export async function renderHostedPage(page: HostedDocument): Promise<string> {
  // Imported when called: Next.js refuses a static import of react-dom/server in the app
  // directory, to steer pages to Server Components, which ship React's runtime to the client.
  const { renderToStaticMarkup } = await import("react-dom/server");
  const { css, js } = hostedAssets();
  const nonce = page.nonce ?? undefined;
  return `<!doctype html>${renderToStaticMarkup(
    <html lang={page.locale}>
      {/* eslint-disable-next-line @next/next/no-head-element -- a whole document rendered to a string, not a Next.js page: next/head has nothing to manage here */}
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b5d4b" />
        <meta name="robots" content="noindex, nofollow" />
        <title>{page.title}</title>
        <link rel="icon" href="/icon.svg" type="image/svg+xml" />
        <style nonce={nonce} dangerouslySetInnerHTML={{ __html: css }} />
      </head>
      <body className="min-h-screen bg-stone-50 font-sans text-stone-900 antialiased dark:bg-stone-950">
        {page.body}
        {page.withScript !== false && <script nonce={nonce} dangerouslySetInnerHTML={{ __html: js }} />}
      </body>
    </html>,
  )}`;
}
