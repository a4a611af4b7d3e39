import { getDb } from "../../db/client";
import { type ProviderAccountSummary, listProviderAccountSummaries } from "../../db/provider-accounts";

/** Every stored account, disabled ones included (they still settle what they issued), without secrets. */
export async function listProviderAccountIds(): Promise<ProviderAccountSummary[]> {
  return listProviderAccountSummaries(getDb());
}
