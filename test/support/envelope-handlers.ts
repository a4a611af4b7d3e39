// Each envelope route's handler, found by lib/envelope's list: a test that serves every operation
// takes them from here, so a new operation needs no edit of its own.
import { type EnvelopePath, envelopePaths } from "@/lib/envelope/envelope-routes";

type Handler = (request: Request) => Promise<Response>;

export async function importEnvelopeHandlers(): Promise<Record<EnvelopePath, Handler>> {
  const handlers = await Promise.all(
    envelopePaths.map(async (path) => [path, ((await import(`@/app${path}/route`)) as { POST: Handler }).POST]),
  );
  return Object.fromEntries(handlers) as Record<EnvelopePath, Handler>;
}
