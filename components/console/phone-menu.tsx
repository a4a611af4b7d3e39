"use client";
import { type ReactNode, useRef } from "react";

/**
 * The phone's menu: a <details>, so it opens without any script and the browser tells assistive
 * technology whether it is open; Esc, pressed anywhere in it, closes it and gives the keyboard back
 * to its button, as a menu does everywhere else.
 */
export function PhoneMenu(props: { summary: ReactNode; children: ReactNode }) {
  const menu = useRef<HTMLDetailsElement>(null);
  const closeOnEscape = (event: React.KeyboardEvent) => {
    if (event.key !== "Escape" || !menu.current?.open) return;
    menu.current.open = false;
    menu.current.querySelector("summary")?.focus();
  };
  return (
    <details ref={menu} onKeyDown={closeOnEscape} className="group sm:hidden" data-testid="console-menu">
      <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-lg border-2 border-stone-500 px-3 font-semibold [&::-webkit-details-marker]:hidden">
        {props.summary}
      </summary>
      {props.children}
    </details>
  );
}
