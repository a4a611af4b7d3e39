import type http from "node:http";

/**
 * Runs `adjust` as an answer's head is written, whoever writes it (Next.js, a route, Node's
 * implicit head): the last moment headers can be added and the status chosen, after every more
 * specific writer has set its own.
 */
export function onWriteHead(
  response: http.ServerResponse,
  adjust: (response: http.ServerResponse, statusCode: number) => number,
): void {
  const writeHead = response.writeHead;
  response.writeHead = function (this: http.ServerResponse, statusCode: number, ...rest: unknown[]) {
    return (writeHead as (...head: unknown[]) => http.ServerResponse).apply(this, [adjust(this, statusCode), ...rest]);
  } as http.ServerResponse["writeHead"];
}
