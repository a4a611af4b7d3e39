import type { HostedPaymentState } from "@/lib/deposits/find-hosted-payment";
import type { Messages } from "@/lib/i18n/messages";

/** A payment that can no longer be paid: what happened, and the way back to the shop. */
export function ClosedPayment(props: { state: Exclude<HostedPaymentState, "open">; t: Messages; returnUrl: string | null }) {
  const { t } = props;
  const [title, text] =
    props.state === "expired"
      ? [t.expiredTitle, t.expiredText]
      : props.state === "paid"
        ? [t.paidTitle, t.paidText]
        : [t.failedTitle, t.failedText];
  return (
    <section className="rounded-2xl border border-stone-200 bg-white p-5" aria-labelledby="closed-title">
      <h1 id="closed-title" className="text-xl font-bold">
        {title}
      </h1>
      <p className="mt-2 text-stone-700">{text}</p>
      {props.returnUrl && (
        <a href={props.returnUrl} className="mt-5 block rounded-xl bg-brand-700 px-5 py-4 text-center text-lg font-semibold text-white">
          {t.backToShop}
        </a>
      )}
    </section>
  );
}
