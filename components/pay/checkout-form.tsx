import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { type Locale, type Messages, fillText } from "@/lib/i18n/messages";

export type CheckoutField = "amount" | "paymentMethod";

/**
 * Gateway In's choices: the amount when the shop sent none (masked as reais while typed, the
 * header following it: hosted-client.ts) and the method when the shop sent none (Pix first and
 * preselected). What the shop settled is shown as text by the page, not here. Input names are the
 * API's.
 */
export function CheckoutForm(props: {
  t: Messages;
  /** Where the form posts: the page's own address. */
  action: string;
  /** How the amount is typed: "1.234,56" in Portuguese, "1,234.56" in English. */
  locale: Locale;
  isAmountEditable: boolean;
  /** The amount in the field, typed as the locale writes it; empty when none was chosen. */
  amount: string;
  amountLimit: string;
  isOverLimit: boolean;
  methods: { value: string; label: string }[] | null;
  /** The method chosen before, if any: preselected instead of Pix. */
  method?: string;
  invalid: readonly string[];
  /** The answer to a submission: the keyboard goes to the first field to fix. */
  isAnswer: boolean;
}) {
  const { t } = props;
  const isInvalid = (field: CheckoutField) => props.invalid.includes(field);
  return (
    <form
      action={props.action}
      method="post"
      noValidate
      className="space-y-5"
      data-once=""
      data-answered={props.isAnswer ? "" : undefined}
    >
      {props.invalid.length > 0 && (
        <Alert tone="error" role="alert">
          {t.fixErrors}
        </Alert>
      )}
      {props.isAmountEditable && (
        <Field
          id="amount"
          label={`${t.amount} (R$)`}
          hint={`${t.amountHint} ${t.amountLimits} R$ ${props.amountLimit}.`}
          error={
            !isInvalid("amount")
              ? undefined
              : props.isOverLimit
                ? fillText(t.errors.amountOverLimit, { limit: `R$ ${props.amountLimit}` })
                : t.errors.amount
          }
        >
          {(control) => (
            <Input
              {...control}
              name="amount"
              type="text"
              inputMode="decimal"
              autoComplete="off"
              placeholder={props.locale === "en" ? "0.00" : "0,00"}
              defaultValue={props.amount}
              data-brl={props.locale}
              required
            />
          )}
        </Field>
      )}
      {props.methods && (
        <fieldset aria-describedby={isInvalid("paymentMethod") ? "method-error" : undefined}>
          <legend className="font-semibold">{t.paymentMethodLabel}</legend>
          <div className="mt-2 space-y-3">
            {props.methods.map((option) => (
              <label
                key={option.value}
                className="flex min-h-14 cursor-pointer items-center gap-3 rounded-xl border-2 border-stone-400 bg-white px-4 py-3 text-lg has-[:checked]:border-brand-700 has-[:checked]:bg-emerald-50 dark:border-stone-500 dark:bg-stone-900 dark:has-[:checked]:border-emerald-400 dark:has-[:checked]:bg-emerald-950"
              >
                <input
                  type="radio"
                  name="paymentMethod"
                  value={option.value}
                  defaultChecked={(props.method ?? props.methods?.[0]?.value) === option.value}
                  className="size-5 accent-brand-700"
                />
                <span className="font-semibold">{option.label}</span>
              </label>
            ))}
          </div>
          {isInvalid("paymentMethod") && (
            <p id="method-error" className="mt-1 font-medium text-red-800 dark:text-red-300">
              {t.errors.paymentMethod}
            </p>
          )}
        </fieldset>
      )}
      <Button type="submit" data-pending-label={t.sending}>
        {t.continue}
      </Button>
    </form>
  );
}
