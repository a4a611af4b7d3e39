// The Prisma CLI's configuration (generate, migrate diff). The gateway itself applies migrations
// with lib/db/apply-migrations.ts and never runs the CLI. The js schema engine with a driver
// adapter keeps the CLI from downloading a native engine, which fails offline.
import { defineConfig } from "prisma/config";

const url = process.env.DATABASE_URL ?? "file:./data/cashier.db";
const provider = process.env.CASHIER_PRISMA_PROVIDER ?? (/^postgres(ql)?:\/\//.test(url) ? "postgres" : "sqlite");

export default defineConfig({
  schema: `prisma/${provider}/schema.prisma`,
  migrations: { path: `prisma/${provider}/migrations` },
  engine: "js",
  experimental: { adapter: true },
  async adapter() {
    if (provider === "postgres") {
      const { PrismaPg } = await import("@prisma/adapter-pg");
      const pg = await import("pg");
      // The adapter cannot read the catalog types "char" (oid 18) and name (oid 19) that the
      // schema engine queries (prisma/orm#27403): read them as text.
      const asText = pg.default.types.getTypeParser(25);
      pg.default.types.setTypeParser(18, asText);
      pg.default.types.setTypeParser(19 as Parameters<typeof pg.default.types.setTypeParser>[0], asText);
      return new PrismaPg({ connectionString: url });
    }
    const { PrismaBetterSQLite3 } = await import("@prisma/adapter-better-sqlite3");
    return new PrismaBetterSQLite3({ url });
  },
});
