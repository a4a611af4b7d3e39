// Requests exactly as written: the method, the path (`//`, `%00`, a raw latin1 byte), the Host and
// every header as given, which fetch would normalise or refuse. Over kept-alive connections, so
// that thousands of them cost no handshake each.
import http from "node:http";

export type RawRequest = {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
};

export type RawAnswer = {
  /** 0 when no answer came (the connection failed or the time ran out), with `error` saying why. */
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  error?: string;
};

/** More than a socket takes at once: the server may answer before the client has written it all. */
const LARGE_BODY = 64 * 1024;

export type RawClient = {
  send: (request: RawRequest) => Promise<RawAnswer>;
  close: () => void;
};

export function rawClient(baseUrl: string, options: { connections: number; timeoutMs: number }): RawClient {
  const { hostname, port } = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const send = (request: RawRequest, isRetry = false): Promise<RawAnswer> =>
    new Promise((resolve) => {
      const failed = (error: unknown) =>
        resolve({ status: 0, headers: {}, body: "", error: error instanceof Error ? error.message : String(error) });
      let outgoing: http.ClientRequest;
      try {
        outgoing = http.request(
          {
            host: hostname,
            port,
            method: request.method,
            path: request.path,
            headers: request.headers,
            // The retry below takes a connection of its own: the pool's other sockets may have
            // been idle as long as the one that was cut, and be closed under it the same way.
            agent: isRetry ? false : agent,
            // A redirect to a 20,000-character path has headers past Node's 16 KB: still an answer.
            maxHeaderSize: 1024 * 1024,
          },
          (response) => {
            const chunks: Buffer[] = [];
            response.on("data", (chunk: Buffer) => chunks.push(chunk));
            response.on("error", failed);
            response.on("end", () =>
              resolve({
                status: response.statusCode ?? 0,
                headers: response.headers,
                body: Buffer.concat(chunks).toString("utf8"),
              }),
            );
          },
        );
      } catch (error) {
        // What Node refuses to send (a header value with a NUL): no request to judge.
        failed(error);
        return;
      }
      outgoing.setTimeout(options.timeoutMs, () => outgoing.destroy(new Error(`no answer in ${options.timeoutMs} ms`)));
      outgoing.on("error", (error: NodeJS.ErrnoException) => {
        const isCut = error.code === "ECONNRESET" || error.code === "EPIPE";
        // Sent once more on a new connection: a kept-alive connection the server closed as this
        // request went out on it (its keep-alive timeout), and a large body the server refused
        // before reading it all, closing the connection under it, so that its answer was lost.
        // Twice in a row is no race: it fails.
        if (isCut && !isRetry && (outgoing.reusedSocket || (request.body?.length ?? 0) > LARGE_BODY))
          resolve(send(request, true));
        else failed(error);
      });
      outgoing.end(request.body);
    });
  return { send, close: () => agent.destroy() };
}
