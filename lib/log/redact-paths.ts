// Addresses that carry a credential in their path: a hosted payment's token (/pay/{token}…), a
// Gateway In link's signed token (/direct/{keyId}/{token}), a console setup link
// (/console/setup/{token}), a sandbox sign-up's link (/console/signup/{token}) and a password reset
// link (/console/password-reset/{token}). Whatever writes an address or free text that may hold one
// to the log passes it here first; query strings (a webhook's ?secret=, a bank's return) are
// dropped whole.

// Tokens are base64url (a Gateway In token, a JWT, has dots too); /pay/ajuda and
// /pay/retorno/{accountId} carry none.
const TOKEN_SEGMENTS = [
  /(\/pay\/)(?!(?:ajuda|retorno)(?![\w-]))[\w-]+/g,
  /(\/direct\/[^/?#\s"']+\/)[\w.-]+/g,
  /(\/console\/(?:setup|signup|password-reset)\/)[\w-]+/g,
];

/** Free text with every token in an address replaced by {token} and every query string by ?…. */
export function redactPaths(text: string): string {
  return TOKEN_SEGMENTS.reduce((redacted, pattern) => redacted.replace(pattern, "$1{token}"), text).replace(
    /(\/[^\s?"']*)\?[^\s"']+/g,
    "$1?…",
  );
}

/** A request target as the log may show it: its path, tokens replaced, no query, at most 200 characters. */
export function loggablePath(target: string): string {
  return redactPaths(target.split(/[?#]/)[0]).slice(0, 200);
}
