import { exportAuditEvents } from "@/lib/audit/export-audit-events";
import { auditQuerySchema } from "@/lib/audit/schemas";
import { csvResponse } from "@/lib/console/csv-response";
import { withConsoleRoute } from "@/lib/console/with-console-route";

// GET /console/audit/export.csv?action=…&actor=…&from=…&to=… - the audit log's filtered events as CSV (operators)
export const GET = withConsoleRoute(async (request, actor) => {
  const query = auditQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const { filename, rows } = await exportAuditEvents(actor, query);
  return csvResponse(filename, rows);
});
