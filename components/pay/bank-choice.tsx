import { buttonClass } from "@/components/ui/button";
import type { BankMethod } from "@/lib/banks/bank-directory";
import type { Messages } from "@/lib/i18n/messages";
import { BankLogo } from "./bank-logo";

/** The bank to pay from: a plain GET form, so it works before (and without) any script. */
export function BankChoice(props: {
  t: Messages;
  action: string;
  lang: string | undefined;
  banks: { method: BankMethod; name: string; code: string }[];
  selected?: string;
}) {
  const { t } = props;
  return (
    <form action={props.action} method="get" className="space-y-5">
      {props.lang && <input type="hidden" name="lang" value={props.lang} />}
      <fieldset>
        {/* The step's heading and the group's name at once. */}
        <legend>
          <h1 className="text-xl font-bold">{t.chooseBank}</h1>
        </legend>
        <p className="mt-1 mb-4 text-stone-800 dark:text-stone-200">{t.chooseBankIntro}</p>
        <div className="space-y-3">
          {props.banks.map((bank) => (
            <label
              key={bank.method}
              className="flex min-h-14 cursor-pointer items-center gap-3 rounded-xl border-2 border-stone-400 bg-white px-4 py-3 text-lg has-[:checked]:border-brand-700 has-[:checked]:bg-emerald-50 dark:border-stone-500 dark:bg-stone-900 dark:has-[:checked]:border-emerald-400 dark:has-[:checked]:bg-emerald-950"
            >
              <input
                type="radio"
                name="banco"
                value={bank.method}
                required
                defaultChecked={bank.method === props.selected}
                className="size-5 accent-brand-700"
              />
              <BankLogo method={bank.method} />
              <span className="font-semibold">{bank.name}</span>
              <span className="ml-auto text-stone-700 dark:text-stone-300">{bank.code}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <button type="submit" className={buttonClass()}>
        {t.continue}
      </button>
    </form>
  );
}
