import { afterAll, describe, expect, it } from 'vitest'
import { startOtlpReceiver } from '@/fakes/otlp'
import { db } from '@/lib/db'
import { grantPoints } from '@/lib/points'
import { POST as createRoute } from '@/app/api/tasks/route'
import { buildSrt, ctx, makeUser, multipart, waitFor } from '@/test/route-harness'
import { deepSeekSetup, startTestWorkers } from '@/test/task-setup'
import { inSpan, traceParent } from './index'
import { startTracing, type Tracing } from './start'

await deepSeekSetup('tracing')
const receiver = await startOtlpReceiver()

await startTestWorkers()
let tracing: Tracing | undefined

afterAll(async () => {
  await tracing?.shutdown()
  await receiver.close()
})

/** Creates a task through the route and waits for the worker to finish it; answers its id and its job's data. */
async function translatedTask() {
  const { user, auth } = await makeUser()
  await grantPoints({ userId: user.id, amount: 1000, key: `g:${user.id}` })
  const res = await createRoute(multipart('/api/tasks', auth, { name: 'm.srt', body: buildSrt(20) }, { targetLanguage: 'ja', service: 'deepseek', review: 'true' }), ctx())
  const taskId = (await res.json()).data.id as string
  await waitFor(async () => (await db.task.findUnique({ where: { id: taskId } }))?.status === 'completed', { timeoutMs: 45_000, what: 'the task' })
  const [job] = await db.$queryRaw<{ data: Record<string, unknown> }[]>`SELECT data FROM pgboss.job WHERE name = 'task-run' AND data->>'taskId' = ${taskId}`
  return { taskId, jobData: job.data }
}

describe('tracing', () => {
  it('is off by default: no span context, no trace context in the job, nothing sent', async () => {
    expect(await inSpan('probe', {}, async () => traceParent())).toBeUndefined()
    const { taskId, jobData } = await translatedTask()
    expect(jobData).toEqual({ taskId })
    await new Promise((r) => setTimeout(r, 200))
    expect(receiver.stats.requests).toBe(0)
  })

  it('with an OTLP endpoint, sends the request span and the task\'s stages as spans linked to it', async () => {
    tracing = await startTracing({ endpoint: receiver.url, serviceName: 'subtitle-studio-test' })
    const { taskId, jobData } = await translatedTask()
    await tracing.flush()
    const spans = receiver.spans
    const request = spans.find((s) => s.name === 'POST /api/tasks')
    expect(request).toMatchObject({ kind: 2, parentSpanId: null, service: 'subtitle-studio-test', attributes: { 'http.route': '/api/tasks', 'http.response.status_code': 200 } })
    // The request's trace context travelled in the job's data.
    expect(jobData).toEqual({ taskId, traceparent: `00-${request!.traceId}-${request!.spanId}-01` })

    const task = spans.find((s) => s.name === 'task' && s.attributes['task.id'] === taskId)
    expect(task).toBeDefined()
    expect(task!.parentSpanId).toBeNull()
    expect(task!.links).toEqual([{ traceId: request!.traceId, spanId: request!.spanId }])
    const translating = spans.find((s) => s.name === 'task.translating' && s.parentSpanId === task!.spanId)
    expect(translating).toMatchObject({ traceId: task!.traceId, attributes: { 'task.outcome': 'completed' } })
    const reviews = spans.filter((s) => s.name === 'task.reviewing' && s.traceId === task!.traceId)
    expect(reviews.length).toBeGreaterThanOrEqual(1)
    expect(reviews.every((s) => s.parentSpanId === translating!.spanId)).toBe(true)
    expect(task!.durationMs).toBeGreaterThanOrEqual(translating!.durationMs)
  })
})
