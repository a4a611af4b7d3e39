import { Button } from "@/components/ui/button";
import type { Messages } from "@/lib/i18n/messages";

/** "Outro banco? Pague com Pix" on a bank step: a plain form, so it works before any script. */
export function PixOffer(props: { t: Messages; /** Where it posts (the Pix step). */ action: string }) {
  const { t } = props;
  return (
    <form
      action={props.action}
      method="post"
      data-once=""
      className="mt-5 border-t border-stone-300 pt-5 dark:border-stone-700"
    >
      <Button type="submit" variant="secondary" data-pending-label={t.sending}>
        {t.payByPixInstead}
      </Button>
      <p className="mt-2 text-center text-stone-700 dark:text-stone-300">{t.payByPixHint}</p>
    </form>
  );
}
