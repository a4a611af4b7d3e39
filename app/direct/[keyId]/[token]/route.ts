import { renderDirectErrorPage } from "@/components/pay/direct-error-page";
import { openGatewayIn } from "@/lib/deposits/open-gateway-in";
import { toAppError } from "@/lib/errors/to-app-error";
import { messages, resolveLocale, withLang } from "@/lib/i18n/messages";
import { log } from "@/lib/log/logger";

// GET /direct/{keyId}/{token} - Gateway In: open the hosted cashier for the deposit in the token
export async function GET(request: Request, context: { params: Promise<{ keyId: string; token: string }> }): Promise<Response> {
  const { keyId, token } = await context.params;
  const lang = new URL(request.url).searchParams.get("lang") ?? undefined;
  const locale = resolveLocale(lang, request.headers.get("accept-language"));
  try {
    const { payToken } = await openGatewayIn({ keyId, token });
    return new Response(null, { status: 303, headers: { location: withLang(`/pay/${payToken}`, lang), "cache-control": "no-store" } });
  } catch (error) {
    const known = toAppError(error);
    if (!known) throw error;
    // The data in the token: 422; its reference already used with other data: 409; a malformed
    // token or claims (NUL, lone surrogates, nesting): 400; otherwise (expired, bad signature,
    // unknown key): 401.
    const status = known.code === "validation_failed" ? 422 : known.code === "reference_conflict" ? 409 : known.status === 400 ? 400 : 401;
    log.info("gateway in refused", { keyId, status, error: known.code });
    return new Response(renderDirectErrorPage({ locale, t: messages[locale], nonce: request.headers.get("x-nonce"), isConflict: status === 409, fields: status === 422 ? known.fields : undefined }), {
      status,
      headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" },
    });
  }
}
