import { describe, expect, it } from 'vitest'
import { db } from '@/lib/db'
import { getBoss } from '@/lib/jobs'
import { grantPoints } from '@/lib/points'
import { createTask, failTask } from '@/lib/tasks'
import { ProviderError } from '@/lib/translate'
import { createDeepSeekProvider } from '@/lib/translate/providers'
import { GET as metricsRoute } from '@/app/metrics/route'
import { GET as healthRoute } from '@/app/api/health/route'
import { GET as taskRoute } from '@/app/api/tasks/[id]/route'
import { POST as createRoute } from '@/app/api/tasks/route'
import { buildRequest, buildSrt, ctx, makeUser, multipart, waitFor } from '@/test/route-harness'
import { deepSeekSetup, startTestWorkers } from '@/test/task-setup'

const TOKEN = 'metrics-test-token-0123456789'
const { fake, key: KEY } = await deepSeekSetup('metrics', { env: { METRICS_TOKEN: TOKEN } })

await startTestWorkers()

const scrape = (headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }) => metricsRoute(buildRequest('/metrics', { method: 'GET', headers }), ctx())

/** The text format read back: every sample as `name{labels}` → value. */
async function samples(): Promise<Map<string, number>> {
  const res = await scrape()
  expect(res.status).toBe(200)
  const out = new Map<string, number>()
  for (const line of (await res.text()).split('\n')) {
    if (line === '' || line.startsWith('#')) continue
    const at = line.lastIndexOf(' ')
    out.set(line.slice(0, at), Number(line.slice(at + 1)))
  }
  return out
}

/** One sample's value (0 when absent): labels in the order prom-client writes them. */
const value = (all: Map<string, number>, name: string, labels: Record<string, string> = {}) => {
  const inner = Object.entries(labels).map(([k, v]) => `${k}="${v}"`).join(',')
  return all.get(inner ? `${name}{${inner}}` : name) ?? 0
}

const P = 'subtitle_studio_'

