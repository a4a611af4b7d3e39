import { ReadOnlyField } from "@/components/ui/field";
import type { CustomerField } from "@/lib/deposits/submit-customer-details";
import type { Locale, Messages } from "@/lib/i18n/messages";
import { CheckoutForm } from "./checkout-form";
import { CustomerForm } from "./customer-form";

/** What the customer cannot change: [key, label, value]. */
export type DetailsRow = [string, string, string];

export type DetailsFormContent = {
  rows: DetailsRow[];
  invalid: string[];
  /** The answer to a submission: the keyboard goes to the first field to fix. */
  isAnswer: boolean;
} & (
  | {
      kind: "checkout";
      /** The language the amount is typed in: "1.234,56" or "1,234.56". */
      locale: Locale;
      isAmountEditable: boolean;
      amount: string;
      amountLimit: string;
      /** The amount was refused for being over the limit, which its error then names. */
      isOverLimit: boolean;
      /** The methods to choose from, Pix first; null when the shop sent one. */
      methods: { value: string; label: string }[] | null;
      method: string | undefined;
    }
  | { kind: "customer"; editable: CustomerField[]; values: Partial<Record<CustomerField, string>> }
);

/** Step 1: what the shop settled, as text, above the form for what is left to the customer. */
export function DetailsForm(props: {
  t: Messages;
  /** Where the form posts: the page's own address. */
  action: string;
  form: DetailsFormContent;
}) {
  const { t, action, form } = props;
  return (
    <section aria-labelledby="details-title">
      <h1 id="details-title" className="text-xl font-bold">
        {t.yourDetails}
      </h1>
      <p className="mt-1 mb-4 text-stone-800 dark:text-stone-200">{t.detailsIntro}</p>
      {form.rows.length > 0 && (
        <div className="mb-5 rounded-2xl border border-stone-300 bg-white p-4 dark:border-stone-700 dark:bg-stone-900">
          <dl className="grid gap-3">
            {form.rows.map(([key, label, value]) => (
              <ReadOnlyField key={key} label={label} value={value} testId={`shown-${key}`} />
            ))}
          </dl>
          <p className="mt-3 text-sm text-stone-700 dark:text-stone-300">{t.locked}</p>
        </div>
      )}
      {form.kind === "checkout" ? (
        <CheckoutForm
          t={t}
          action={action}
          locale={form.locale}
          isAmountEditable={form.isAmountEditable}
          amount={form.amount}
          amountLimit={form.amountLimit}
          isOverLimit={form.isOverLimit}
          methods={form.methods}
          method={form.method}
          invalid={form.invalid}
          isAnswer={form.isAnswer}
        />
      ) : (
        <CustomerForm
          t={t}
          action={action}
          editable={form.editable}
          values={form.values}
          invalid={form.invalid}
          isAnswer={form.isAnswer}
        />
      )}
    </section>
  );
}
