// A Gateway In link that cannot be opened (expired, data refused, reference reused) still names
// its shop: the key in the address says whose it is, and a token the merchant signed carries the
// return_url. The customer gets the shop's name and, when the URL is the merchant's own, a way back;
// a sandbox merchant's page says it is a test.
import { decodeJwt } from "jose";
import { getConfig } from "../config/config";
import { verifyRequestToken } from "../envelope/verify-request-token";
import { findSigningKey } from "../merchants/find-signing-key";
import { parseRedirectUrl, redirectUrlProblem } from "../transactions/check-redirect-url";

export type GatewayInShop = { merchantName: string | null; returnUrl: string | null; isSandbox: boolean };

export async function findGatewayInShop(options: { keyId: string; token: string }): Promise<GatewayInShop> {
  const key = await findSigningKey(options.keyId).catch(() => null);
  if (!key) return { merchantName: null, returnUrl: null, isSandbox: false };
  const merchantName = key.merchant.name;
  const isSandbox = key.merchant.mode === "sandbox";
  try {
    // The signature is checked as of the token's own issue time: an expired link still proves
    // the merchant sent it; a forged or foreign one gives no URL.
    const issuedAt = decodeJwt(options.token).iat;
    if (typeof issuedAt !== "number") return { merchantName, returnUrl: null, isSandbox };
    const { data } = await verifyRequestToken(options.token, {
      findKey: async (kid) => (kid === key.keyId ? key : null),
      claimJti: async () => true,
      audience: getConfig().jwtAudience,
      now: new Date(issuedAt * 1000),
    });
    const url = typeof data.return_url === "string" ? data.return_url : null;
    const isAllowed =
      url !== null &&
      redirectUrlProblem(url, {
        allowedOrigins: key.merchant.redirectOrigins,
        isProduction: getConfig().isProduction,
      }) === null;
    return { merchantName, returnUrl: isAllowed ? (parseRedirectUrl(url)?.href ?? null) : null, isSandbox };
  } catch {
    return { merchantName, returnUrl: null, isSandbox };
  }
}
