// GET /console/balance/export.csv?merchant=…&mode=… - a merchant's ledger as CSV, oldest first
import { csvResponse } from "@/lib/console/csv-response";
import { withConsoleRoute } from "@/lib/console/with-console-route";
import { AppError } from "@/lib/errors/app-error";
import { exportLedger } from "@/lib/funds/export-ledger";
import { ledgerQuerySchema } from "@/lib/funds/schemas";
import { chooseMerchantScope } from "@/lib/merchants/find-merchant-in-scope";

export const GET = withConsoleRoute(async (request, actor) => {
  const query = ledgerQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const merchantId = chooseMerchantScope(actor, query.merchant);
  if (merchantId === null)
    throw new AppError("invalid_argument", "name the merchant whose ledger to export: ?merchant=mer_…");
  const { filename, rows } = await exportLedger(actor, merchantId, query.mode);
  return csvResponse(filename, rows);
});
