// HTTP to a PSP's API Pix: mutual TLS with the gateway's client certificate, an OAuth 2.0
// client-credentials token (cached until shortly before it expires, fetched by one caller at a
// time, renewed once when the PSP answers 401), a time limit on every call. Failures become
// AppErrors the merchant can act on: provider_unavailable (the PSP could not be reached or
// failed: retry later) and provider_error (the PSP refused). The client secret, the tokens and
// the configured extra header and query values (some PSPs' keys travel there) never appear in them.
// How the token is asked for and what each call carries besides comes from the PSP's profile.
import http from "node:http";
import https from "node:https";
import type { z } from "zod";
import type { PspSettings } from "./api-pix-settings";
import { AppError } from "../../errors/app-error";
import { metrics } from "../../metrics/metrics";
import { SpanKind, inSpan, traceHeaders } from "../../tracing/spans";
import { problemSchema, tokenResponseSchema } from "./schemas";

export type ApiPixMethod = "GET" | "PUT" | "POST" | "DELETE";

/** A PSP answer below 500 (5xx and transport failures throw provider_unavailable). */
export type ApiPixAnswer = { operation: string; status: number; body: unknown };

export type ApiPixClient = {
  /** `query` and `headers` add to the configured extra ones, and win on the same name. */
  send(request: {
    method: ApiPixMethod;
    path: string;
    query?: Record<string, string>;
    headers?: Record<string, string>;
    body?: unknown;
  }): Promise<ApiPixAnswer>;
  /** The body of a 2xx answer in the expected shape; provider_error for anything else. */
  read<T>(answer: ApiPixAnswer, schema: z.ZodType<T>): T;
  /** The PSP's refusal, summarised from its problem body. */
  refusal(answer: ApiPixAnswer): AppError;
};

type RawAnswer = { status: number; text: string };

// An API Pix page of 1000 Pix is a few hundred kilobytes; anything far larger is not an answer.
const MAX_ANSWER_BYTES = 8 * 1024 * 1024;

class CallTimeout extends Error {}

/** A kept-alive connection the PSP had closed while it sat idle: the request never reached it. */
class StaleConnection extends Error {}

function exchange(
  url: URL,
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
  agent: http.Agent,
  timeoutMs: number,
): Promise<RawAnswer> {
  const transport = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const request = transport.request(url, { method, headers, agent });
    // The whole exchange, connection and TLS handshake to the last byte, fits in the limit.
    const timer = setTimeout(() => request.destroy(new CallTimeout()), timeoutMs);
    request.on("error", (error) => {
      clearTimeout(timer);
      const isStale = request.reusedSocket && (error as NodeJS.ErrnoException).code === "ECONNRESET";
      reject(isStale ? new StaleConnection() : error);
    });
    request.on("response", (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_ANSWER_BYTES) request.destroy(new Error(`answer larger than ${MAX_ANSWER_BYTES} bytes`));
        else chunks.push(chunk);
      });
      response.on("error", (error) => {
        clearTimeout(timer);
        reject(error);
      });
      response.on("end", () => {
        clearTimeout(timer);
        resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") });
      });
    });
    request.end(body);
  });
}

function describeFailure(error: unknown, timeoutMs: number): string {
  if (error instanceof CallTimeout) return `did not answer within ${timeoutMs / 1000} s`;
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "ECONNREFUSED") return "refused the connection";
  if (code && /^(ERR_TLS|ERR_SSL|CERT_|UNABLE_TO|DEPTH_ZERO|SELF_SIGNED|HOSTNAME)/.test(code))
    return `failed the TLS handshake (${code})`;
  return `could not be reached (${code ?? (error instanceof Error ? error.message : String(error))})`;
}

/**
 * A call's operation as a metric's label: its method and path with every segment that names
 * something (a txid, an end-to-end id, a Pix key) replaced, so a label has a handful of values.
 * The API Pix's own words are short lower-case ones (cob, pix, devolucao, v2).
 */
