// Before npm start or a CLI command uses the database: apply the pending migrations (the default),
// or, with CASHIER_MIGRATE_ON_START=false, refuse to go on while the database lacks one this
// version needs, naming them and the deploy step that applies them.
import { applyMigrations } from "./apply-migrations";
import { readMigrationStatus } from "./read-migration-status";

export const MIGRATE_COMMAND = "npm run cashier -- db migrate";

export class PendingMigrationsError extends Error {}

/** Returns the migrations it applied (none when it only checked). */
export async function prepareMigrations(config: { migrationUrl: string; migrateOnStart: boolean }): Promise<string[]> {
  if (config.migrateOnStart) return applyMigrations(config.migrationUrl);
  const { pending } = await readMigrationStatus(config.migrationUrl);
  if (pending.length > 0) {
    throw new PendingMigrationsError(
      `the database lacks ${pending.length} migration(s) this version needs: ${pending.join(", ")}. ` +
        `CASHIER_MIGRATE_ON_START is false, so nothing here applies them: run ${MIGRATE_COMMAND} first`,
    );
  }
  return [];
}
