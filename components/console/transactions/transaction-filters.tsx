import Link from "next/link";
import { buttonClass } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import type { TransactionsMessages } from "@/lib/i18n/console-transactions";
import { type TransactionFilters, consoleStatuses } from "@/lib/console-transactions/console-schemas";
import { transactionKinds } from "@/lib/transactions/kinds";

const compact = "py-2 text-base";

/**
 * The list's filters as a plain GET form: what is chosen becomes the address (shareable, and it
 * works before any script loads). Operators also choose the merchant.
 */
export function TransactionFiltersForm(props: {
  t: TransactionsMessages;
  values: Partial<Record<keyof TransactionFilters, string>>;
  merchants: { id: string; name: string }[] | null;
  invalid: string[];
}) {
  const { t, values } = props;
  const error = (field: string) => (props.invalid.includes(field) ? t.invalidValue : undefined);
  return (
    <form
      method="get"
      action="/console/transactions"
      role="search"
      aria-label={t.filters}
      className="grid grid-cols-2 gap-3 lg:grid-cols-6"
    >
      <div className="col-span-2 lg:col-span-6">
        <Field id="q" label={t.search} hint={t.searchHint} error={error("q")}>
          {(control) => (
            <Input
              {...control}
              name="q"
              type="search"
              defaultValue={values.q ?? ""}
              className={compact}
              autoComplete="off"
              spellCheck={false}
            />
          )}
        </Field>
      </div>
      <Field id="type" label={t.type} error={error("type")}>
        {(control) => (
          <Select {...control} name="type" defaultValue={values.type ?? ""} className={compact}>
            <option value="">{t.any}</option>
            {transactionKinds.map((kind) => (
              <option key={kind} value={kind}>
                {t.kinds[kind]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field id="status" label={t.status} error={error("status")}>
        {(control) => (
          <Select {...control} name="status" defaultValue={values.status ?? ""} className={compact}>
            <option value="">{t.any}</option>
            {consoleStatuses.map((status) => (
              <option key={status} value={status}>
                {t.statuses[status]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {props.merchants && (
        <div className="col-span-2 lg:col-span-1">
          <Field id="merchant" label={t.merchant} error={error("merchant")}>
            {(control) => (
              <Select {...control} name="merchant" defaultValue={values.merchant ?? ""} className={compact}>
                <option value="">{t.any}</option>
                {props.merchants?.map((merchant) => (
                  <option key={merchant.id} value={merchant.id}>
                    {merchant.name}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </div>
      )}
      <Field id="from" label={t.from} error={error("from")}>
        {(control) => (
          <Input {...control} name="from" type="date" defaultValue={values.from ?? ""} className={compact} />
        )}
      </Field>
      <Field id="to" label={t.to} error={error("to")}>
        {(control) => <Input {...control} name="to" type="date" defaultValue={values.to ?? ""} className={compact} />}
      </Field>
      <div className="col-span-2 flex items-end gap-3 lg:col-span-1">
        <button type="submit" className={buttonClass("primary", "compact")}>
          {t.apply}
        </button>
        <Link href="/console/transactions" className="inline-flex min-h-11 items-center whitespace-nowrap underline">
          {t.clear}
        </Link>
      </div>
    </form>
  );
}
