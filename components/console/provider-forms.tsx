"use client";
import { operationsMessages } from "@/lib/i18n/console-operations";
import { providersMessages } from "@/lib/i18n/console-providers";
import type { Locale } from "@/lib/i18n/messages";
import { type ConfirmedActionState, ConfirmedActionForm } from "./confirmed-action-form";

export type DisableProviderState = ConfirmedActionState;

/** An account's "Desativar", confirmed in a second step; once disabled, the page shows it as disabled instead. */
export function DisableProviderForm(props: {
  accountId: string;
  label: string;
  locale: Locale;
  action: (state: DisableProviderState, form: FormData) => Promise<DisableProviderState>;
}) {
  const t = providersMessages[props.locale];
  const { common } = operationsMessages[props.locale];
  return (
    <ConfirmedActionForm
      fields={{ accountId: props.accountId }}
      label={t.disable}
      subject={props.label}
      warning={t.disableWarning}
      confirmLabel={t.disableConfirm}
      pendingLabel={t.disabling}
      words={common}
      action={props.action}
    />
  );
}
