import type http from "node:http";
import { isDatabaseOutageOpen } from "../db/database-outage";
import { errorCodes } from "../errors/app-error";
import { onWriteHead } from "./on-write-head";

/**
 * What Next.js renders as a 500 (a console page or server action whose data could not be read)
 * while this process knows the database is unreachable is answered as what it is: a 503 with
 * Retry-After, which a browser, a proxy or a load balancer may retry, not a defect. The gateway's
 * own wrappers answer their 503s themselves (lib/db/database-outage), in JSON: a JSON 500 is theirs
 * and a real defect, whose body says internal_error, so it keeps its status.
 */
export function answerOutageAsUnavailable(response: http.ServerResponse): void {
  onWriteHead(response, (answer, statusCode) => {
    if (statusCode !== 500 || !isDatabaseOutageOpen()) return statusCode;
    if (/json/i.test(String(answer.getHeader("content-type") ?? ""))) return statusCode;
    answer.setHeader("retry-after", String(errorCodes.service_unavailable.retryAfterSeconds));
    return 503;
  });
}
