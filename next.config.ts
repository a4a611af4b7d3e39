import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // The folder npm start and the image serve: the server and only the packages it loads
  // (scripts/build-runtime.ts adds the start script, the CLI and the files read at run time).
  output: "standalone",
  poweredByHeader: false,
  // forbidden(): a console page a role may not open answers 403 (app/console/forbidden.tsx).
  experimental: { authInterrupts: true },
  // The generated Prisma clients and the database drivers load at run time from node_modules and
  // lib/db/generated; bundling them would break their wasm and native parts.
  serverExternalPackages: [
    "@prisma/client",
    "@prisma/adapter-better-sqlite3",
    "@prisma/adapter-pg",
    "better-sqlite3",
    "pg",
    "nodemailer",
    // One copy for every bundle: the tracer provider one registers, the others find.
    "@opentelemetry/api",
    "ioredis",
    // One copy for the compiled server entry and Next.js's chunks: both count in its one registry.
    "prom-client",
  ],
};

export default nextConfig;
