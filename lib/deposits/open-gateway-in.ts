// Gateway In (GET /direct/{keyId}/{token}): the merchant sends the customer here with the deposit
// in a signed token. Opening it creates the deposit once (idempotent on reference), so reloading
// or opening it twice leads to the same hosted payment.
import { getConfig } from "../config/config";
import { insertDeposit } from "../db/transactions";
import { AppError } from "../errors/app-error";
import { verifyRequestToken } from "../envelope/verify-request-token";
import { newId } from "../ids/new-id";
import { findSigningKey } from "../merchants/find-signing-key";
import { recordKeyUse } from "../merchants/record-key-use";
import { capabilityOf, providerForRail } from "../providers/registry";
import { checkRedirectUrls } from "../transactions/check-redirect-url";
import { createOnce } from "../db/create-once";
import { hashRequest } from "../transactions/hash-request";
import { requestColumns } from "../transactions/request-schemas";
import { issuePayToken, payTokenOf } from "./pay-tokens";
import { createGatewayInSchema } from "./schemas";

let schema: ReturnType<typeof createGatewayInSchema> | undefined;

/** Returns the hosted payment's token. Throws AppError: token failures (401) or invalid data (422). */
export async function openGatewayIn(options: { keyId: string; token: string }): Promise<{ payToken: string }> {
  const config = getConfig();
  const verified = await verifyRequestToken(options.token, {
    findKey: findSigningKey,
    // A page is reloaded, and a customer may open the link twice: a jti is not single-use here.
    // The reference keeps it to one deposit.
    claimJti: async () => true,
    audience: config.jwtAudience,
    now: new Date(),
  });
  if (verified.key.keyId !== options.keyId) {
    throw new AppError(
      "key_unknown",
      `the address names key ${options.keyId} but the token was signed with ${verified.key.keyId}`,
    );
  }
  void recordKeyUse(verified.key.keyId);
  const merchant = verified.key.merchant;
  schema ??= createGatewayInSchema({ maxAmountCents: config.maxAmountCents });
  const request = schema.parse(verified.data);
  // A bank the shop sent is approved at that bank through the merchant's Open Finance initiator;
  // Pix, or a method left to the customer, starts at the charges' account (a live customer picks
  // Pix there: banks need the method sent by the shop).
  const isBank = request.paymentMethod !== undefined && request.paymentMethod !== "pix";
  const rail = isBank ? "initiation" : "charges";
  if (isBank && merchant.mode === "live" && !merchant.providerRoutes.initiation) {
    const message = "a live bank payment needs an Open Finance initiator connected for this merchant; send pix";
    throw new AppError("validation_failed", `paymentMethod: ${message}`, [{ path: "paymentMethod", message }]);
  }
  const redirects = checkRedirectUrls(
    { return_url: request.return_url },
    { allowedOrigins: merchant.redirectOrigins, isProduction: config.isProduction },
  );
  const requestHash = hashRequest("gateway_in", request);
  return createOnce({
    merchantId: merchant.id,
    reference: request.reference,
    operation: "gateway_in",
    requestHash,
    replay: async (existing) => ({ payToken: payTokenOf(existing) }),
    create: async () => {
      const provider = await providerForRail(merchant, rail);
      if (isBank && merchant.mode === "live") capabilityOf(provider, "initiations");
      const id = newId("dep");
      const { payToken, stored } = issuePayToken(id);
      await insertDeposit({
        id,
        merchantId: merchant.id,
        mode: merchant.mode,
        // Without an amount the customer types it; until then the deposit carries zero.
        ...requestColumns("gateway_in", { ...request, amount: request.amount ?? 0n }),
        amountEditable: request.amount === undefined,
        amountOpen: request.amount === undefined,
        methodOpen: request.paymentMethod === undefined,
        requestHash,
        paymentMethod: request.paymentMethod ?? null,
        ...stored,
        returnUrl: redirects.return_url ?? null,
        provider: provider.accountId,
        expiresAt: new Date(Date.now() + config.paymentUrlExpirationSeconds * 1000),
      });
      return { payToken };
    },
  });
}
