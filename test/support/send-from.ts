// Requests to a gateway on this machine from a chosen local address: 127.0.0.1 is the trusted
// proxy the test gateways are told of (TRUSTED_PROXIES), 127.0.0.2 a client of its own, so a test
// can send the headers only a proxy may set (X-Request-Id, X-Forwarded-For, traceparent) from both.
import http from "node:http";
import { expect } from "@playwright/test";
import { jwtVerify } from "jose";
import { signRequestToken } from "../../lib/envelope/sign-request-token";
import { pixDepositRequest } from "./requests";

export type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

export function sendFrom(
  port: number,
  method: string,
  target: string,
  options: { headers?: Record<string, string>; body?: string; localAddress?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: "127.0.0.1", port, method, path: target, headers: options.headers, localAddress: options.localAddress },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      },
    );
    request.on("error", reject);
    request.end(options.body);
  });
}

/** A merchant's signed Pix create, answered 201: the answer and the new deposit's id. */
export async function createPixFrom(
  port: number,
  merchant: { keyId: string; secret: string },
  headers: Record<string, string>,
  localAddress?: string,
): Promise<{ answer: Answer; depositId: string }> {
  const jwt = await signRequestToken({ keyId: merchant.keyId, secret: merchant.secret, data: pixDepositRequest() });
  const answer = await sendFrom(port, "POST", "/api/pix", {
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ jwt }),
    localAddress,
  });
  expect(answer.status, answer.body).toBe(201);
  const { payload } = await jwtVerify(
    (JSON.parse(answer.body) as { jwt: string }).jwt,
    new TextEncoder().encode(merchant.secret),
  );
  return { answer, depositId: (payload.data as { id: string }).id };
}
