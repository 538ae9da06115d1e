import { context, trace } from '@opentelemetry/api'
import { log } from '@/lib/log'

export type Tracing = {
  /** Sends every finished span now (tests, and before a worker exits). */
  flush(): Promise<void>
  /** Sends what is left and stops recording: the API is a no-op again. */
  shutdown(): Promise<void>
}

const holder = globalThis as unknown as { __tracing?: Promise<Tracing> }

/**
 * Starts exporting spans to an OTLP/HTTP collector (`{endpoint}/v1/traces`, JSON), once per
 * process. Off unless called: the web process and the worker call it only when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set, and only then is the SDK loaded.
 */
export function startTracing({ endpoint, serviceName }: { endpoint: string; serviceName: string }): Promise<Tracing> {
  holder.__tracing ??= load(endpoint, serviceName)
  return holder.__tracing
}

async function load(endpoint: string, serviceName: string): Promise<Tracing> {
  const [{ BasicTracerProvider, BatchSpanProcessor }, { OTLPTraceExporter }, { resourceFromAttributes }, { AsyncLocalStorageContextManager }] = await Promise.all([
    import('@opentelemetry/sdk-trace-base'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/context-async-hooks'),
  ])
  const exporter = new OTLPTraceExporter({ url: `${endpoint.replace(/\/+$/, '')}/v1/traces` })
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': serviceName }),
    spanProcessors: [new BatchSpanProcessor(exporter)],
  })
  // The active span follows the request (or job) across awaits.
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable())
  trace.setGlobalTracerProvider(provider)
  log.info('tracing.started', { endpoint, serviceName })
  return {
    flush: () => provider.forceFlush(),
    shutdown: async () => {
      await provider.shutdown()
      trace.disable()
      context.disable()
      holder.__tracing = undefined
    },
  }
}
