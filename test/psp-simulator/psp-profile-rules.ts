// How each PSP the gateway has a profile for guards its token endpoint and its API Pix, as the
// simulator enforces it. Written from the PSPs' documentation on its own, not read from
// lib/providers/api-pix/psp-profiles.ts: a wrong default there must fail the tests, not be
// copied here.
import { timingSafeEqual } from "node:crypto";
import type { IncomingHttpHeaders, IncomingMessage } from "node:http";
import type { PspProfileName } from "../../lib/providers/api-pix/psp-profiles";

export type PspProfileRules = {
  /** Where the client credentials must be: an Authorization: Basic header or the body's fields. */
  tokenAuth: "basic" | "body";
  tokenFormat: "form" | "json";
  /** The exact scopes the token request must ask for (in any order), or null for none. */
  scope: string | null;
  /** False: the PSP issues no secret and refuses one (the client certificate is the proof). */
  hasSecret: boolean;
  /** What every API Pix call must carry, for the client id and the simulator's application key. */
  headers(ids: PspIds): Record<string, string>;
  query(ids: PspIds): Record<string, string>;
};

export type PspIds = { clientId: string; appKey: string };

const apiPixScope = "cob.read cob.write pix.read pix.write webhook.read webhook.write";
const nothing = () => ({});

export const PSP_PROFILE_RULES: Record<PspProfileName, PspProfileRules> = {
  // What the simulator always asked for: RFC 6749 client_secret_basic and a form.
  generic: { tokenAuth: "basic", tokenFormat: "form", scope: null, hasSecret: true, headers: nothing, query: nothing },
  // Banco do Brasil: developers.bb.com.br, API Pix v2 (homologation keys are gw-dev-app-key).
  bb: {
    tokenAuth: "basic",
    tokenFormat: "form",
    scope: apiPixScope,
    hasSecret: true,
    headers: nothing,
    query: ({ appKey }) => ({ "gw-dev-app-key": appKey }),
  },
  // Banco Inter: developers.inter.co, "Obter token oAuth" (client_id, client_secret, scope, grant_type in the form).
  inter: {
    tokenAuth: "body",
    tokenFormat: "form",
    scope: apiPixScope,
    hasSecret: true,
    headers: nothing,
    query: nothing,
  },
  // Sicoob: developers.sicoob.com.br, Pix Recebimentos (Keycloak, client_id only; client_id header on calls).
  sicoob: {
    tokenAuth: "body",
    tokenFormat: "form",
    scope: apiPixScope,
    hasSecret: false,
    headers: ({ clientId }) => ({ client_id: clientId }),
    query: nothing,
  },
  // Santander: developer.santander.com.br, Pix (client_id and client_secret in the form).
  santander: { tokenAuth: "body", tokenFormat: "form", scope: null, hasSecret: true, headers: nothing, query: nothing },
  // Itaú: devportal.itau.com.br, Pix Recebimentos (credentials in the form; x-itau-apikey is the client id).
  itau: {
    tokenAuth: "body",
    tokenFormat: "form",
    scope: null,
    hasSecret: true,
    headers: ({ clientId }) => ({ "x-itau-apikey": clientId }),
    query: nothing,
  },
  // Efí: dev.efipay.com.br, API Pix credentials (Basic, and {"grant_type":"client_credentials"} as JSON).
  efi: { tokenAuth: "basic", tokenFormat: "json", scope: null, hasSecret: true, headers: nothing, query: nothing },
};

const FORM = "application/x-www-form-urlencoded";
const JSON_TYPE = "application/json";

function mediaType(headers: IncomingHttpHeaders): string {
  return (headers["content-type"] ?? "").split(";")[0].trim().toLowerCase();
}

/** The token request's fields, read by its content type; a body that does not parse reads as {}. */
export function readTokenBody(request: IncomingMessage, text: string): Record<string, unknown> {
  if (mediaType(request.headers) !== JSON_TYPE) return Object.fromEntries(new URLSearchParams(text));
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function same(given: string, expected: string): boolean {
  const [a, b] = [Buffer.from(given), Buffer.from(expected)];
  return a.length === b.length && timingSafeEqual(a, b);
}

export type OAuthRefusal = { error: string; error_description: string };

/** Why the token request misses the profile's authentication, as an OAuth error body; null when it is right. */
export function refuseTokenRequest(
  rules: PspProfileRules,
  request: IncomingMessage,
  body: Record<string, unknown>,
  credentials: { clientId: string; clientSecret: string | null },
): OAuthRefusal | null {
  const expectedType = rules.tokenFormat === "json" ? JSON_TYPE : FORM;
  if (mediaType(request.headers) !== expectedType) {
    return { error: "invalid_request", error_description: `the token request must be ${expectedType}` };
  }
  const basic = /^Basic (.+)$/.exec(request.headers.authorization ?? "");
  if (rules.tokenAuth === "basic") {
    if (!basic) return { error: "invalid_client", error_description: "client authentication must be HTTP Basic" };
    if ("client_secret" in body)
      return { error: "invalid_request", error_description: "client_secret must not be in the body" };
    const given = Buffer.from(basic[1], "base64").toString("utf8");
    if (!same(given, `${credentials.clientId}:${credentials.clientSecret ?? ""}`)) {
      return { error: "invalid_client", error_description: "client authentication failed" };
    }
  } else {
    if (request.headers.authorization !== undefined) {
      return {
        error: "invalid_client",
        error_description: "the client credentials belong in the body, not in an Authorization header",
      };
    }
    if (typeof body.client_id !== "string" || !same(body.client_id, credentials.clientId)) {
      return { error: "invalid_client", error_description: "client authentication failed" };
    }
    if (!rules.hasSecret && "client_secret" in body) {
      return {
        error: "invalid_client",
        error_description: "this client has no secret: it authenticates with its certificate",
      };
    }
    if (
      rules.hasSecret &&
      (typeof body.client_secret !== "string" || !same(body.client_secret, credentials.clientSecret ?? ""))
    ) {
      return { error: "invalid_client", error_description: "client authentication failed" };
    }
  }
  const asked = typeof body.scope === "string" ? body.scope.split(" ").filter(Boolean).sort().join(" ") : null;
  const wanted = rules.scope?.split(" ").sort().join(" ") ?? null;
  if (asked !== wanted) {
    return {
      error: "invalid_scope",
      error_description: wanted ? `the scope must be "${rules.scope}"` : "this client takes no scope",
    };
  }
  return null;
}

/** What an API Pix call misses of the profile's headers and query parameters; null when nothing. */
export function refuseApiCall(
  rules: PspProfileRules,
  request: IncomingMessage,
  query: Record<string, string>,
  ids: PspIds,
): string | null {
  for (const [name, value] of Object.entries(rules.headers(ids))) {
    const given = request.headers[name];
    if (typeof given !== "string" || !same(given, value)) return `o cabeçalho ${name} está ausente ou é inválido.`;
  }
  for (const [name, value] of Object.entries(rules.query(ids))) {
    if (query[name] === undefined || !same(query[name], value))
      return `o parâmetro ${name} está ausente ou é inválido.`;
  }
  return null;
}
