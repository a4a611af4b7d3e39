import { buttonClass } from "../ui/button";
import { Select } from "../ui/select";

/**
 * An operator's choice of merchant for a page, as a plain GET form: the choice lives in the
 * address, so a view can be shared and reloaded. `keep` carries the page's other parameters.
 */
export function MerchantPicker(props: {
  merchants: { id: string; name: string }[];
  selected: string | undefined;
  words: { merchant: string; allMerchants: string; chooseMerchant: string; show: string };
  allowAll?: boolean;
  keep?: Record<string, string | undefined>;
}) {
  return (
    <form method="get" className="flex flex-wrap items-end gap-3">
      <div className="min-w-64">
        <label htmlFor="merchant-picker" className="mb-1 block font-semibold">
          {props.words.merchant}
        </label>
        <Select id="merchant-picker" name="merchant" defaultValue={props.selected ?? ""}>
          <option value="">{props.allowAll ? props.words.allMerchants : props.words.chooseMerchant}</option>
          {props.merchants.map((merchant) => (
            <option key={merchant.id} value={merchant.id}>
              {merchant.name} ({merchant.id})
            </option>
          ))}
        </Select>
      </div>
      {Object.entries(props.keep ?? {}).map(
        ([name, value]) => value && <input key={name} type="hidden" name={name} value={value} />,
      )}
      <button type="submit" className={buttonClass("secondary", "compact")}>
        {props.words.show}
      </button>
    </form>
  );
}
