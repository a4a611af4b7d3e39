// A TCP proxy in front of PostgreSQL that reads the wire protocol both ways and counts what a
// capacity plan needs (bench/capacity.ts): round trips (a simple Query or an extended-protocol
// Sync, each answered by one ReadyForQuery), the time the server took for them, statements
// executed, transactions that wrote (ended with ReadyForQuery "idle" after a write), and rows
// written (the INSERT, UPDATE, DELETE and MERGE command tags). No TLS: the bench connects in plain.
import net from "node:net";

export type WireCounts = {
  roundTrips: number;
  /** The server's time for those round trips, from the client's Sync or Query to ReadyForQuery. */
  serverMs: number;
  statements: number;
  writeCommits: number;
  rowsWritten: number;
  connections: number;
};

// A statement that writes: one that starts so, or a WITH whose part does (not a SELECT … FOR UPDATE).
const WRITE =
  /^\s*(insert|update|delete|merge)\b|^\s*with\b[\s\S]*\b(insert\s+into|delete\s+from|update\s+("[^"]+"|\w+)(\s+(as\s+)?\w+)?\s+set)\b/i;
const ROLLBACK = /^\s*rollback\b/i;
type Kind = "write" | "rollback" | "other";
const kindOf = (text: string): Kind => (WRITE.test(text) ? "write" : ROLLBACK.test(text) ? "rollback" : "other");

const cstring = (body: Buffer, offset: number): [string, number] => {
  const end = body.indexOf(0, offset);
  return [body.toString("utf8", offset, end), end + 1];
};

/**
 * Splits a stream into messages: a type byte, then a length that counts itself. A client's first
 * message, the startup, has no type byte.
 */
class Framer {
  private buffer = Buffer.alloc(0);
  constructor(
    private readonly onMessage: (type: string, body: Buffer) => void,
    private isStartup = false,
  ) {}
  push(chunk: Buffer): void {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      if (this.isStartup) {
        if (this.buffer.length < 4 || this.buffer.length < this.buffer.readInt32BE(0)) return;
        this.buffer = this.buffer.subarray(this.buffer.readInt32BE(0));
        this.isStartup = false;
        continue;
      }
      if (this.buffer.length < 5) return;
      const length = this.buffer.readInt32BE(1);
      if (this.buffer.length < length + 1) return;
      this.onMessage(String.fromCharCode(this.buffer[0]), this.buffer.subarray(5, length + 1));
      this.buffer = this.buffer.subarray(length + 1);
    }
  }
}

export async function startWireCounter(target: { host: string; port: number }) {
  const counts: WireCounts = {
    roundTrips: 0,
    serverMs: 0,
    statements: 0,
    writeCommits: 0,
    rowsWritten: 0,
    connections: 0,
  };
  const server = net.createServer((client) => {
    counts.connections++;
    const upstream = net.connect(target.port, target.host);
    const prepared = new Map<string, Kind>();
    const portals = new Map<string, string>();
    const sent: number[] = [];
    // The transaction under way: whether it wrote, the rows it wrote, and whether it will not
    // commit (an error, a rollback); counted when the server is idle again.
    let transaction = { hasWritten: false, rows: 0, isUndone: false };
    const run = (kind: Kind) => {
      if (kind === "write") transaction.hasWritten = true;
      if (kind === "rollback") transaction.isUndone = true;
    };
    const fromClient = new Framer((type, body) => {
      if (type === "Q") {
        counts.roundTrips++;
        counts.statements++;
        sent.push(performance.now());
        run(kindOf(cstring(body, 0)[0]));
      } else if (type === "P") {
        const [name, next] = cstring(body, 0);
        prepared.set(name, kindOf(cstring(body, next)[0]));
      } else if (type === "B") {
        const [portal, next] = cstring(body, 0);
        portals.set(portal, cstring(body, next)[0]);
      } else if (type === "E") {
        counts.statements++;
        run(prepared.get(portals.get(cstring(body, 0)[0]) ?? "") ?? "other");
      } else if (type === "S") {
        counts.roundTrips++;
        sent.push(performance.now());
      }
    }, true);
    const fromServer = new Framer((type, body) => {
      if (type === "C") {
        const tag = cstring(body, 0)[0].split(" ");
        if (["INSERT", "UPDATE", "DELETE", "MERGE"].includes(tag[0])) transaction.rows += Number(tag.at(-1));
      } else if (type === "E") {
        transaction.isUndone = true;
      } else if (type === "Z") {
        const started = sent.shift();
        if (started !== undefined) counts.serverMs += performance.now() - started;
        if (body.toString("latin1", 0, 1) !== "I") return;
        if (transaction.hasWritten && !transaction.isUndone) {
          counts.writeCommits++;
          counts.rowsWritten += transaction.rows;
        }
        transaction = { hasWritten: false, rows: 0, isUndone: false };
      }
    });
    client.on("data", (chunk: Buffer) => {
      fromClient.push(chunk);
      upstream.write(chunk);
    });
    upstream.on("data", (chunk: Buffer) => {
      fromServer.push(chunk);
      client.write(chunk);
    });
    client.on("error", () => upstream.destroy());
    upstream.on("error", () => client.destroy());
    client.on("close", () => upstream.end());
    upstream.on("close", () => client.end());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    read: (): WireCounts => ({ ...counts }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
