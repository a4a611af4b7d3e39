// The architecture's rules, checked in CI (npm run check:deps): no cycles between folders, only
// lib/db touches Prisma, and routes and UI reach the database only through the domain.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-folder-cycles",
      comment: "A folder that imports another must not be imported back by it, directly or around a loop.",
      severity: "error",
      scope: "folder",
      from: { path: "^(app|components|lib)/" },
      to: { circular: true },
    },
    {
      name: "only-lib-db-touches-prisma",
      comment: "Prisma's clients and types are read and written in lib/db alone, which translates its errors.",
      severity: "error",
      from: { path: "^(app|components|lib|proxy\\.ts|instrumentation\\.ts)", pathNot: "^lib/db/" },
      to: { path: "(^lib/db/generated/|@prisma/)" },
    },
    {
      name: "app-and-components-never-import-lib-db",
      comment: "Routes and UI call domain operations, never the data layer.",
      severity: "error",
      from: { path: "^(app|components)/" },
      to: { path: "^lib/db/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // Tests may reach across folders (a unit test starting the PSP simulator); the rules are the
    // shipped code's.
    exclude: { path: "(^|/)(node_modules|\\.next|lib/db/generated)/|\\.test\\.tsx?$|^test/" },
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default"] },
  },
};
