// `npm run worker`: task workers as a process of their own, so
// web and workers scale apart. Run the web processes with WORKER_MODE=external to leave all work
// to these. Optional knobs: WORKER_TASKS_AT_ONCE (default 2), WORKER_POLL_SECONDS (1),
// WORKER_SUPERVISE_SECONDS (10), WORKER_HEARTBEAT_SECONDS (30, at least 10). With METRICS_PORT (and
// METRICS_TOKEN) it serves its own /metrics; with OTEL_EXPORTER_OTLP_ENDPOINT it sends traces.
import 'dotenv/config'
import { env } from '@/lib/env'
import { startMaintenance, startPaymentReconciliation, startTaskWorkers } from '@/lib/jobs'
import { log } from '@/lib/log'
import { assertMediaToolsCurrent } from '@/lib/media/versions'
import { serveMetrics } from '@/lib/metrics/server'
import { startTracing, type Tracing } from '@/lib/tracing/start'

const number = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback)
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`)
  return value
}

async function main() {
  const settings = env() // fails at once, naming every missing or malformed setting
  // Workers cut users' recordings with ffmpeg: in production only a current one from the system's packages.
  if (settings.NODE_ENV === 'production') await assertMediaToolsCurrent()
  const tracing: Tracing | null = settings.OTEL_EXPORTER_OTLP_ENDPOINT ? await startTracing({ endpoint: settings.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: `${settings.OTEL_SERVICE_NAME}-worker` }) : null
  const workers = await startTaskWorkers({
    tasksAtOnce: number('WORKER_TASKS_AT_ONCE', 2),
    transcriptionsAtOnce: number('WORKER_TRANSCRIPTIONS_AT_ONCE', 2),
    pollingIntervalSeconds: number('WORKER_POLL_SECONDS', 1),
    boss: { superviseIntervalSeconds: number('WORKER_SUPERVISE_SECONDS', 10), heartbeatSeconds: number('WORKER_HEARTBEAT_SECONDS', 30) },
  })
  await startPaymentReconciliation({ intervalSeconds: env().PAYMENT_RECONCILE_INTERVAL_S })
  await startMaintenance()
  if (settings.METRICS_PORT) await serveMetrics({ port: settings.METRICS_PORT, token: settings.METRICS_TOKEN })
  log.info('worker.ready', { pid: process.pid })
  let isStopping = false
  const stop = async (signal: string) => {
    if (isStopping) return
    isStopping = true
    log.info('worker.stopping', { signal })
    // A task still running when the wait ends is picked up again by another worker and resumes.
    await workers.stop({ timeoutMs: 20_000 }).catch((error) => log.error('worker.stop_failed', { error }))
    await tracing?.shutdown().catch((error) => log.error('tracing.stop_failed', { error }))
    process.exit(0)
  }
  process.on('SIGTERM', () => void stop('SIGTERM'))
  process.on('SIGINT', () => void stop('SIGINT'))
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
