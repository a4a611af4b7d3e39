// A merchant's callback endpoint, for real: an HTTP server on the loopback interface that answers
// as told and keeps what it received; over https when given a certificate, as production requires.
import http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import { decodeJwt } from "jose";
import { checkCallback } from "./documented-schemas";

export type Reply = { status: number; body?: string; headers?: Record<string, string>; delayMs?: number } | "hang";

export type Received = {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  jwt: string;
  data: Record<string, unknown>;
  receivedAt: number;
};

export type Receiver = {
  url: string;
  port: number;
  received: Received[];
  /** The most requests for one event_id that were in flight at the same moment. */
  maxConcurrentPerEvent: number;
  connections: number;
  /** Replies in order; when they run out, `fallback` answers. */
  replies: Reply[];
  fallback: Reply;
  /** Consulted first: a reply chosen for this request (by its event, say), or undefined for the above. */
  decide?: (received: Received) => Reply | undefined;
  close: () => Promise<void>;
};

export async function startReceiver(
  options: { host?: string; port?: number; fallback?: Reply; tls?: { key: string; cert: string } } = {},
): Promise<Receiver> {
  const inFlight = new Map<string, number>();
  const hanging = new Set<http.ServerResponse>();
  const receiver = {
    received: [] as Received[],
    maxConcurrentPerEvent: 0,
    connections: 0,
    replies: [] as Reply[],
    fallback: options.fallback ?? ({ status: 204 } as Reply),
    decide: undefined as Receiver["decide"],
  };
  const handle: http.RequestListener = (request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", async () => {
      const body = Buffer.concat(chunks).toString("utf8");
      let jwt = "";
      let data: Record<string, unknown> = {};
      try {
        jwt = (JSON.parse(body) as { jwt: string }).jwt;
        data = decodeJwt(jwt).data as Record<string, unknown>;
      } catch {
        // kept as received; the test decides whether that is wrong
      }
      if (jwt) checkCallback(data);
      const eventId = String(data.event_id ?? "");
      inFlight.set(eventId, (inFlight.get(eventId) ?? 0) + 1);
      receiver.maxConcurrentPerEvent = Math.max(receiver.maxConcurrentPerEvent, inFlight.get(eventId) ?? 0);
      const received = { path: request.url ?? "", headers: request.headers, body, jwt, data, receivedAt: Date.now() };
      receiver.received.push(received);
      // In flight until the exchange ends, answered or abandoned by the sender.
      response.on("close", () => inFlight.set(eventId, (inFlight.get(eventId) ?? 1) - 1));
      const reply = receiver.decide?.(received) ?? receiver.replies.shift() ?? receiver.fallback;
      if (reply === "hang") {
        hanging.add(response);
        return;
      }
      if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
      response.writeHead(reply.status, reply.headers).end(reply.body ?? "");
    });
  };
  const server = options.tls ? https.createServer(options.tls, handle) : http.createServer(handle);
  server.on("connection", () => receiver.connections++);
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  const { port } = server.address() as AddressInfo;
  const shownHost = host.includes(":") ? `[${host}]` : host;
  return Object.assign(receiver, {
    port,
    url: `${options.tls ? "https" : "http"}://${shownHost}:${port}/callbacks`,
    close: async () => {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
