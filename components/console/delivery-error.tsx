import { readDeliveryErrorCode } from "@/lib/errors/delivery-errors";
import type { DeliveryErrorWords } from "@/lib/i18n/delivery-errors";

/**
 * What a callback attempt that got no answer ran into, said from its stored code in the page's
 * language; the raw text (hosts, addresses, a shell command) folded under "detalhe técnico".
 */
export function DeliveryError(props: { errorCode: string | null; error: string | null; words: DeliveryErrorWords }) {
  const code = readDeliveryErrorCode(props.errorCode);
  return (
    <div data-testid="delivery-error">
      {code ? props.words.codes[code] : props.words.unknown}
      {props.error && (
        <details className="text-sm font-normal">
          <summary className="cursor-pointer">{props.words.technicalDetail}</summary>
          <code lang="en" className="block font-mono text-xs break-all">
            {props.error}
          </code>
        </details>
      )}
    </div>
  );
}
