import type http from "node:http";
import { onWriteHead } from "./on-write-head";

/**
 * Gives an answer the headers it does not set itself, at the moment its head is written. Not set
 * up front: Next.js appends a route's and the proxy's headers only where the response has none of
 * that name, so an early default would win over the more specific policy. Whatever writeHead is
 * given wins too (Node sets those over what is already set).
 */
export function fillSecurityHeaders(response: http.ServerResponse, defaults: Record<string, string>): void {
  onWriteHead(response, (answer, statusCode) => {
    for (const [name, value] of Object.entries(defaults)) if (!answer.hasHeader(name)) answer.setHeader(name, value);
    return statusCode;
  });
}
