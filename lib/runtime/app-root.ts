// The folder the gateway's build and files are read from (.next, the migrations, the icon): the
// standalone folder npm start and the image serve (their entries set it before anything reads it),
// else the working directory, the repository, for next dev, the tests and the CLI from source.
// Kept on globalThis: Next.js's server chunks hold their own copy of this module.
import path from "node:path";

const APP_ROOT = Symbol.for("cashier.appRoot");
type WithAppRoot = { [APP_ROOT]?: string };

export function appRoot(): string {
  return (globalThis as WithAppRoot)[APP_ROOT] ?? process.cwd();
}

export function setAppRoot(dir: string): void {
  (globalThis as WithAppRoot)[APP_ROOT] = path.resolve(dir);
}
