import type { ReactNode } from "react";

/** A console page's title, what it shows, and its page-wide actions (an export, a create). */
export function ConsolePageHeader(props: { title: string; intro?: string; actions?: ReactNode }) {
  return (
    <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
      {/* A transaction's reference is the intro: up to 100 characters with no space to break at. */}
      <div className="min-w-0">
        <h1 className="text-2xl font-bold">{props.title}</h1>
        {props.intro && <p className="mt-1 max-w-3xl text-stone-700 wrap-anywhere">{props.intro}</p>}
      </div>
      {props.actions && <div className="flex flex-wrap gap-2">{props.actions}</div>}
    </header>
  );
}
