"use client";
import { useActionState, useId, useState } from "react";
import type { FormFailure } from "@/lib/errors/to-form-failure";
import { operationsMessages } from "@/lib/i18n/console-operations";
import type { Locale } from "@/lib/i18n/messages";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { Field } from "../ui/field";
import { Input } from "../ui/input";
import { Select } from "../ui/select";
import { Textarea } from "../ui/textarea";
import { FormFailureAlert } from "./form-failure";
import { PendingButton } from "./pending-button";
import { SecretOnce } from "./secret-once";

export type MerchantKeyState =
  { status: "idle" } | FormFailure | { status: "done"; merchantId: string; keyId: string; secret: string };
export type MerchantSettingsState = { status: "idle" } | FormFailure | { status: "done" };

type Action<S> = (state: S, form: FormData) => Promise<S>;

/** The problems the server found with one field (redirectOrigins.2 counts as redirectOrigins). */
function fieldError(state: { status: string } | FormFailure, name: string): string | undefined {
  if (state.status !== "error") return undefined;
  const messages = (state as FormFailure).fields
    .filter((field) => field.path.split(".")[0] === name)
    .map((field) => field.message);
  return messages.length ? messages.join("; ") : undefined;
}

function CallbackAndOrigins(props: {
  state: { status: string } | FormFailure;
  locale: Locale;
  callbackUrl?: string | null;
  redirectOrigins?: string[];
}) {
  const t = operationsMessages[props.locale].merchants;
  const id = useId();
  return (
    <>
      <Field
        id={`${id}-callback`}
        label={t.callbackUrl}
        hint={t.callbackUrlHint}
        error={fieldError(props.state, "callbackUrl")}
      >
        {(control) => (
          <Input
            {...control}
            name="callbackUrl"
            type="url"
            inputMode="url"
            defaultValue={props.callbackUrl ?? ""}
            placeholder="https://loja.example/cashier/callback"
          />
        )}
      </Field>
      <Field
        id={`${id}-origins`}
        label={t.redirectOrigins}
        hint={t.redirectOriginsHint}
        error={fieldError(props.state, "redirectOrigins")}
      >
        {(control) => (
          <Textarea
            {...control}
            name="redirectOrigins"
            rows={3}
            defaultValue={(props.redirectOrigins ?? []).join("\n")}
          />
        )}
      </Field>
    </>
  );
}

/** A new merchant: name, environment, callback URL and origins; its first key's secret is shown once. */
export function CreateMerchantForm(props: { locale: Locale; action: Action<MerchantKeyState> }) {
  const { merchants: t, common } = operationsMessages[props.locale];
  const [state, formAction] = useActionState(props.action, { status: "idle" });
  const id = useId();
  return (
    <div className="space-y-4">
      {state.status === "done" && (
        <SecretOnce
          keyId={state.keyId}
          secret={state.secret}
          words={common}
          extra={
            <p>
              {t.created(state.merchantId)}{" "}
              <a href={`/console/merchants/${state.merchantId}`} className="underline">
                {t.open}
              </a>
            </p>
          }
        />
      )}
      {state.status === "error" && <FormFailureAlert failure={state} words={common.failure} />}
      <form action={formAction} className="grid gap-4 lg:grid-cols-2">
        <Field id={`${id}-name`} label={t.name} error={fieldError(state, "name")}>
          {(control) => <Input {...control} name="name" required maxLength={100} autoComplete="organization" />}
        </Field>
        <Field id={`${id}-mode`} label={common.mode} error={fieldError(state, "mode")}>
          {(control) => (
            <Select {...control} name="mode" defaultValue="sandbox">
              <option value="sandbox">{common.modes.sandbox}</option>
              <option value="live">{common.modes.live}</option>
            </Select>
          )}
        </Field>
        <CallbackAndOrigins state={state} locale={props.locale} />
        <div className="lg:col-span-2">
          <PendingButton pendingLabel={t.creating}>{t.create}</PendingButton>
        </div>
      </form>
    </div>
  );
}

/** An existing merchant's callback URL and redirect origins; an empty URL removes it. */
export function MerchantSettingsForm(props: {
  merchantId: string;
  callbackUrl: string | null;
  redirectOrigins: string[];
  locale: Locale;
  action: Action<MerchantSettingsState>;
}) {
  const { merchants: t, common } = operationsMessages[props.locale];
  const [state, formAction] = useActionState(props.action, { status: "idle" });
  return (
    <form action={formAction} className="space-y-4">
      <input type="hidden" name="merchantId" value={props.merchantId} />
      {state.status === "done" && (
        <Alert tone="success" role="status">
          {t.saved}
        </Alert>
      )}
      {state.status === "error" && <FormFailureAlert failure={state} words={common.failure} />}
      <CallbackAndOrigins
        state={state}
        locale={props.locale}
        callbackUrl={props.callbackUrl}
        redirectOrigins={props.redirectOrigins}
      />
      <PendingButton pendingLabel={t.saving}>{t.save}</PendingButton>
    </form>
  );
}

/** Sandbox ⇄ live, confirmed after the warning; the new key's secret is shown once. */
export function SwitchModeForm(props: {
  merchantId: string;
  mode: "sandbox" | "live";
  locale: Locale;
  action: Action<MerchantKeyState>;
}) {
  const { merchants: t, common } = operationsMessages[props.locale];
  const [state, formAction] = useActionState(props.action, { status: "idle" });
  const [isConfirming, setConfirming] = useState(false);
  const target = props.mode === "live" ? "sandbox" : "live";
  if (state.status === "done") {
    return (
      <SecretOnce
        keyId={state.keyId}
        secret={state.secret}
        words={common}
        extra={<p>{t.switched(common.modes[props.mode])}</p>}
      />
    );
  }
  return (
    <div className="space-y-3">
      <p>{t.currentMode(common.modes[props.mode])}</p>
      {state.status === "error" && <FormFailureAlert failure={state} words={common.failure} />}
      {isConfirming ? (
        <form action={formAction} className="space-y-3">
          <input type="hidden" name="merchantId" value={props.merchantId} />
          <input type="hidden" name="mode" value={target} />
          <Alert tone="warning">{t.switchWarning}</Alert>
          <div className="flex flex-wrap gap-2">
            <PendingButton pendingLabel={t.switching}>{t.switchConfirm}</PendingButton>
            <Button size="compact" variant="secondary" onClick={() => setConfirming(false)}>
              {common.cancel}
            </Button>
          </div>
        </form>
      ) : (
        <Button size="compact" variant="secondary" onClick={() => setConfirming(true)}>
          {t.switchTo(common.modes[target])}
        </Button>
      )}
    </div>
  );
}
