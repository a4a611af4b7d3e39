"use client";
import { useActionState, useEffect, useId, useRef, useState } from "react";
import type { FieldError } from "@/lib/errors/app-error";
import type { FormFailure } from "@/lib/errors/to-form-failure";
import { type OperationsMessages, operationsMessages } from "@/lib/i18n/console-operations";
import type { Locale } from "@/lib/i18n/messages";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { Field } from "../ui/field";
import { Input } from "../ui/input";
import { Select } from "../ui/select";
import { Textarea } from "../ui/textarea";
import { splitRedirectOrigins } from "@/lib/merchants/split-redirect-origins";
import { FormFailureAlert } from "./form-failure";
import { PendingButton } from "./pending-button";
import { SecretOnce } from "./secret-once";

export type MerchantKeyState =
  { status: "idle" } | FormFailure | { status: "done"; merchantId: string; keyId: string; secret: string };
/** A refusal carries what was typed: React resets a form after its action, to these values. */
type TypedSettings = { callbackUrl: string; redirectOrigins: string };
export type MerchantSettingsState = { status: "idle" } | (FormFailure & { typed: TypedSettings }) | { status: "done" };

type Action<S> = (state: S, form: FormData) => Promise<S>;

/**
 * A field's problem in the reader's language, naming the value refused when the form kept what was
 * typed. The server checks each of these fields against one rule (lib/merchants/schemas), so the
 * rule is said here; redirectOrigins.2 is the third origin as the server split them.
 */
const describeField =
  (t: OperationsMessages["merchants"], typed?: TypedSettings) =>
  (field: FieldError): string => {
    const [name, index] = field.path.split(".");
    if (name === "callbackUrl") return t.callbackUrlInvalid(typed?.callbackUrl.trim());
    if (name === "redirectOrigins" && index !== undefined)
      return t.redirectOriginInvalid(
        Number(index) + 1,
        typed && splitRedirectOrigins(typed.redirectOrigins)[Number(index)],
      );
    return field.message;
  };

/** The problems the server found with one field (redirectOrigins.2 counts as redirectOrigins). */
function fieldError(
  state: { status: string } | (FormFailure & { typed?: TypedSettings }),
  name: string,
  locale: Locale,
): string | undefined {
  if (state.status !== "error") return undefined;
  const failure = state as FormFailure & { typed?: TypedSettings };
  const messages = failure.fields
    .filter((field) => field.path.split(".")[0] === name)
    .map(describeField(operationsMessages[locale].merchants, failure.typed));
  return messages.length ? messages.join(" ") : undefined;
}

function CallbackAndOrigins(props: {
  state: { status: string } | FormFailure;
  locale: Locale;
  callbackUrl?: string;
  /** One origin a line, as shown. */
  redirectOrigins?: string;
}) {
  const t = operationsMessages[props.locale].merchants;
  const id = useId();
  return (
    <>
      <Field
        id={`${id}-callback`}
        label={t.callbackUrl}
        hint={t.callbackUrlHint}
        error={fieldError(props.state, "callbackUrl", props.locale)}
      >
        {(control) => (
          <Input
            {...control}
            name="callbackUrl"
            type="url"
            inputMode="url"
            defaultValue={props.callbackUrl}
            placeholder="https://loja.example/cashier/callback"
          />
        )}
      </Field>
      <Field
        id={`${id}-origins`}
        label={t.redirectOrigins}
        hint={t.redirectOriginsHint}
        error={fieldError(props.state, "redirectOrigins", props.locale)}
      >
        {(control) => <Textarea {...control} name="redirectOrigins" rows={3} defaultValue={props.redirectOrigins} />}
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
      {state.status === "error" && (
        <FormFailureAlert failure={state} words={common.failure} describe={describeField(t)} />
      )}
      <form action={formAction} className="grid gap-4 lg:grid-cols-2">
        <Field id={`${id}-name`} label={t.name} error={fieldError(state, "name", props.locale)}>
          {(control) => <Input {...control} name="name" required maxLength={100} autoComplete="organization" />}
        </Field>
        <Field id={`${id}-mode`} label={common.mode} error={fieldError(state, "mode", props.locale)}>
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

/**
 * A merchant's callback URL and redirect origins, for an operator or the merchant's own admin; an
 * empty URL removes it. A refusal puts the keyboard's focus on the first field to fix.
 */
export function MerchantSettingsForm(props: {
  merchantId: string;
  callbackUrl: string | null;
  redirectOrigins: string[];
  locale: Locale;
  action: Action<MerchantSettingsState>;
}) {
  const { merchants: t, common } = operationsMessages[props.locale];
  const [state, formAction] = useActionState(props.action, { status: "idle" });
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (state.status === "error") form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [state]);
  return (
    <form ref={form} action={formAction} className="space-y-4">
      <input type="hidden" name="merchantId" value={props.merchantId} />
      {state.status === "done" && (
        <Alert tone="success" role="status">
          {t.saved}
        </Alert>
      )}
      {state.status === "error" && (
        <FormFailureAlert failure={state} words={common.failure} describe={describeField(t, state.typed)} />
      )}
      <CallbackAndOrigins
        state={state}
        locale={props.locale}
        callbackUrl={state.status === "error" ? state.typed.callbackUrl : (props.callbackUrl ?? "")}
        redirectOrigins={state.status === "error" ? state.typed.redirectOrigins : props.redirectOrigins.join("\n")}
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