describe('GET /metrics', () => {
  it('refuses a caller without the token (401, not cached), and a wrong one', async () => {
    const none = await scrape({})
    expect(none.status).toBe(401)
    expect(none.headers.get('cache-control')).toBe('no-store')
    expect(await none.json()).toMatchObject({ code: 40100, msg: 'A valid metrics token is required (Authorization: Bearer)' })
    expect((await scrape({ authorization: `Bearer ${TOKEN}-wrong` })).status).toBe(401)
    expect((await scrape({ authorization: TOKEN })).status).toBe(401)
  })

  it('answers the token holder every family in the text format, never cached', async () => {
    await healthRoute(buildRequest('/api/health', { method: 'GET' }), ctx())
    const res = await scrape()
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8')
    expect(res.headers.get('cache-control')).toBe('no-store')
    const text = await res.text()
    const families = [...text.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map((m) => `${m[1]} ${m[2]}`)
    expect(families).toEqual(
      expect.arrayContaining([
        `${P}http_requests_total counter`,
        `${P}http_request_duration_seconds histogram`,
        `${P}task_stage_duration_seconds histogram`,
        `${P}task_runs_total counter`,
        `${P}queue_jobs gauge`,
        `${P}queue_oldest_job_age_seconds gauge`,
        `${P}provider_requests_total counter`,
        `${P}provider_request_duration_seconds histogram`,
        `${P}provider_rate_limited_total counter`,
        `${P}points_total counter`,
        `${P}points_operations_total counter`,
        'process_cpu_seconds_total counter',
        'nodejs_eventloop_lag_seconds gauge',
      ]),
    )
    expect(text).toMatch(/^subtitle_studio_http_requests_total\{method="GET",route="\/api\/health",status="200"\} [1-9]/m)
  })

  it('labels requests by route pattern, never by the ids in the path', async () => {
    const { auth } = await makeUser()
    const id = `missing-${Date.now()}`
    await taskRoute(buildRequest(`/api/tasks/${id}`, { method: 'GET', headers: auth }), ctx({ id }))
    const text = await (await scrape()).text()
    expect(text).toMatch(/^subtitle_studio_http_requests_total\{method="GET",route="\/api\/tasks\/\[id\]",status="404"\} [1-9]/m)
    expect(text).not.toContain(id)
  })

  it('moves the task stage histogram, the runs, provider requests and points when a task completes', async () => {
    const before = await samples()
    const { user, auth } = await makeUser()
    await grantPoints({ userId: user.id, amount: 1000, key: `g:${user.id}` })
    // The review pass on: each batch is also reviewed (stage `reviewing`).
    const res = await createRoute(multipart('/api/tasks', auth, { name: 'm.srt', body: buildSrt(30) }, { targetLanguage: 'ja', service: 'deepseek', review: 'true' }), ctx())
    const { data } = await res.json()
    const task = await waitFor(async () => {
      const t = await db.task.findUnique({ where: { id: data.id } })
      return t && t.status !== 'translating' ? t : null
    }, { timeoutMs: 45_000, what: 'the task' })
    expect(task.status).toBe('completed')
    const after = await samples()
    const delta = (name: string, labels: Record<string, string> = {}) => value(after, name, labels) - value(before, name, labels)

    expect(delta(`${P}task_stage_duration_seconds_count`, { stage: 'translating', outcome: 'completed' })).toBe(1)
    expect(delta(`${P}task_stage_duration_seconds_sum`, { stage: 'translating', outcome: 'completed' })).toBeGreaterThan(0)
    expect(delta(`${P}task_stage_duration_seconds_bucket`, { le: '+Inf', stage: 'translating', outcome: 'completed' })).toBe(1)
    expect(delta(`${P}task_stage_duration_seconds_count`, { stage: 'reviewing', outcome: 'reviewed' })).toBeGreaterThanOrEqual(1)
    expect(delta(`${P}task_runs_total`, { outcome: 'completed' })).toBe(1)
    expect(delta(`${P}provider_requests_total`, { provider: 'deepseek', outcome: 'ok' })).toBeGreaterThanOrEqual(2)
    expect(delta(`${P}provider_request_duration_seconds_count`, { provider: 'deepseek' })).toBeGreaterThanOrEqual(2)
    expect(delta(`${P}http_requests_total`, { method: 'POST', route: '/api/tasks', status: '200' })).toBe(1)
    // Reserved at creation, captured at completion: the task's cost both times.
    expect(task.cost).toBeGreaterThan(0)
    expect(delta(`${P}points_total`, { operation: 'reserved' })).toBe(task.cost)
    expect(delta(`${P}points_total`, { operation: 'captured' })).toBe(task.cost)
    expect(delta(`${P}points_operations_total`, { operation: 'captured' })).toBe(1)
    expect(delta(`${P}points_total`, { operation: 'released' })).toBe(0)
  })

  it('counts points released when a task fails, and a repeated release not at all', async () => {
    const { user } = await makeUser()
    await grantPoints({ userId: user.id, amount: 500, key: `g:${user.id}` })
    const before = await samples()
    const task = await createTask({
      userId: user.id,
      upload: { fileName: 'x.srt', bytes: new TextEncoder().encode(buildSrt(12)) },
      fields: { sourceLanguage: 'en', targetLanguage: 'ja', service: 'deepseek', includeOriginalText: false, batchSize: undefined },
      enqueue: async () => {},
    })
    expect(await failTask({ taskId: task.id, error: 'test' })).toBe(true)
    expect(await failTask({ taskId: task.id, error: 'again' })).toBe(false)
    const after = await samples()
    const delta = (operation: string, name = `${P}points_total`) => value(after, name, { operation }) - value(before, name, { operation })
    expect(task.cost).toBeGreaterThan(0)
    expect([delta('reserved'), delta('released'), delta('captured')]).toEqual([task.cost, task.cost, 0])
    expect([delta('reserved', `${P}points_operations_total`), delta('released', `${P}points_operations_total`)]).toEqual([1, 1])
  })

  it('counts a provider 429 by provider', async () => {
    const before = await samples()
    const provider = createDeepSeekProvider({ baseUrl: fake.url, apiKey: KEY, model: 'deepseek-flash' })
    const failed = await provider.translateBatch({ lines: [{ id: 1, text: 'hello [[fault:429]]' }], context: { before: [], after: [] }, targetLanguage: 'ja' }).catch((e: unknown) => e)
    expect(failed).toBeInstanceOf(ProviderError)
    expect((failed as ProviderError).kind).toBe('rate_limited')
    const after = await samples()
    const delta = (name: string, labels: Record<string, string>) => value(after, name, labels) - value(before, name, labels)
    expect(delta(`${P}provider_rate_limited_total`, { provider: 'deepseek' })).toBe(1)
    expect(delta(`${P}provider_requests_total`, { provider: 'deepseek', outcome: 'rate_limited' })).toBe(1)
  })

  it('reads queue depth and the oldest job age from the database at scrape time', async () => {
    const boss = await getBoss()
    const queue = `metrics-test-${Date.now()}`
    await boss.createQueue(queue)
    await boss.send(queue, {})
    await boss.send(queue, {}, { startAfter: 3600 })
    await new Promise((r) => setTimeout(r, 1100))
    const all = await samples()
    expect(value(all, `${P}queue_jobs`, { queue, state: 'ready' })).toBe(1)
    expect(value(all, `${P}queue_jobs`, { queue, state: 'deferred' })).toBe(1)
    expect(value(all, `${P}queue_jobs`, { queue, state: 'active' })).toBe(0)
    expect(value(all, `${P}queue_oldest_job_age_seconds`, { queue, state: 'ready' })).toBeGreaterThanOrEqual(1)
    expect(all.has(`${P}queue_jobs{queue="task-run",state="ready"}`)).toBe(true)
    await boss.deleteQueue(queue)
  })
})
