// The gateway's mark (app/icon.svg, what pages link to) for /favicon.ico, read once per process.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { appRoot } from "../runtime/app-root";

let favicon: Promise<string> | undefined;

export function readFavicon(): Promise<string> {
  favicon ??= readFile(path.join(appRoot(), "app/icon.svg"), "utf8");
  return favicon;
}
