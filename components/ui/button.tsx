import type { ComponentProps } from "react";

type Variant = "primary" | "secondary";

// At least 56 px tall for a thumb; the focus ring comes from globals.css. Dark mode keeps the
// brand green, whose white text stays above 7:1.
const variants: Record<Variant, string> = {
  primary: "bg-brand-700 text-white hover:bg-brand-800 disabled:opacity-70",
  secondary:
    "border-2 border-stone-500 bg-white text-stone-900 hover:bg-stone-100 disabled:opacity-70 dark:border-stone-400 dark:bg-stone-900 dark:text-stone-50 dark:hover:bg-stone-800",
};

// "compact": the console's desk-first size, beside other controls on a line; still 44 px tall.
type Size = "large" | "compact";

const sizes: Record<Size, string> = {
  large: "flex min-h-14 w-full px-5 py-3 text-lg",
  compact: "inline-flex min-h-11 px-4 py-2 text-base",
};

export function buttonClass(variant: Variant = "primary", size: Size = "large"): string {
  return `${sizes[size]} items-center justify-center gap-2 rounded-xl text-center font-semibold ${variants[variant]}`;
}

export function Button({
  variant,
  size,
  className,
  ...props
}: ComponentProps<"button"> & { variant?: Variant; size?: Size }) {
  return <button type="button" {...props} className={`${buttonClass(variant, size)} ${className ?? ""}`} />;
}

/** A link that looks like a button: the way back to the shop. */
export function ButtonLink({
  variant,
  size,
  className,
  ...props
}: ComponentProps<"a"> & { variant?: Variant; size?: Size }) {
  return <a {...props} className={`${buttonClass(variant, size)} ${className ?? ""}`} />;
}
