// The process's tracer provider, when OTEL_EXPORTER_OTLP_ENDPOINT (or its traces' own endpoint) is
// set: spans batched to an OTLP/HTTP collector, W3C trace context in and out, every span started
// while a request is handled named with its request id. The SDK is loaded only then, so a gateway
// that does not trace holds none of it.
import { hostname } from "node:os";
import type { Span, SpanProcessor } from "@opentelemetry/sdk-trace-node";
import { getConfig } from "../config/config";
import { redactPaths } from "../log/redact-paths";
import { currentRequestId } from "../log/request-context";

/** Attributes that may hold a request's address: Next.js's own server span sets http.target to it whole. */
const ADDRESS_ATTRIBUTES = ["http.target", "http.url", "url.full", "url.path", "url.query"];

/**
 * Each span as it starts: named with its request's id (the request's span, its queries', its PSP
 * calls', Next.js's own), and with any address in its name or attributes as the log writes it
 * (a hosted payment's token, a webhook's ?secret=, replaced), since a trace store is read by more
 * people than the secrets' holders.
 */
const requestSpanProcessor: SpanProcessor = {
  onStart(span: Span) {
    const requestId = currentRequestId();
    if (requestId) span.setAttribute("cashier.request_id", requestId);
    for (const name of ADDRESS_ATTRIBUTES) {
      const value = span.attributes[name];
      if (typeof value === "string") span.setAttribute(name, redactPaths(value));
    }
    span.updateName(redactPaths(span.name));
  },
  onEnd: () => undefined,
  forceFlush: () => Promise.resolve(),
  shutdown: () => Promise.resolve(),
};

/**
 * A CommonJS package's exports however its import was compiled: node hands them over as the
 * namespace's `default` too, and the compiled entries' split chunks (scripts/compile-entries) only so.
 */
async function commonJs<T extends object>(imported: Promise<T>): Promise<T> {
  const namespace = (await imported) as T & { default?: T };
  return namespace.default ?? namespace;
}

/** Starts tracing if configured; the function that flushes what is left and stops, or null. */
export async function startTracing(): Promise<(() => Promise<void>) | null> {
  const tracing = getConfig().tracing;
  if (!tracing) return null;
  const [
    { BatchSpanProcessor, NodeTracerProvider },
    { OTLPTraceExporter },
    { resourceFromAttributes },
    { W3CTraceContextPropagator },
  ] = await Promise.all([
    commonJs(import("@opentelemetry/sdk-trace-node")),
    commonJs(import("@opentelemetry/exporter-trace-otlp-http")),
    commonJs(import("@opentelemetry/resources")),
    commonJs(import("@opentelemetry/core")),
  ]);
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({
      "service.name": tracing.serviceName,
      "service.instance.id": `${hostname()}:${process.pid}`,
    }),
    spanProcessors: [requestSpanProcessor, new BatchSpanProcessor(new OTLPTraceExporter({ url: tracing.tracesUrl }))],
  });
  provider.register({ propagator: new W3CTraceContextPropagator() });
  return () => provider.shutdown();
}
