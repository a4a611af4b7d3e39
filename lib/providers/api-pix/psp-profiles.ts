// Every PSP speaks the Central Bank's API Pix for charges and refunds, but each guards it its own
// way: where the OAuth client credentials go, the token body's format, the scope it wants, and
// keys it expects on every call. A profile is those defaults for one PSP; each setting the operator
// gives (a `provider add` flag or a PIX_PSP_* variable) overrides its part (api-pix-settings.ts).

export const PSP_PROFILE_NAMES = ["generic", "bb", "inter", "sicoob", "santander", "itau", "efi"] as const;

export type PspProfileName = (typeof PSP_PROFILE_NAMES)[number];

/** basic: client id and secret in an Authorization: Basic header; body: as client_id and client_secret fields. */
export type PspTokenAuth = "basic" | "body";

/** form: application/x-www-form-urlencoded; json: application/json. */
export type PspTokenFormat = "form" | "json";

export type PspProfile = {
  tokenAuth: PspTokenAuth;
  tokenFormat: PspTokenFormat;
  scope: string | null;
  /** The PSP issues a client secret whatever the token authentication (unknown for generic; none at Sicoob). */
  needsSecret: boolean;
  /** On every API Pix call (not the token call). `{clientId}` in a value becomes the client id. */
  headers: Record<string, string>;
  /** One of these query parameters must be configured, or the PSP refuses every call. */
  requiredQuery: { anyOf: string[]; why: string } | null;
};

/** What the API Pix's own scopes are called; most PSPs that want a scope want these. */
const API_PIX_SCOPE = "cob.read cob.write pix.read pix.write webhook.read webhook.write";

export const PSP_PROFILES: Record<PspProfileName, PspProfile> = {
  // RFC 6749's client_secret_basic, as the Central Bank's API Pix specification assumes.
  generic: {
    tokenAuth: "basic",
    tokenFormat: "form",
    scope: null,
    needsSecret: false,
    headers: {},
    requiredQuery: null,
  },
  // Banco do Brasil, developers.bb.com.br "API Pix" (oauth.bb.com.br/oauth/token; the developer application key on every call).
  bb: {
    tokenAuth: "basic",
    tokenFormat: "form",
    scope: API_PIX_SCOPE,
    needsSecret: true,
    headers: {},
    requiredQuery: {
      anyOf: ["gw-dev-app-key", "gw-app-key"],
      why: "Banco do Brasil's application key: gw-dev-app-key=… in homologation, gw-app-key=… in production",
    },
  },
  // Banco Inter, developers.inter.co "API Pix" (POST /oauth/v2/token with the credentials in the form).
  inter: {
    tokenAuth: "body",
    tokenFormat: "form",
    scope: API_PIX_SCOPE,
    needsSecret: true,
    headers: {},
    requiredQuery: null,
  },
  // Sicoob, developers.sicoob.com.br "Pix Recebimentos" (Keycloak realm cooperado: client id and certificate only).
  sicoob: {
    tokenAuth: "body",
    tokenFormat: "form",
    scope: API_PIX_SCOPE,
    needsSecret: false,
    headers: { client_id: "{clientId}" },
    requiredQuery: null,
  },
  // Santander, developer.santander.com.br "Pix" (POST /oauth/token with client_id and client_secret in the form).
  santander: {
    tokenAuth: "body",
    tokenFormat: "form",
    scope: null,
    needsSecret: true,
    headers: {},
    requiredQuery: null,
  },
  // Itaú, devportal.itau.com.br "Pix Recebimentos" (sts.itau.com.br token; x-itau-apikey on every call).
  itau: {
    tokenAuth: "body",
    tokenFormat: "form",
    scope: null,
    needsSecret: true,
    headers: { "x-itau-apikey": "{clientId}" },
    requiredQuery: null,
  },
  // Efí (Gerencianet), dev.efipay.com.br "API Pix: credenciais e autorização" (Basic and a JSON body).
  // x-skip-mtls-checking at webhook registration is the operator's choice (PIX_PSP_WEBHOOK_HEADERS):
  // it tells Efí the webhook is guarded by a secret instead of mTLS.
  efi: { tokenAuth: "basic", tokenFormat: "json", scope: null, needsSecret: true, headers: {}, requiredQuery: null },
};
