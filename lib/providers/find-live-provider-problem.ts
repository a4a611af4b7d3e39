import { getConfig } from "../config/config";
import { getDb } from "../db/client";
import { countMerchants } from "../db/merchants";
import { AppError } from "../errors/app-error";

const NO_PSP =
  'no Pix PSP configured: set PIX_PSP_URL and its credentials (docs/operating.md, "Going live"), or start outside production';

/**
 * Why a production start must stop: live merchants whose money has no PSP to move through (every
 * Pix they asked for would fail). Null when nothing is wrong.
 */
export async function findLiveProviderProblem(): Promise<string | null> {
  const config = getConfig();
  if (!config.isProduction || config.psp) return null;
  const live = await countMerchants(getDb(), { mode: "live" });
  return live > 0 ? `${live} live merchant(s) but ${NO_PSP}` : null;
}

/** The same boundary for a merchant about to become live: refused where a start would refuse it. */
export function assertLiveModeAvailable(): void {
  const config = getConfig();
  if (config.isProduction && !config.psp)
    throw new AppError("provider_unavailable", `a merchant cannot be live: ${NO_PSP}`);
}
