import { SpanKind, SpanStatusCode, trace, type Attributes, type Link, type SpanContext } from '@opentelemetry/api'

// Spans through the OpenTelemetry API only. Until startTracing (./start.ts) registers a provider,
// the API's tracer is a no-op: a span costs one function call and nothing is recorded or sent.
// The SDK and its exporter are loaded only when an OTLP endpoint is configured.

const tracer = () => trace.getTracer('subtitle-studio')

export type SpanOptions = {
  attributes?: Attributes
  /** Spans this one follows from without being their child (a job started by a request). */
  links?: Link[]
  /** A new trace instead of a child of the active span. */
  root?: boolean
  server?: boolean
}

/** Runs fn inside a span named `name`; a throw marks the span as an error and is rethrown. */
export function inSpan<T>(name: string, options: SpanOptions, fn: () => Promise<T>): Promise<T> {
  const spanOptions = { attributes: options.attributes, links: options.links, root: options.root, kind: options.server ? SpanKind.SERVER : SpanKind.INTERNAL }
  return tracer().startActiveSpan(name, spanOptions, async (span) => {
    try {
      return await fn()
    } catch (error) {
      span.recordException(error instanceof Error ? error : String(error))
      span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) })
      throw error
    } finally {
      span.end()
    }
  })
}

/** Sets an attribute on the active span (the outcome of a stage, the status of an answer). */
export function annotateSpan(attributes: Attributes): void {
  trace.getActiveSpan()?.setAttributes(attributes)
}

/** The active span as a W3C `traceparent` (to carry in a job's data); undefined when nothing is traced. */
export function traceParent(): string | undefined {
  const context = trace.getActiveSpan()?.spanContext()
  if (!context || !trace.isSpanContextValid(context)) return undefined
  return `00-${context.traceId}-${context.spanId}-${(context.traceFlags & 0xff).toString(16).padStart(2, '0')}`
}

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/

/** A link to the span a `traceparent` names (none for a missing or malformed one). */
export function linkTo(traceparent: string | undefined): Link[] {
  const match = traceparent ? TRACEPARENT.exec(traceparent) : null
  if (!match) return []
  const context: SpanContext = { traceId: match[1], spanId: match[2], traceFlags: parseInt(match[3], 16), isRemote: true }
  return trace.isSpanContextValid(context) ? [{ context }] : []
}
