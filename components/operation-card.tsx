export type Operation = { name: string; path: string; text: string; isAvailable: boolean };

/** One API operation on the home page; "em breve" marks those not served yet. */
export function OperationCard({ operation }: { operation: Operation }) {
  return (
    <li className="rounded-xl border border-stone-200 bg-white p-4">
      <p className="flex items-center justify-between gap-2 font-semibold">
        {operation.name}
        {!operation.isAvailable && (
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">em breve</span>
        )}
      </p>
      <p className="mt-1 font-mono text-sm break-all text-stone-600">{operation.path}</p>
      <p className="mt-2 text-stone-700">{operation.text}</p>
    </li>
  );
}
