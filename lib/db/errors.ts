// Storage errors are translated here so Prisma's codes never reach the domain.

// Prisma's P2002, and the drivers' own codes for what lib/db/driver writes: better-sqlite3's
// SqliteError (a primary key is a unique constraint too) and pg's SQLSTATE 23505.
const uniqueViolationCodes = new Set(["P2002", "SQLITE_CONSTRAINT_UNIQUE", "SQLITE_CONSTRAINT_PRIMARYKEY", "23505"]);

/** A unique constraint refused the write, through Prisma or through the driver. */
export function isUniqueViolation(error: unknown): boolean {
  const code = typeof error === "object" && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === "string" && uniqueViolationCodes.has(code);
}
