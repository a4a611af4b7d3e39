// Spans through OpenTelemetry's API, which does nothing until a tracer provider is registered
// (start-tracing, when OTEL_EXPORTER_OTLP_ENDPOINT is set): without one, a span here costs a
// function call. Names and attributes follow OpenTelemetry's semantic conventions where they have
// one (http.*, db.*, server.*), and carry the gateway's own under cashier.*.
import { type Attributes, type Span, SpanKind, SpanStatusCode, context, propagation, trace } from "@opentelemetry/api";

export { SpanKind };

export const tracer = () => trace.getTracer("cashier");

/**
 * Runs `work` in a new span, the current one its parent, and ends it when `work` settles; a
 * rejection marks the span as an error with the exception's words.
 */
export function inSpan<T>(
  name: string,
  options: { kind?: SpanKind; attributes?: Attributes },
  work: (span: Span) => Promise<T>,
): Promise<T> {
  return tracer().startActiveSpan(name, options, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      span.recordException(error instanceof Error ? error : String(error));
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
}

/** Marks a span failed without an exception: an answer that says the other side failed. */
export function markSpanFailed(span: Span, message: string): void {
  span.setStatus({ code: SpanStatusCode.ERROR, message });
}

/** W3C `traceparent` (and `tracestate`) of the current span, for an outgoing request's headers; none when not tracing. */
export function traceHeaders(): Record<string, string> {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier;
}
