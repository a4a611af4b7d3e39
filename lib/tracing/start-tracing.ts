// The process's tracer provider, when OTEL_EXPORTER_OTLP_ENDPOINT (or its traces' own endpoint) is
// set: spans batched to an OTLP/HTTP collector, W3C trace context in and out, every span started
// while a request is handled named with its request id. The SDK is loaded only then, so a gateway
// that does not trace holds none of it.
import { hostname } from "node:os";
import type { Span, SpanProcessor } from "@opentelemetry/sdk-trace-node";
import { getConfig } from "../config/config";
import { currentRequestId } from "../log/request-context";

/** Adds the request id to each span as it starts: the request's, its queries', its PSP calls', Next.js's own. */
const requestIdProcessor: SpanProcessor = {
  onStart(span: Span) {
    const requestId = currentRequestId();
    if (requestId) span.setAttribute("cashier.request_id", requestId);
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
    spanProcessors: [requestIdProcessor, new BatchSpanProcessor(new OTLPTraceExporter({ url: tracing.tracesUrl }))],
  });
  provider.register({ propagator: new W3CTraceContextPropagator() });
  return () => provider.shutdown();
}
