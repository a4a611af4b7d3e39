import { coarseDeliveryError, deliveryReasonOf, readDeliveryErrorCode } from "@/lib/errors/delivery-errors";
import type { DeliveryErrorWords } from "@/lib/i18n/delivery-errors";

/**
 * What a callback attempt that got no answer ran into, said from its stored code's coarse reason
 * in the page's language; the stored text (a shell command to set the URL, or the reason in
 * English) folded under "detalhe técnico".
 */
export function DeliveryError(props: { errorCode: string | null; error: string | null; words: DeliveryErrorWords }) {
  const code = readDeliveryErrorCode(props.errorCode);
  const detail = coarseDeliveryError(props.errorCode, props.error);
  return (
    <div data-testid="delivery-error">
      {code ? props.words.reasons[deliveryReasonOf(code)] : props.words.unknown}
      {detail && (
        <details className="text-sm font-normal">
          <summary className="cursor-pointer">{props.words.technicalDetail}</summary>
          <code lang="en" className="block font-mono text-xs break-all">
            {detail}
          </code>
        </details>
      )}
    </div>
  );
}
