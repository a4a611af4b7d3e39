// A TCP proxy a test owns in front of a dependency (Redis, PostgreSQL), to make it hang as a
// stalled server or a silent network does: while stalled, the proxy keeps accepting connections
// and bytes but passes nothing on either way; resumed, it delivers what it held, in order, as the
// dependency would once it answers again. Cut, it is a dependency that went away: every open
// connection is reset and new ones are refused (nothing listens on its port) until it is restored.
import net from "node:net";

export type StallingProxy = {
  port: number;
  stall(): void;
  resume(): void;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
};

export async function startStallingProxy(target: { host: string; port: number }): Promise<StallingProxy> {
  let stalled = false;
  const held: Array<() => void> = [];
  const sockets = new Set<net.Socket>();
  const forward = (from: net.Socket, to: net.Socket) =>
    from.on("data", (chunk) => (stalled ? held.push(() => to.write(chunk)) : to.write(chunk)));

  const server = net.createServer((client) => {
    const upstream = net.connect(target);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => undefined);
    }
    forward(client, upstream);
    forward(upstream, client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  const listen = (port: number) => new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const stopListening = () => new Promise<void>((resolve) => server.close(() => resolve()));
  // A reset, not a polite end: what a client sees when the server or the network is lost (a socket
  // still connecting cannot be reset, only destroyed).
  const resetAll = () => {
    for (const socket of sockets) {
      if (socket.connecting) socket.destroy();
      else socket.resetAndDestroy();
    }
  };
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    stall: () => {
      stalled = true;
    },
    resume: () => {
      stalled = false;
      for (const deliver of held.splice(0)) deliver();
    },
    cut: async () => {
      const closed = stopListening();
      resetAll();
      await closed;
    },
    restore: () => listen(port),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      if (server.listening) await stopListening();
    },
  };
}
