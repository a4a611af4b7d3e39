import type { Metadata } from "next";
import { ConsolePageHeader } from "@/components/console/page-header";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClass } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Pagination } from "@/components/ui/pagination";
import { Select } from "@/components/ui/select";
import { Table, Td, Th } from "@/components/ui/table";
import { listAuditEvents } from "@/lib/audit/list-audit-events";
import { auditQuerySchema } from "@/lib/audit/schemas";
import { getConsoleLocale } from "@/lib/console/console-locale";
import { refusePage } from "@/lib/console/refuse-page";
import { requireActor } from "@/lib/console/require-actor";
import { authMessages } from "@/lib/i18n/console-auth";
import { formatConsoleTime } from "@/lib/i18n/console-transactions";
import { encodeCursor, queryParam } from "@/lib/listing/query";

export async function generateMetadata(): Promise<Metadata> {
  return { title: authMessages[await getConsoleLocale()].audit.title };
}

type SearchParams = Record<string, string | string[] | undefined>;

/** The filters as an address query, with a page cursor when one is given. */
function searchOf(filters: Record<string, string | undefined>, cursor: Record<string, string> = {}): string {
  const entries = Object.entries({ ...filters, ...cursor }).filter((entry): entry is [string, string] =>
    Boolean(entry[1]),
  );
  return entries.length ? `?${new URLSearchParams(entries)}` : "";
}

// /console/audit - every console and CLI action, for operators: filters in the address, pages of 50, CSV
export default async function AuditPage(props: { searchParams: Promise<SearchParams> }) {
  const actor = await requireActor();
  const locale = await getConsoleLocale();
  const t = authMessages[locale].audit;
  const params = await props.searchParams;
  const typed = {
    action: queryParam(params.action),
    actor: queryParam(params.actor),
    from: queryParam(params.from),
    to: queryParam(params.to),
  };
  const parsed = auditQuerySchema.safeParse(params);
  const query = parsed.success ? parsed.data : {};
  // Merchant users are refused by the domain: the 403 page, as for every operators' page.
  const page = await listAuditEvents(actor, query).catch(refusePage(actor, "/console/audit"));
  const filters = parsed.success ? { action: query.action, actor: query.actor, from: query.from, to: query.to } : {};
  return (
    <>
      <ConsolePageHeader
        title={t.title}
        intro={t.intro}
        actions={
          <a
            href={`/console/audit/export.csv${searchOf(filters)}`}
            className={buttonClass("secondary", "compact")}
            download
          >
            {t.exportCsv}
          </a>
        }
      />
      <div className="space-y-5">
        {!parsed.success && (
          <Alert tone="error" role="alert">
            {parsed.error.issues.map((issue) => `${String(issue.path[0])}: ${issue.message}`).join("; ")}
          </Alert>
        )}
        <form
          method="get"
          className="grid gap-3 rounded-2xl border border-stone-300 bg-white p-4 sm:grid-cols-2 lg:grid-cols-5 lg:items-end dark:border-stone-700 dark:bg-stone-900"
        >
          <Field id="action" label={t.action}>
            {(control) => (
              <Select {...control} name="action" defaultValue={typed.action}>
                <option value="">—</option>
                {page.actions.map((action) => (
                  <option key={action} value={action}>
                    {t.actions[action] ?? action}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field id="actor" label={t.actor}>
            {(control) => <Input {...control} name="actor" type="text" defaultValue={typed.actor} />}
          </Field>
          <Field id="from" label={t.from}>
            {(control) => <Input {...control} name="from" type="date" defaultValue={typed.from} />}
          </Field>
          <Field id="to" label={t.to}>
            {(control) => <Input {...control} name="to" type="date" defaultValue={typed.to} />}
          </Field>
          <Button type="submit" size="compact">
            {t.filter}
          </Button>
        </form>
        {page.rows.length === 0 ? (
          <p className="rounded-2xl border border-stone-300 bg-white p-5">{t.empty}</p>
        ) : (
          <Table caption={t.caption}>
            <thead>
              <tr>
                <Th>{t.at}</Th>
                <Th>{t.action}</Th>
                <Th>{t.actor}</Th>
                <Th>{t.target}</Th>
                <Th>{t.merchant}</Th>
                <Th>{t.ip}</Th>
                <Th>{t.detail}</Th>
              </tr>
            </thead>
            <tbody>
              {page.rows.map((event) => (
                <tr key={event.id}>
                  <Td label={t.at} className="whitespace-nowrap">
                    {formatConsoleTime(event.createdAt, locale)}
                  </Td>
                  <Td label={t.action}>{t.actions[event.action] ?? event.action}</Td>
                  <Td label={t.actor}>
                    {event.actorEmail}
                    <span className="block text-stone-700">{t.actorRoles[event.actorRole] ?? event.actorRole}</span>
                  </Td>
                  <Td label={t.target} className="font-mono break-all">
                    {[event.targetType && (t.targetTypes[event.targetType] ?? event.targetType), event.targetId]
                      .filter(Boolean)
                      .join(" ")}
                  </Td>
                  <Td label={t.merchant} className="font-mono">
                    {event.merchantId ?? "—"}
                  </Td>
                  <Td label={t.ip} className="font-mono">
                    {event.ip ?? "—"}
                  </Td>
                  <Td label={t.detail} className="text-xs break-all">
                    {/* The record as stored: data, in no reader's language. */}
                    {event.detail ? <code className="font-mono">{JSON.stringify(event.detail)}</code> : null}
                  </Td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
        <Pagination
          label={t.title}
          previous={{
            label: t.previous,
            href: page.newerFrom
              ? `/console/audit${searchOf(filters, { before: encodeCursor(page.newerFrom) })}`
              : null,
          }}
          next={{
            label: t.next,
            href: page.olderFrom ? `/console/audit${searchOf(filters, { after: encodeCursor(page.olderFrom) })}` : null,
          }}
        />
      </div>
    </>
  );
}
