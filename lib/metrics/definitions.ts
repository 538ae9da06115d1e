import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'

// Every metric family of the app, in one place (docs/operations.md lists them with their alerts).
// Labels take only values from small fixed sets (a route's pattern, a stage, a provider name, an
// outcome), never an id or a raw path, so the number of series stays bounded.

export const PREFIX = 'subtitle_studio_'

/** Seconds: fast API answers up to slow uploads. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60]
/** Seconds: a provider request (DeepSeek answers in seconds, a long speech chunk in minutes). */
const PROVIDER_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 30, 60, 120, 300]
/** Seconds: a task's stage (seconds for a short file, an hour for a long recording). */
const STAGE_BUCKETS = [0.1, 0.5, 1, 2, 5, 10, 30, 60, 120, 300, 600, 1800, 3600]

export function createMetrics() {
  const registry = new Registry()
  // CPU, memory, event-loop lag and handles of this process (standard names, no prefix).
  collectDefaultMetrics({ register: registry })
  const registers = [registry]
  return {
    registry,
    httpRequests: new Counter({
      name: `${PREFIX}http_requests_total`,
      help: 'API requests answered, by method, route pattern and HTTP status.',
      labelNames: ['method', 'route', 'status'] as const,
      registers,
    }),
    httpDuration: new Histogram({
      name: `${PREFIX}http_request_duration_seconds`,
      help: 'Time from a request reaching its route to its answer (a streamed body not included), by method and route pattern.',
      labelNames: ['method', 'route'] as const,
      buckets: REQUEST_BUCKETS,
      registers,
    }),
    taskStage: new Histogram({
      name: `${PREFIX}task_stage_duration_seconds`,
      help: 'One run of a task stage (transcribing, translating; reviewing is one batch\'s review pass), by stage and outcome.',
      labelNames: ['stage', 'outcome'] as const,
      buckets: STAGE_BUCKETS,
      registers,
    }),
    taskRuns: new Counter({
      name: `${PREFIX}task_runs_total`,
      help: 'Task jobs run by a worker, by outcome (completed, failed, skipped, deleted, transcribed; error: thrown and retried; dead: given up).',
      labelNames: ['outcome'] as const,
      registers,
    }),
    queueJobs: new Gauge({
      name: `${PREFIX}queue_jobs`,
      help: 'Jobs in each pg-boss queue by state (ready: waiting to run now; deferred: waiting for a retry delay; active: running), read from the database at scrape time.',
      labelNames: ['queue', 'state'] as const,
      registers,
    }),
    queueAge: new Gauge({
      name: `${PREFIX}queue_oldest_job_age_seconds`,
      help: 'Age of the oldest job of each queue by state (ready: since it could run; active: since it started), 0 when there is none; read at scrape time.',
      labelNames: ['queue', 'state'] as const,
      registers,
    }),
    providerRequests: new Counter({
      name: `${PREFIX}provider_requests_total`,
      help: 'HTTP requests to translation and speech-to-text providers, by provider and outcome (ok, rate_limited, client_error, server_error, network).',
      labelNames: ['provider', 'outcome'] as const,
      registers,
    }),
    providerDuration: new Histogram({
      name: `${PREFIX}provider_request_duration_seconds`,
      help: 'Time a provider took to answer one HTTP request (body read), by provider.',
      labelNames: ['provider'] as const,
      buckets: PROVIDER_BUCKETS,
      registers,
    }),
    providerRateLimited: new Counter({
      name: `${PREFIX}provider_rate_limited_total`,
      help: 'Rate-limit answers from providers (HTTP 429, and MyMemory\'s used-up daily quota), by provider.',
      labelNames: ['provider'] as const,
      registers,
    }),
    points: new Counter({
      name: `${PREFIX}points_total`,
      help: 'Points moved by task billing: reserved at creation or retry, captured at completion, released on failure or deletion.',
      labelNames: ['operation'] as const,
      registers,
    }),
    recordingReprices: new Counter({
      name: `${PREFIX}recording_reprices_total`,
      help: 'Recordings uploaded while transcribed whose decoded length priced differently from the length the browser declared: repriced `up` or `down` before any work on the difference, or `refused` (the balance could not pay for the rest).',
      labelNames: ['direction'] as const,
      registers,
    }),
    uploadBytes: new Counter({
      name: `${PREFIX}upload_bytes_total`,
      help: 'Bytes of recordings\' sound received through the resumable upload (tus PATCH); bytes sent again after a dropped connection count again.',
      registers,
    }),
    pointOperations: new Counter({
      name: `${PREFIX}points_operations_total`,
      help: 'Ledger entries written by task billing (a repeated, idempotent call writes none), by operation.',
      labelNames: ['operation'] as const,
      registers,
    }),
  }
}

export type Metrics = ReturnType<typeof createMetrics>
