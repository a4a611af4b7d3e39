// The failure template (failure.tsx) written as plain HTML: a route handler answers /direct's
// refusals with their status (400, 401, 409, 422), not React, and the page's CSP allows no
// stylesheet but its own nonce'd one. Same words, same layout, light and dark.
import type { Locale, Messages } from "@/lib/i18n/messages";
import type { Failure } from "./failure";

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string);

const style = `:root{color-scheme:light dark;--bg:#fafaf9;--fg:#1c1917;--muted:#44403c;--card:#fff;--line:#d6d3d1;--warn:#fffbeb;--warnfg:#451a03}
@media (prefers-color-scheme:dark){:root{--bg:#0c0a09;--fg:#fafaf9;--muted:#d6d3d1;--card:#1c1917;--line:#44403c;--warn:#451a03;--warnfg:#fef3c7}}
body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.5 ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif}
.w{max-width:28rem;margin:0 auto;padding:.75rem 1rem 1.5rem}header{border-bottom:1px solid var(--line);padding-bottom:.75rem;margin-bottom:1rem}
header p{margin:0}.s{font-size:.875rem;color:var(--muted)}.m{font-size:1.125rem;font-weight:600}
section{background:var(--card);border:1px solid var(--line);border-radius:1rem;padding:1.25rem}h1{font-size:1.5rem;line-height:1.3;margin:0 0 .5rem}
.a{background:var(--warn);color:var(--warnfg);border-radius:.75rem;padding:.75rem 1rem;margin-top:1rem;font-weight:500}.a ul{margin:.25rem 0 0;padding-left:1.25rem}
.b{display:flex;min-height:3.5rem;align-items:center;justify-content:center;margin-top:1.25rem;border-radius:.75rem;background:#0b5d4b;color:#fff;font-size:1.125rem;font-weight:600;text-decoration:none}
.b2{background:var(--card);color:var(--fg);border:2px solid #78716c}details{margin-top:1.25rem;font-size:.875rem;color:var(--muted)}summary{padding:.5rem 0;cursor:pointer}
footer{margin-top:2rem;text-align:center;font-size:.875rem;color:var(--muted)}a{color:inherit}:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}`;

/** nonce: the request's CSP nonce (proxy.ts), the one way its inline style may apply. */
export function renderDirectErrorPage(options: { locale: Locale; t: Messages; nonce: string | null; merchantName: string | null; failure: Failure }): string {
  const { t, failure } = options;
  const header = options.merchantName
    ? `<header><p class="s">${escape(t.payTo)}</p><p class="m" data-testid="merchant-name">${escape(options.merchantName)}</p></header>`
    : "";
  const problems = failure.problems.length
    ? `<div class="a"><p>${escape(t.shopProblems)}</p><ul>${failure.problems.map((p) => `<li>${escape(p)}</li>`).join("")}</ul></div>`
    : "";
  const back = failure.returnUrl
    ? `<a class="b" href="${escape(failure.returnUrl)}">${escape(t.backToShop)}</a>`
    : `<a class="b b2" href="/pay/ajuda${options.locale === "en" ? "?lang=en" : ""}">${escape(t.notFoundBack)}</a>`;
  const code = failure.code
    ? `<details><summary>${escape(t.errorCode)}: <code>${escape(failure.code)}</code></summary>${failure.detail ? `<p>${escape(failure.detail)}</p>` : ""}</details>`
    : "";
  const body = `<div class="w">${header}<main><section aria-labelledby="t"><h1 id="t">${escape(failure.title)}</h1><p>${escape(failure.text)}</p>${problems}${back}${code}</section></main><footer><p>${escape(t.processedBy)} <strong>Cashier</strong></p></footer></div>`;
  const title = options.merchantName ? `${failure.title} · ${options.merchantName}` : failure.title;
  return `<!doctype html><html lang="${options.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escape(title)}</title><style${options.nonce ? ` nonce="${escape(options.nonce)}"` : ""}>${style}</style></head><body>${body}</body></html>`;
}
