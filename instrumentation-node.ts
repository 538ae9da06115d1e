// What a Node.js server process does once at start (instrumentation.ts): it starts the translation
// workers inside the web process, unless WORKER_MODE=external (then `npm run worker` processes do
// the work and web processes only queue it). Kept apart so the Edge bundle never compiles it.
export async function registerNode() {
  if (process.env.NEXT_PHASE === 'phase-production-build') return
  // Validate every setting once at start, naming each missing or malformed one (also for a bare `next start`).
  const { env } = await import('./lib/env')
  const settings = env()
  if (process.env.NODE_ENV === 'production') {
    // Users' recordings are decoded by ffmpeg: a production server runs only a current one (also for a bare `next start`).
    const { assertMediaToolsCurrent } = await import('./lib/media/versions')
    await assertMediaToolsCurrent().catch((error: Error) => {
      console.error(error.message)
      process.exit(1)
    })
  }
  // Traces only when a collector is configured: otherwise the SDK is never loaded.
  if (settings.OTEL_EXPORTER_OTLP_ENDPOINT) {
    const { startTracing } = await import('./lib/tracing/start')
    await startTracing({ endpoint: settings.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: settings.OTEL_SERVICE_NAME })
  }
  if (process.env.WORKER_MODE === 'external' || !process.env.DATABASE_URL) return
  const { startWebWorkers } = await import('./lib/jobs/in-process')
  startWebWorkers()
}
