// The page a customer sees when a Gateway In link cannot be opened: plain HTML with its own small
// stylesheet, because a route handler answers it with its status (401 or 422), not React.
import type { FieldError } from "@/lib/errors/app-error";
import type { Locale, Messages } from "@/lib/i18n/messages";

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string);

const style = `body{margin:0;background:#fafaf9;color:#1c1917;font:16px/1.5 ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif}
main{max-width:28rem;margin:0 auto;padding:2.5rem 1rem}h1{font-size:1.5rem;line-height:1.3;margin:0 0 .5rem}
p{color:#44403c;margin:.5rem 0}ul{padding-left:1.25rem}li{margin:.5rem 0}small{display:block;color:#57534e;font-size:.875rem}`;

/** nonce: the request's CSP nonce (proxy.ts), the one way its inline style may apply. */
export function renderDirectErrorPage(options: { locale: Locale; t: Messages; nonce: string | null; isConflict?: boolean; fields?: FieldError[] }): string {
  const { t } = options;
  const list = options.fields?.length
    ? `<p>${escape(t.directInvalidText)}</p><ul>${options.fields
        .map((f) => `<li><strong>${escape(t.fieldNames[f.path] ?? f.path)}</strong><small>${escape(f.path)}: ${escape(f.message)}</small></li>`)
        .join("")}</ul>`
    : `<p>${escape(options.isConflict ? t.directConflictText : t.directTokenText)}</p>`;
  return `<!doctype html><html lang="${options.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escape(t.directErrorTitle)}</title><style${options.nonce ? ` nonce="${escape(options.nonce)}"` : ""}>${style}</style></head><body><main><h1>${escape(t.directErrorTitle)}</h1>${list}</main></body></html>`;
}
