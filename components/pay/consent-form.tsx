import { Button } from "@/components/ui/button";
import type { Messages } from "@/lib/i18n/messages";

/**
 * Authorize or decline, once: the answer is the pressed button's value, and the first tap locks
 * both buttons (hosted-client.ts), so a double tap or Recusar after Autorizar sends nothing more.
 */
export function ConsentForm(props: { t: Messages; action: string }) {
  const { t } = props;
  return (
    <form action={props.action} method="post" className="mt-5 space-y-3" data-once="">
      <Button type="submit" name="decision" value="authorize" data-pending-label={t.sending}>
        {t.authorize}
      </Button>
      <Button type="submit" name="decision" value="decline" variant="secondary" data-pending-label={t.sending}>
        {t.decline}
      </Button>
    </form>
  );
}
