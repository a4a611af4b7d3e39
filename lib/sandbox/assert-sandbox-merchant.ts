import type { MerchantRecord } from "../db/merchants";
import { AppError } from "../errors/app-error";

/** Live keys never reach the sandbox endpoints, whatever they ask. */
export function assertSandboxMerchant(merchant: MerchantRecord, operation: string): void {
  if (merchant.mode !== "sandbox") {
    throw new AppError(
      "sandbox_only",
      `${operation} takes sandbox keys (mk_test_…) only; this key belongs to a live merchant`,
    );
  }
}
