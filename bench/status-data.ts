/**
 * The requests of the status benchmark and profile: a fresh database holding DEPOSITS Pix deposits
 * of the bench merchant, asked about in turn.
 */
import { KEY_ID, type Bench } from "./harness";
import { pixData } from "./pix-data";

const DEPOSITS = 200;

export function statusRequests(): Pick<Bench, "data" | "seed"> {
  const ids: string[] = [];
  return {
    data: (i) => ({ id: ids[i % ids.length] }),
    seed: async () => {
      const { createPixDeposit } = await import("../lib/deposits/create-pix-deposit");
      const { findSigningKey } = await import("../lib/merchants/find-signing-key");
      const key = await findSigningKey(KEY_ID);
      if (!key) throw new Error("the bench key is missing");
      ids.length = 0;
      for (let i = 0; i < DEPOSITS; i++) {
        ids.push((await createPixDeposit({ merchant: key.merchant, data: pixData(i, "status") })).deposit.id);
      }
    },
  };
}
