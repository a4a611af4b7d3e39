"use client";
import type { ComponentProps } from "react";
import { useFormStatus } from "react-dom";
import { Button } from "../ui/button";

/**
 * A form's submit button that is disabled while its form is being sent, and says so: a second
 * click cannot send the form again (the server refuses a second marking anyway).
 */
export function PendingButton({
  pendingLabel,
  children,
  ...props
}: Omit<ComponentProps<typeof Button>, "type"> & { pendingLabel: string }) {
  const { pending } = useFormStatus();
  return (
    <Button
      size="compact"
      {...props}
      type="submit"
      disabled={pending || props.disabled}
      aria-disabled={pending || props.disabled}
    >
      {pending ? pendingLabel : children}
    </Button>
  );
}
