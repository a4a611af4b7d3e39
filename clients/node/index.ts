// The typed Node.js client of the Cashier API: signs each request with jose, verifies each answer
// and callback, and throws refusals as CashierError. Its types come from the schemas the gateway
// checks requests with and writes answers by (type-only imports: nothing of the gateway is loaded).
import { SignJWT, jwtVerify } from "jose";
import type { z } from "zod";
import type {
  createGatewayInSchema,
  createPaymentInitiationSchema,
  createPixDepositSchema,
  PaymentInitiationAnswer,
  PixDepositAnswer,
} from "../../lib/deposits/schemas";
import type { createGatewayOutSchema, GatewayOutAnswer } from "../../lib/payouts/schemas";
import type { createRefundSchema, RefundAnswer } from "../../lib/refunds/schemas";
import type { StatusAnswer, StatusQuery } from "../../lib/status/schemas";

type RequestOf<F extends (...args: never[]) => z.ZodType> = z.input<ReturnType<F>>;

export type ClientOptions = { baseUrl: string; keyId: string; secret: string };
export type FieldError = { path: string; message: string };

/** A refusal: the gateway's error code as `type`, what to fix as `detail`, and invalid fields. */
export class CashierError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    readonly detail: string,
    readonly fields: FieldError[] = [],
  ) {
    super(`${type}: ${detail}`);
    this.name = "CashierError";
  }
}

export function createClient(options: ClientOptions) {
  // The secret is used as the UTF-8 text shown at creation, never base64-decoded.
  const key = new TextEncoder().encode(options.secret);
  const baseUrl = options.baseUrl.replace(/\/+$/, "");

  const sign = (data: unknown) =>
    new SignJWT({ data: data as Record<string, unknown> })
      .setProtectedHeader({ alg: "HS256", kid: options.keyId })
      .setIssuedAt()
      .setExpirationTime("60s")
      .sign(key);

  async function call<T>(path: string, data: unknown): Promise<T & { warnings?: string[] }> {
    const response = await fetch(baseUrl + path, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jwt: await sign(data) }),
    });
    const body = (await response.json()) as { jwt?: string; code?: string; detail?: string };
    // No token: the gateway could not accept ours, and answered an unsigned problem.
    if (!body.jwt) throw new CashierError(response.status, body.code ?? "unknown", body.detail ?? response.statusText);
    const { payload } = await jwtVerify(body.jwt, key, { algorithms: ["HS256"], typ: "cashier-response+jwt" });
    const answer = payload.data as T & { error?: { type: string; detail: string; fields?: FieldError[] } };
    if (answer.error)
      throw new CashierError(payload.code as number, answer.error.type, answer.error.detail, answer.error.fields);
    return answer;
  }

  return {
    pix: (data: RequestOf<typeof createPixDepositSchema>) => call<PixDepositAnswer>("/api/pix", data),
    paymentInitiation: (data: RequestOf<typeof createPaymentInitiationSchema>) =>
      call<PaymentInitiationAnswer>("/api/payment-initiation", data),
    gatewayOut: (data: RequestOf<typeof createGatewayOutSchema>) => call<GatewayOutAnswer>("/api/gateway-out", data),
    refunds: { create: (data: RequestOf<typeof createRefundSchema>) => call<RefundAnswer>("/api/refund", data) },
    status: (query: StatusQuery) => call<StatusAnswer>("/api/status", query),
    /** Where to send the customer for Gateway In: the data signed into the URL. */
    gatewayInUrl: async (data: RequestOf<typeof createGatewayInSchema>) =>
      `${baseUrl}/direct/${encodeURIComponent(options.keyId)}/${await sign(data)}`,
    /** A callback's raw body, verified: its data (event_id, type, occurred_at and the event's fields). */
    verifyCallback: async (body: string): Promise<Record<string, unknown> & { event_id: string; type: string }> => {
      const { jwt } = JSON.parse(body) as { jwt: string };
      const { payload } = await jwtVerify(jwt, key, { algorithms: ["HS256"], typ: "cashier-callback+jwt" });
      return payload.data as Record<string, unknown> & { event_id: string; type: string };
    },
  };
}
