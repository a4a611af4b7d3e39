import type { Messages } from "@/lib/i18n/messages";

/** Above a form that came back with errors: announced at once to screen readers. */
export function FormAlert(props: { t: Messages; isShown: boolean }) {
  if (!props.isShown) return null;
  return (
    <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 font-medium text-red-800">
      {props.t.fixErrors}
    </p>
  );
}
