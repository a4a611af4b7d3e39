import { csvResponse } from "@/lib/console/csv-response";
import { withConsoleRoute } from "@/lib/console/with-console-route";
import { filtersOf, transactionQuerySchema } from "@/lib/console-transactions/console-schemas";
import { exportTransactions } from "@/lib/console-transactions/export-transactions";

// GET /console/transactions/export.csv?type=…&q=… - every row the list's filters select, as CSV, streamed
export const GET = withConsoleRoute(async (request, actor) => {
  const query = transactionQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const { filename, rows } = await exportTransactions(actor, filtersOf(query));
  return csvResponse(filename, rows);
});
