import type { Metadata } from "next";
import { DisputeCard } from "@/components/console/disputes/dispute-card";
import { ConsolePageHeader } from "@/components/console/page-header";
import { Alert } from "@/components/ui/alert";
import { getConsoleLocale } from "@/lib/console/console-locale";
import { refusePage } from "@/lib/console/refuse-page";
import { requireActor } from "@/lib/console/require-actor";
import { disputeRowView } from "@/lib/console-disputes/dispute-row-view";
import { LIST_SIZE, listConsoleDisputes } from "@/lib/console-disputes/list-console-disputes";
import { disputesMessages } from "@/lib/i18n/console-disputes";
import { operationsMessages } from "@/lib/i18n/console-operations";
import { queryParam } from "@/lib/listing/query";
import { answerDisputeAction } from "./actions";

export async function generateMetadata(): Promise<Metadata> {
  return { title: disputesMessages[await getConsoleLocale()].title };
}

// /console/disputes - MED disputes, the undecided soonest deadline first: operators every
// merchant's, merchant users their own; operators and merchant admins answer an open one
export default async function DisputesPage(props: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const actor = await requireActor();
  const locale = await getConsoleLocale();
  const t = disputesMessages[locale];
  const answered = queryParam((await props.searchParams).answered);
  const disputes = await listConsoleDisputes(actor).catch(refusePage(actor, "/console/disputes"));
  // The outcome of the answer just sent, read from the list (so only a dispute the actor may see).
  const outcome = answered ? disputes.find((dispute) => dispute.id === answered) : undefined;
  const now = new Date();
  return (
    <>
      <ConsolePageHeader title={t.title} intro={t.intro} />
      {outcome && (
        <Alert tone={outcome.status === "lost" ? "warning" : "success"} role="status" className="mb-4">
          {t.answered[outcome.status](outcome.id)}
        </Alert>
      )}
      {disputes.length === 0 ? (
        <p>{t.empty}</p>
      ) : (
        <>
          {disputes.length === LIST_SIZE && <p className="mb-4">{t.showing(LIST_SIZE)}</p>}
          <ol className="space-y-3" aria-label={t.title}>
            {disputes.map((dispute) => (
              <li key={dispute.id} id={dispute.id} className="scroll-mt-4">
                <DisputeCard
                  dispute={dispute}
                  view={disputeRowView(actor, dispute, now)}
                  words={t}
                  sandboxLabel={operationsMessages[locale].common.modes.sandbox}
                  locale={locale}
                  action={answerDisputeAction}
                />
              </li>
            ))}
          </ol>
        </>
      )}
    </>
  );
}
