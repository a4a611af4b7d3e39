// The gateway's route handlers behind a real HTTP server on the loopback interface, in-process:
// what another process (the PSP simulator, a client library) needs to reach them over the wire.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { checkAnswer } from "./documented-schemas";

type Handler = (request: Request) => Promise<Response>;

export type RouteServer = {
  url: string;
  requests: { method: string; path: string; status: number }[];
  close: () => Promise<void>;
};

/** Routes are exact paths (no query); anything else is a 404. */
export async function startRouteServer(routes: Record<string, Handler>): Promise<RouteServer> {
  const requests: RouteServer["requests"] = [];
  const server = http.createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", async () => {
      const url = new URL(incoming.url ?? "/", `http://${incoming.headers.host}`);
      const handler = routes[url.pathname];
      const headers = new Headers();
      for (const [name, value] of Object.entries(incoming.headers))
        if (typeof value === "string") headers.set(name, value);
      const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
      const response = handler
        ? await handler(
            new Request(url, { method: incoming.method, headers, body: incoming.method === "GET" ? undefined : body }),
          )
        : new Response("not found", { status: 404 });
      await checkAnswer(url.pathname, response);
      requests.push({ method: incoming.method ?? "", path: url.pathname + url.search, status: response.status });
      outgoing
        .writeHead(response.status, Object.fromEntries(response.headers))
        .end(Buffer.from(await response.arrayBuffer()));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
