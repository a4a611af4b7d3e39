import { FailureCard, describeFieldProblems } from "@/components/pay/failure";
import { hostedRoute } from "@/lib/hosted/hosted-route";
import { PaymentShell } from "@/components/pay/payment-shell";
import { continueLockedCheckout } from "@/lib/deposits/continue-locked-checkout";
import { findGatewayInShop } from "@/lib/deposits/find-gateway-in-shop";
import { openGatewayIn } from "@/lib/deposits/open-gateway-in";
import { toAppError } from "@/lib/errors/to-app-error";
import { log } from "@/lib/log/logger";

// GET /direct/{keyId}/{token} - Gateway In: open the hosted cashier for the deposit in the token
export const GET = hostedRoute<{ keyId: string; token: string }>(async ({ locale, t, withLang }, { keyId, token }) => {
  let payToken: string;
  try {
    ({ payToken } = await openGatewayIn({ keyId, token }));
  } catch (error) {
    const known = toAppError(error);
    if (!known) throw error;
    // The data in the token: 422; its reference already used with other data: 409; any failure of
    // the token itself, malformed as much as expired or forged: 401, a link that does not
    // authenticate (the API's 400 for a malformed token is for the developer who signed it).
    const status = known.code === "validation_failed" ? 422 : known.code === "reference_conflict" ? 409 : 401;
    log.info("gateway in refused", { keyId, status, error: known.code });
    const shop = await findGatewayInShop({ keyId, token });
    const text = status === 422 ? t.directInvalidText : status === 409 ? t.directConflictText : t.directTokenText;
    const failure = {
      title: t.directErrorTitle,
      text,
      problems: status === 422 ? describeFieldProblems(t, known.fields ?? []) : [],
      returnUrl: shop.returnUrl,
      code: known.code,
      detail: known.detail,
    };
    return {
      status,
      title: shop.merchantName ? `${failure.title} · ${shop.merchantName}` : failure.title,
      withScript: false,
      page: (
        <PaymentShell locale={locale} t={t} merchantName={shop.merchantName} isSandbox={shop.isSandbox}>
          <FailureCard locale={locale} t={t} failure={failure} />
        </PaymentShell>
      ),
    };
  }
  // Nothing left to choose: straight to the QR (or the bank). A provider failure here leaves the
  // customer on the details page, whose Continuar tries again.
  const next = await continueLockedCheckout(payToken).catch((error: unknown) => {
    log.info("gateway in could not skip its form", { keyId, error: toAppError(error)?.code ?? "unexpected" });
    return null;
  });
  return { redirect: withLang(`/pay/${payToken}${next ?? ""}`) };
});
