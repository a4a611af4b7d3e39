import { answeredErrorCodes, errorCodes } from "@/lib/errors/app-error";

/** Every error code a client can receive, with its HTTP status and title, each under its code as an anchor: a problem's `type` links here. */
export function ErrorCodeList() {
  return (
    <dl className="divide-y divide-stone-200 border-y border-stone-200">
      {answeredErrorCodes.map((code) => (
        <div key={code} id={code} className="flex flex-wrap items-baseline gap-x-3 py-2">
          <dt className="font-mono text-sm break-all">{code}</dt>
          <dd className="text-sm font-semibold text-stone-600">HTTP {errorCodes[code].status}</dd>
          <dd className="w-full text-sm text-stone-700">{errorCodes[code].title}</dd>
        </div>
      ))}
    </dl>
  );
}
