import type http from "node:http";

/**
 * Gives an answer the headers it does not set itself, at the moment its head is written. Not set
 * up front: Next.js appends a route's and the proxy's headers only where the response has none of
 * that name, so an early default would win over the more specific policy. Whatever writeHead is
 * given wins too (Node sets those over what is already set).
 */
export function fillSecurityHeaders(response: http.ServerResponse, defaults: Record<string, string>): void {
  const writeHead = response.writeHead;
  response.writeHead = function (this: http.ServerResponse, ...args: unknown[]) {
    for (const [name, value] of Object.entries(defaults)) if (!this.hasHeader(name)) this.setHeader(name, value);
    return (writeHead as (...head: unknown[]) => http.ServerResponse).apply(this, args);
  } as http.ServerResponse["writeHead"];
}
