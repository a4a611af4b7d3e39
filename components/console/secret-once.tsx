"use client";
import { useState } from "react";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";

export type CopyWords = {
  secretTitle: string;
  secretWarning: string;
  keyId: string;
  secret: string;
  copy: string;
  copied: string;
  copyFailed: string;
};

/** A value to copy, with its label and a copy button that says whether the copy worked. */
export function CopyableValue(props: { id: string; label: string; value: string; words: CopyWords }) {
  const [note, setNote] = useState<string | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(props.value);
      setNote(props.words.copied);
    } catch {
      // No clipboard (an insecure origin, a refused permission): select the text for a manual copy.
      const range = document.createRange();
      range.selectNodeContents(document.getElementById(props.id)!);
      window.getSelection()?.removeAllRanges();
      window.getSelection()?.addRange(range);
      setNote(props.words.copyFailed);
    }
  };
  return (
    <div>
      <dt className="font-semibold">{props.label}</dt>
      <dd className="mt-1 flex flex-wrap items-center gap-2">
        <code
          id={props.id}
          data-testid={props.id}
          className="rounded-lg bg-stone-100 px-2 py-1 font-mono text-base break-all text-stone-900"
        >
          {props.value}
        </code>
        <Button variant="secondary" size="compact" onClick={copy} aria-describedby={`${props.id}-note`}>
          {props.words.copy}
        </Button>
        <span id={`${props.id}-note`} role="status" className="text-sm">
          {note}
        </span>
      </dd>
    </div>
  );
}

/** A new key's id and secret, shown this once: the secret exists nowhere else in clear. */
export function SecretOnce(props: { keyId: string; secret: string; words: CopyWords; extra?: React.ReactNode }) {
  return (
    <Alert tone="warning" role="alert" className="space-y-3" data-testid="secret-once">
      <h2 className="text-lg font-bold">{props.words.secretTitle}</h2>
      <p>{props.words.secretWarning}</p>
      {props.extra}
      <dl className="space-y-3">
        <CopyableValue id="new-key-id" label={props.words.keyId} value={props.keyId} words={props.words} />
        <CopyableValue id="new-key-secret" label={props.words.secret} value={props.secret} words={props.words} />
      </dl>
    </Alert>
  );
}
