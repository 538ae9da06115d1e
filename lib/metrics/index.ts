import { annotateSpan, inSpan, linkTo } from '@/lib/tracing'
import { createMetrics, type Metrics } from './definitions'
import { routePattern } from './route-pattern'

// The hooks other modules call, one line each: they record into this process's registry (web and
// worker processes each have their own; docs/operations.md says how both are scraped) and, when
// tracing is on, open the matching span.

// On globalThis: Next.js may load this module more than once in one process (instrumentation and
// route bundles), and every copy must count into the same registry.
const holder = globalThis as unknown as { __subtitleMetrics?: Metrics }

/** The metric families of this process. */
export function metrics(): Metrics {
  holder.__subtitleMetrics ??= createMetrics()
  return holder.__subtitleMetrics
}

const secondsSince = (startedMs: number) => (performance.now() - startedMs) / 1000

type RouteRequest = { method: string; nextUrl: { pathname: string } }
type RouteParams = { params?: Promise<Record<string, string | string[]>> } | undefined

/**
 * Wraps a route handler (route(), lib/http): each answer is counted and timed by method, route
 * pattern (never the raw path) and status, inside the server span `METHOD /pattern` when tracing is
 * on, so a job queued by the handler can link back to it.
 */
export function observeRoute<Req extends RouteRequest, Ctx extends RouteParams>(handler: (req: Req, context: Ctx) => Promise<Response>) {
  return async (req: Req, context: Ctx): Promise<Response> => {
    const started = performance.now()
    const params = await Promise.resolve(context?.params).catch(() => undefined)
    const route = routePattern(req.nextUrl.pathname, params ?? {})
    return inSpan(`${req.method} ${route}`, { server: true, attributes: { 'http.request.method': req.method, 'http.route': route } }, async () => {
      const response = await handler(req, context)
      const m = metrics()
      m.httpRequests.inc({ method: req.method, route, status: String(response.status) })
      m.httpDuration.observe({ method: req.method, route }, secondsSince(started))
      annotateSpan({ 'http.response.status_code': response.status })
      return response
    })
  }
}

/**
 * Runs one stage of a task (`transcribing`, `translating`, a batch's `reviewing`) and records its
 * duration by outcome: what it answered (`outcomeOf`), or `error` when it threw. Traced as the span
 * `task.<stage>`.
 */
export async function timeStage<T>(stage: string, run: () => Promise<T>, outcomeOf: (result: T) => string = String): Promise<T> {
  const started = performance.now()
  return inSpan(`task.${stage}`, {}, async () => {
    let outcome = 'error'
    try {
      const result = await run()
      outcome = outcomeOf(result)
      return result
    } finally {
      metrics().taskStage.observe({ stage, outcome }, secondsSince(started))
      annotateSpan({ 'task.outcome': outcome })
    }
  })
}

/**
 * Runs a task's job (lib/jobs worker) as the root span `task`, linked to the request that queued
 * it (its `traceparent` travels in the job's data), and counts the run by outcome.
 */
export async function observeTaskRun<T extends string>(taskId: string, traceparent: string | undefined, run: () => Promise<T>): Promise<T> {
  return inSpan('task', { root: true, links: linkTo(traceparent), attributes: { 'task.id': taskId } }, async () => {
    let outcome = 'error'
    try {
      const result = await run()
      outcome = result
      return result
    } finally {
      metrics().taskRuns.inc({ outcome })
    }
  })
}

/** A task given up after its last allowed run (the dead-letter queue). */
export function countDeadTask(): void {
  metrics().taskRuns.inc({ outcome: 'dead' })
}

export type ProviderName = 'deepseek' | 'google' | 'mymemory' | 'stt' | 'tts'

const outcomeOf = (status: number) => (status < 400 ? 'ok' : status === 429 ? 'rate_limited' : status < 500 ? 'client_error' : 'server_error')

/**
 * One HTTP request to a provider, answered (`status`) or not (`network`: no connection, no answer
 * in time). The caller's own abort is not the provider's failure and is not recorded.
 */
export function observeProvider(provider: ProviderName, status: number | 'network', startedMs: number): void {
  const m = metrics()
  const outcome = status === 'network' ? 'network' : outcomeOf(status)
  m.providerRequests.inc({ provider, outcome })
  m.providerDuration.observe({ provider }, secondsSince(startedMs))
  if (outcome === 'rate_limited') m.providerRateLimited.inc({ provider })
}

/** A rate limit a provider reports inside a successful answer (MyMemory's daily quota). */
export function countProviderRateLimit(provider: ProviderName): void {
  metrics().providerRateLimited.inc({ provider })
}

/** A ledger entry of task billing written (lib/points), with the points it moved. */
export function countPoints(operation: 'reserved' | 'captured' | 'released', points: number): void {
  const m = metrics()
  m.pointOperations.inc({ operation })
  m.points.inc({ operation }, points)
}

/** A streamed recording's price set to its decoded length (`up`, `down`), or the rest refused. */
export function countReprice(direction: 'up' | 'down' | 'refused'): void {
  metrics().recordingReprices.inc({ direction })
}

/** Bytes of a recording part the server received in one request. */
export function countUploadBytes(bytes: number): void {
  if (bytes > 0) metrics().uploadBytes.inc(bytes)
}

export type QueueDepth = { queue: string; ready: number; deferred: number; active: number; oldestReadySeconds: number; oldestActiveSeconds: number }

/** Sets the queue gauges from a reading of the queues (lib/jobs), replacing the previous one. */
export function setQueueDepth(queues: QueueDepth[]): void {
  const { queueJobs, queueAge } = metrics()
  queueJobs.reset()
  queueAge.reset()
  for (const q of queues) {
    queueJobs.set({ queue: q.queue, state: 'ready' }, q.ready)
    queueJobs.set({ queue: q.queue, state: 'deferred' }, q.deferred)
    queueJobs.set({ queue: q.queue, state: 'active' }, q.active)
    queueAge.set({ queue: q.queue, state: 'ready' }, q.oldestReadySeconds)
    queueAge.set({ queue: q.queue, state: 'active' }, q.oldestActiveSeconds)
  }
}

/** The registry in Prometheus' text format, and its content type. */
export async function metricsText(): Promise<{ body: string; contentType: string }> {
  const { registry } = metrics()
  return { body: await registry.metrics(), contentType: registry.contentType }
}

export { routePattern, UNMATCHED_ROUTE } from './route-pattern'
export { checkMetricsToken } from './access'
