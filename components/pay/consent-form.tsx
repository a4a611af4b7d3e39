"use client";

import { useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import type { Messages } from "@/lib/i18n/messages";

/**
 * Authorize or decline, once: the first tap locks both buttons, and a second submission (a double
 * tap, or Recusar after Autorizar) is stopped before React sends it.
 */
export function ConsentForm(props: { t: Messages; authorize: () => Promise<void>; decline: () => Promise<void> }) {
  const isSent = useRef(false);
  const [choice, setChoice] = useState<"authorize" | "decline" | null>(null);
  const { t } = props;
  return (
    <form
      className="mt-5 space-y-3"
      onSubmit={(event) => {
        if (isSent.current) {
          event.preventDefault();
          return;
        }
        isSent.current = true;
        const submitter = (event.nativeEvent as SubmitEvent).submitter;
        setChoice(submitter?.dataset.choice === "decline" ? "decline" : "authorize");
      }}
    >
      <Button type="submit" formAction={props.authorize} data-choice="authorize" disabled={choice !== null} aria-busy={choice === "authorize"}>
        {choice === "authorize" ? t.sending : t.authorize}
      </Button>
      <Button type="submit" variant="secondary" formAction={props.decline} data-choice="decline" disabled={choice !== null} aria-busy={choice === "decline"}>
        {choice === "decline" ? t.sending : t.decline}
      </Button>
    </form>
  );
}
