import type http from "node:http";
import { isDatabaseOutageOpen } from "../db/database-outage";
import { errorCodes } from "../errors/app-error";

/**
 * What Next.js renders as a 500 (a console page or server action whose data could not be read)
 * while this process knows the database is unreachable is answered as what it is: a 503 with
 * Retry-After, which a browser, a proxy or a load balancer may retry, not a defect. The routes of
 * the gateway's own wrappers answer their 503s themselves (lib/db/database-outage).
 */
export function answerOutageAsUnavailable(response: http.ServerResponse): void {
  const writeHead = response.writeHead;
  response.writeHead = function (this: http.ServerResponse, statusCode: number, ...rest: unknown[]) {
    if (statusCode === 500 && isDatabaseOutageOpen()) {
      this.setHeader("retry-after", String(errorCodes.service_unavailable.retryAfterSeconds));
      return (writeHead as (...head: unknown[]) => http.ServerResponse).apply(this, [503, ...rest]);
    }
    return (writeHead as (...head: unknown[]) => http.ServerResponse).apply(this, [statusCode, ...rest]);
  } as http.ServerResponse["writeHead"];
}