export function operationLabel(method: string, pathname: string): string {
  const template = pathname
    .split("/")
    .map((segment) => (segment === "" || /^[a-z][a-z-]{0,15}\d?$/.test(segment) ? segment : "{id}"))
    .join("/");
  return `${method} ${template}`;
}

function parseJson(text: string): unknown {
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** `accountId` names the provider account in the metrics of its calls. */
export function createApiPixClient(settings: PspSettings, accountId: string): ApiPixClient {
  const httpsAgent = new https.Agent({
    keepAlive: true,
    cert: settings.clientCertificate?.cert,
    key: settings.clientCertificate?.key,
    ca: settings.ca ?? undefined,
  });
  const httpAgent = new http.Agent({ keepAlive: true });
  let token: { value: string; renewAt: number } | null = null;
  let pendingToken: Promise<string> | null = null;

  // A value too short to be a key (x-skip-mtls-checking's "true", a "1") would only garble the
  // PSP's words, status codes included, if it were redacted.
  const configuredValues = [settings.extraHeaders, settings.extraQuery, settings.webhookHeaders, settings.webhookQuery]
    .flatMap(Object.values)
    .filter((value) => value.length >= 8);

  /** Anything the PSP says is shown without the gateway's credentials, should it echo them. */
  function scrub(text: string): string {
    // Longest first, so a value that holds another is redacted whole.
    const hook = settings.webhookSecret;
    return [settings.clientSecret, token?.value, hook, hook && encodeURIComponent(hook), ...configuredValues]
      .filter((secret): secret is string => Boolean(secret))
      .sort((a, b) => b.length - a.length)
      .reduce((out, secret) => out.split(secret).join("[redacted]"), text)
      .slice(0, 300);
  }

  function summarise(operation: string, status: number, body: unknown): string {
    const problem = problemSchema.safeParse(body);
    let said: string;
    if (problem.success) {
      const reasons = (problem.data.violacoes ?? []).map((violation) =>
        [violation.propriedade, violation.razao].filter(Boolean).join(": "),
      );
      said = [problem.data.title, problem.data.detail, ...reasons].filter(Boolean).join(" ");
    } else if (body && typeof body === "object" && "error" in body) {
      // OAuth's own error shape (RFC 6749 section 5.2).
      const oauth = body as { error: unknown; error_description?: unknown };
      said = [oauth.error, oauth.error_description].filter((part) => typeof part === "string").join(": ");
    } else {
      said = typeof body === "string" ? body : "";
    }
    return scrub(`the PSP answered ${status} to ${operation}${said ? `: ${said}` : ""}`);
  }

  /** One exchange with the PSP, in a client span whose trace context the PSP receives (W3C `traceparent`). */
  function call(
    url: URL,
    method: ApiPixMethod,
    operation: string,
    headers: Record<string, string>,
    body?: string,
  ): Promise<RawAnswer> {
    const labels = { account: accountId, operation: operationLabel(method, url.pathname) };
    const attributes = {
      "http.request.method": method,
      "server.address": url.hostname,
      "url.template": labels.operation,
      "cashier.psp_account": accountId,
    };
    return inSpan(`${labels.operation}`, { kind: SpanKind.CLIENT, attributes }, async (span) => {
      const traced = { ...headers, ...traceHeaders() };
      const agent = url.protocol === "https:" ? httpsAgent : httpAgent;
      const send = () => exchange(url, method, traced, body, agent, settings.timeoutMs);
      const started = performance.now();
      const count = (result: string) => {
        metrics().pspCalls.inc({ ...labels, result });
        metrics().pspCallDuration.observe(labels, (performance.now() - started) / 1000);
      };
      let raw: RawAnswer;
      try {
        // Node's advice for kept-alive connections: a reset on a reused one is retried on a new one.
        // Its idle siblings sat as long: whatever dropped it (the PSP, a proxy) dropped them too,
        // so they go first, or the retry would meet the next of them.
        raw = await send().catch((error: unknown) => {
          if (!(error instanceof StaleConnection)) return Promise.reject(error);
          for (const idle of Object.values(agent.freeSockets)) for (const socket of idle ?? []) socket.destroy();
          return send();
        });
      } catch (error) {
        count("unavailable");
        throw new AppError(
          "provider_unavailable",
          scrub(`the PSP ${describeFailure(error, settings.timeoutMs)} (${operation})`),
        );
      }
      count(`${Math.floor(raw.status / 100)}xx`);
      span.setAttribute("http.response.status_code", raw.status);
      if (raw.status >= 500)
        throw new AppError("provider_unavailable", summarise(operation, raw.status, parseJson(raw.text)));
      return raw;
    });
  }

  async function fetchToken(): Promise<string> {
    const operation = "POST token";
    const fields: Record<string, string> = { grant_type: "client_credentials" };
    if (settings.scope) fields.scope = settings.scope;
    const headers: Record<string, string> = { accept: "application/json" };
    if (settings.tokenAuth === "basic") {
      headers.authorization = `Basic ${Buffer.from(`${settings.clientId}:${settings.clientSecret ?? ""}`).toString("base64")}`;
    } else {
      fields.client_id = settings.clientId;
      // Without a secret (Sicoob) the client certificate is the proof.
      if (settings.clientSecret) fields.client_secret = settings.clientSecret;
    }
    const isJson = settings.tokenFormat === "json";
    headers["content-type"] = isJson ? "application/json" : "application/x-www-form-urlencoded";
    const request = isJson ? JSON.stringify(fields) : new URLSearchParams(fields).toString();
    const raw = await call(new URL(settings.tokenUrl), "POST", operation, headers, request);
    const body = parseJson(raw.text);
    if (raw.status !== 200) throw new AppError("provider_error", summarise(operation, raw.status, body));
    const parsed = tokenResponseSchema.safeParse(body);
    if (!parsed.success)
      throw new AppError(
        "provider_error",
        `the PSP's token answer is not an OAuth token: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`,
      );
    // Renewed a little early (a tenth of its life, at most a minute), so no call carries a token
    // that expires on the way.
    const lifeMs = parsed.data.expires_in * 1000;
    token = { value: parsed.data.access_token, renewAt: Date.now() + lifeMs - Math.min(60_000, lifeMs / 10) };
    return token.value;
  }

  function accessToken(): Promise<string> {
    if (token && Date.now() < token.renewAt) return Promise.resolve(token.value);
    pendingToken ??= fetchToken().finally(() => {
      pendingToken = null;
    });
    return pendingToken;
  }

  return {
    async send({ method, path, query, headers, body }) {
      const operation = `${method} ${path}`;
      const url = new URL(`${settings.baseUrl}${path}`);
      for (const [name, value] of Object.entries({ ...settings.extraQuery, ...query }))
        url.searchParams.set(name, value);
      const text = body === undefined ? undefined : JSON.stringify(body);
      const attempt = async (bearer: string) => {
        const sent: Record<string, string> = {
          ...settings.extraHeaders,
          ...headers,
          authorization: `Bearer ${bearer}`,
          accept: "application/json",
        };
        if (text !== undefined) sent["content-type"] = "application/json";
        return call(url, method, operation, sent, text);
      };
      const used = await accessToken();
      let raw = await attempt(used);
      if (raw.status === 401) {
        // Revoked or expired early at the PSP: one fresh token, one more try. Concurrent calls
        // that met the same 401 share the one renewal.
        if (token?.value === used) token = null;
        raw = await attempt(await accessToken());
      }
      return { operation, status: raw.status, body: parseJson(raw.text) };
    },

    read(answer, schema) {
      if (answer.status < 200 || answer.status > 299) throw this.refusal(answer);
      const parsed = schema.safeParse(answer.body);
      if (!parsed.success) {
        const issues = parsed.error.issues
          .slice(0, 5)
          .map((issue) => `${issue.path.join(".") || "body"}: ${issue.message}`);
        throw new AppError(
          "provider_error",
          scrub(`the PSP's answer to ${answer.operation} is not what the API Pix specifies: ${issues.join("; ")}`),
        );
      }
      return parsed.data;
    },

    refusal(answer) {
      return new AppError("provider_error", summarise(answer.operation, answer.status, answer.body));
    },
  };
}
