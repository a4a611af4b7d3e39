// What a merchant's developer does against the API, in-process: sign a token, POST it to a real
// route handler, verify the signed answer with the same secret.
import { jwtVerify } from "jose";
import { expect } from "vitest";
import { createMerchant } from "@/lib/merchants/create-merchant";
import type { CreateMerchantInput } from "@/lib/merchants/schemas";
import { signRequestToken } from "@/lib/envelope/sign-request-token";
import { checkHandlerAnswer } from "./documented-schemas";

export type TestMerchant = { merchantId: string; keyId: string; secret: string };

export async function createTestMerchant(overrides: Partial<CreateMerchantInput> = {}): Promise<TestMerchant> {
  return createMerchant({ name: "Loja Teste", ...overrides });
}

type Handler = (request: Request) => Promise<Response>;

/** The handler's answer, checked against the decoded OpenAPI document when it is an operation's (documented-schemas). */
export async function post(
  handler: Handler,
  body: BodyInit | null,
  headers: Record<string, string> = { "content-type": "application/json" },
): Promise<Response> {
  const response = await handler(new Request("http://localhost/api/test", { method: "POST", body, headers }));
  await checkHandlerAnswer(handler, response);
  return response;
}

export async function postSigned(
  handler: Handler,
  merchant: TestMerchant,
  data: unknown,
  jti?: string,
): Promise<Response> {
  const jwt = await signRequestToken({ keyId: merchant.keyId, secret: merchant.secret, data, jti });
  return post(handler, JSON.stringify({ jwt }));
}

/** The response's token, verified with the merchant's secret; its code equals the HTTP status. */
export async function readSigned(response: Response, merchant: TestMerchant) {
  expect(response.headers.get("content-type")).toBe("application/json");
  const { jwt } = (await response.json()) as { jwt: string };
  const { payload, protectedHeader } = await jwtVerify(jwt, new TextEncoder().encode(merchant.secret), {
    algorithms: ["HS256"],
  });
  expect(protectedHeader.kid).toBe(merchant.keyId);
  expect(payload.code).toBe(response.status);
  expect((payload.exp as number) - (payload.iat as number)).toBe(60);
  return { payload, jwt, header: protectedHeader, data: payload.data as Record<string, unknown> };
}

export async function readProblem(response: Response) {
  expect(response.headers.get("content-type")).toBe("application/problem+json");
  const body = (await response.json()) as { type: string; title: string; status: number; detail: string; code: string };
  expect(body.status).toBe(response.status);
  return body;
}
