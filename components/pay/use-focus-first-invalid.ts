"use client";

import { type RefObject, useEffect, useRef } from "react";

/**
 * After a submission comes back with errors, the keyboard lands on the first field to fix. Not
 * as the page opens (a phone would raise its keyboard over the page before it is read).
 */
export function useFocusFirstInvalid(form: RefObject<HTMLFormElement | null>, invalid: readonly string[]): void {
  const initial = useRef(invalid);
  useEffect(() => {
    if (invalid === initial.current || invalid.length === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [form, invalid]);
}
