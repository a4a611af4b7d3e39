// `keys reseal`: every sealed value moved under the current key, the canary last, so that once it
// has run nothing needs CASHIER_ENCRYPTION_PREVIOUS_KEYS. Each row is one conditional update (only
// if its value is still the one read), so the servers keep running meanwhile, a value a server
// rewrote in between is left as that server sealed it (under the current key), and an interrupted
// run simply runs again: what is already under the current key is skipped.
import { getConfig } from "../config/config";
import type { KeyRing } from "../crypto/key-ring";
import { encryptSecret, openSecret, sealedKeyId } from "../crypto/secret-box";
import { type DbOrTx, getDb } from "../db/client";
import { findEncryptionCanary, replaceEncryptionCanary } from "../db/encryption-canary";
import {
  SEALED_COLUMNS,
  type SealedRow,
  type SealedTable,
  readSealedValues,
  replaceSealedValue,
  sealedAssociatedData,
} from "../db/sealed-values";
import { AppError } from "../errors/app-error";
import { CANARY_DATA, checkEncryptionKey } from "./check-encryption-key";
import { countSealedValues } from "./count-sealed-values";

/**
 * Per table: resealed (or, in a dry run, to reseal), already under the current key, changed by
 * another process between the read and the update, and the ids of values no key given opens.
 */
export type ResealCounts = { resealed: number; current: number; changed: number; unopenable: string[] };

export type ResealReport = {
  keyId: string;
  isDryRun: boolean;
  tables: Record<SealedTable, ResealCounts>;
  canary: "resealed" | "current" | "to reseal" | "left";
};

export type ResealOutcome = "resealed" | "current" | "changed" | "unopenable";

/** One row's value under the current key; in a dry run, only whether it would be resealed. */
export async function resealValue(
  db: DbOrTx,
  keys: KeyRing,
  table: SealedTable,
  row: SealedRow,
  isDryRun = false,
): Promise<ResealOutcome> {
  if (sealedKeyId(row.sealed) === keys.current.id) return "current";
  const associatedData = sealedAssociatedData[table](row.id);
  let plaintext: string;
  try {
    plaintext = openSecret(keys, row.sealed, associatedData).plaintext;
  } catch {
    return "unopenable";
  }
  if (isDryRun) return "resealed";
  const to = encryptSecret(keys, plaintext, associatedData);
  return (await replaceSealedValue(db, table, { id: row.id, from: row.sealed, to })) ? "resealed" : "changed";
}

async function resealTable(db: DbOrTx, table: SealedTable, isDryRun: boolean): Promise<ResealCounts> {
  const keys = getConfig().encryptionKeys;
  const counts: ResealCounts = { resealed: 0, current: 0, changed: 0, unopenable: [] };
  for await (const rows of readSealedValues(db, table)) {
    for (const row of rows) {
      const outcome = await resealValue(db, keys, table, row, isDryRun);
      if (outcome === "unopenable") counts.unopenable.push(row.id);
      else counts[outcome]++;
    }
  }
  return counts;
}

/**
 * Moves the canary under the current key, the last step, once nothing sealed is under another:
 * counted again here, because an instance or a command still sealing under the old key may have
 * written a value after its table was scanned, and a canary moved past it would tell the next
 * start the old key is no longer needed. "left" names what is still under another key.
 */
export async function resealCanary(
  db: DbOrTx,
  keys: KeyRing,
): Promise<{ canary: "resealed" | "current" | "left"; elsewhere: string[] }> {
  const canary = await findEncryptionCanary(db);
  if (!canary || canary.keyId === keys.current.id) return { canary: "current", elsewhere: [] };
  const elsewhere = Object.entries((await countSealedValues(db)).tables).flatMap(([table, byKey]) =>
    Object.entries(byKey)
      .filter(([keyId]) => keyId !== keys.current.id)
      .map(([keyId, count]) => `${table} ${count} under ${keyId}`),
  );
  if (elsewhere.length > 0) return { canary: "left", elsewhere };
  const plaintext = openSecret(keys, canary.sealed, CANARY_DATA).plaintext;
  const isReplaced = await replaceEncryptionCanary(db, canary, {
    keyId: keys.current.id,
    sealed: encryptSecret(keys, plaintext, CANARY_DATA),
  });
  return { canary: isReplaced ? "resealed" : "current", elsewhere: [] };
}

export async function resealSecrets(options: { isDryRun: boolean }, db: DbOrTx = getDb()): Promise<ResealReport> {
  const keys = getConfig().encryptionKeys;
  // A key that opens nothing here must not get as far as writing.
  await checkEncryptionKey(db);
  const tables = {} as Record<SealedTable, ResealCounts>;
  for (const table of Object.keys(SEALED_COLUMNS) as SealedTable[])
    tables[table] = await resealTable(db, table, options.isDryRun);

  const unopenable = Object.entries(tables).filter(([, counts]) => counts.unopenable.length > 0);
  const canary = await findEncryptionCanary(db);
  let canaryState: ResealReport["canary"];
  let elsewhere: string[] = [];
  if (!canary || canary.keyId === keys.current.id) canaryState = "current";
  else if (options.isDryRun) canaryState = "to reseal";
  else if (unopenable.length > 0) canaryState = "left";
  else ({ canary: canaryState, elsewhere } = await resealCanary(db, keys));
  const report: ResealReport = { keyId: keys.current.id, isDryRun: options.isDryRun, tables, canary: canaryState };
  if (unopenable.length > 0 && !options.isDryRun) {
    // Values no configured key opens are left as they are, and the canary with them under its
    // key: starts keep saying a reseal is due until their key is listed or the rows are dealt with.
    throw new AppError(
      "internal_error",
      `${JSON.stringify(report)}\nvalues that open with no configured key: ${unopenable
        .map(([table, counts]) => `${table} ${counts.unopenable.slice(0, 10).join(", ")}`)
        .join("; ")}. The canary stays under key ${canary?.keyId}; list the key they were sealed under in ` +
        "CASHIER_ENCRYPTION_PREVIOUS_KEYS and run keys reseal again.",
    );
  }
  if (elsewhere.length > 0) {
    throw new AppError(
      "internal_error",
      `${JSON.stringify(report)}\nvalues were sealed under another key while this ran (${elsewhere.join("; ")}): ` +
        `the canary stays under key ${canary?.keyId}. Stop whatever still seals under it (an instance or a ` +
        "command without the new CASHIER_ENCRYPTION_KEY) and run keys reseal again: it moves those and finishes.",
    );
  }
  return report;
}
