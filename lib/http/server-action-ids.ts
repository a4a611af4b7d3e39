// The server actions this build has: the ids `next build` writes in its server reference manifest
// (one per exported action, new with each build), read once per process. proxy.ts answers a call
// to any other id with a 404 before Next.js looks for it.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { appRoot } from "../runtime/app-root";

let ids: Promise<ReadonlySet<string> | null> | undefined;

/** The ids, or null without a production build (`next dev` keeps its own, changing as files change). */
export function readServerActionIds(): Promise<ReadonlySet<string> | null> {
  ids ??= readFile(path.join(appRoot(), ".next/server/server-reference-manifest.json"), "utf8").then(
    (text) => new Set(Object.keys((JSON.parse(text) as { node?: Record<string, unknown> }).node ?? {})),
    () => null,
  );
  return ids;
}
