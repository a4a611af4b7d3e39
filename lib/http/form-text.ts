/**
 * A text field of a posted form, "" when it is absent or a file. A server action is a public
 * endpoint: a call made by hand may send anything where the form should be, and gets "" too.
 */
export function formText(form: unknown, name: string): string {
  const value = form instanceof FormData ? form.get(name) : null;
  return typeof value === "string" ? value : "";
}
