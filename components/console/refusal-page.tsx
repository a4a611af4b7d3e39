import Link from "next/link";
import { getConsoleLocale } from "@/lib/console/console-locale";
import { operationsMessages } from "@/lib/i18n/console-operations";
import { Card } from "../ui/card";

/** The console's 403 and 404 pages: what happened, and the way back. */
export async function RefusalPage(props: { kind: "forbidden" | "notFound" }) {
  const t = operationsMessages[await getConsoleLocale()].common;
  const title = props.kind === "forbidden" ? t.forbiddenTitle : t.notFoundTitle;
  return (
    <Card className="mx-auto max-w-xl">
      <title>{title}</title>
      <h1 className="mb-2 text-2xl font-bold">{title}</h1>
      <p className="mb-4">{props.kind === "forbidden" ? t.forbiddenText : t.notFoundText}</p>
      <Link href="/console" className="font-semibold text-brand-700 underline">
        {t.backToOverview}
      </Link>
    </Card>
  );
}
