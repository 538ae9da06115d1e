import { fromPrisma } from 'pg-boss'
import { afterAll, describe, expect, it } from 'vitest'
import { db } from '@/lib/db'
import { getBalance } from '@/lib/points'
import { waitFor } from '@/test/route-harness'
import { deepSeekSetup, taskOfNewUser } from '@/test/task-setup'
import { getBoss, LEGACY_TASK_DEAD_QUEUE, LEGACY_TASK_QUEUE, startTaskWorkers } from './index'
import { runMaintenance, STUCK_AFTER_MS } from './maintenance'

// A database that ran the app before the job was renamed (`translate-task` → `task-run`) still
// holds jobs under the old names: the workers started after the deploy run them.
await deepSeekSetup('legacy')

const boss = await getBoss({ superviseIntervalSeconds: 1, heartbeatSeconds: 10 })
await boss.createQueue(LEGACY_TASK_DEAD_QUEUE)
await boss.createQueue(LEGACY_TASK_QUEUE, { deadLetter: LEGACY_TASK_DEAD_QUEUE, retryLimit: 1 })

afterAll(async () => {
  await workers?.stop({ timeoutMs: 2000 })
})

/** A task whose job was queued under `queue` by the former code, before the workers start. */
async function taskQueuedAs(queue: string) {
  const { user, taskId } = await taskOfNewUser({ cues: 6, fileName: 'old.srt', enqueue: async ({ taskId, tx }) => void (await boss.send(queue, { taskId }, { db: fromPrisma(tx) })) })
  return { userId: user.id, taskId }
}

const queued = await taskQueuedAs(LEGACY_TASK_QUEUE)
const dead = await taskQueuedAs(LEGACY_TASK_DEAD_QUEUE)
const workers = await startTaskWorkers({ tasksAtOnce: 2, pollingIntervalSeconds: 0.5, pipeline: { retry: { attempts: 3, delayMs: 5 }, resumeDelayMs: 20 } })

describe('jobs queued under the former queue names', () => {
  it('a job waiting in translate-task is run to completion', async () => {
    const task = await waitFor(async () => db.task.findFirst({ where: { id: queued.taskId, status: { in: ['completed', 'failed'] } } }), { timeoutMs: 45_000, what: 'the task' })
    expect(task.status).toBe('completed')
  })

  it('a job in translate-task-dead fails its task and gives the points back', async () => {
    const task = await waitFor(async () => db.task.findFirst({ where: { id: dead.taskId, status: 'failed' } }), { timeoutMs: 45_000, what: 'the dead task' })
    expect(task.error).toMatch(/worker failed repeatedly/)
    expect(await getBalance({ userId: dead.userId })).toBe(100)
  })

  it('maintenance takes a job waiting in translate-task for a live one', async () => {
    const waiting = await taskQueuedAs(LEGACY_TASK_QUEUE)
    await workers.stop({ timeoutMs: 2000 })
    await db.task.update({ where: { id: waiting.taskId }, data: { submitTime: new Date(Date.now() - STUCK_AFTER_MS - 60_000) } })
    expect((await runMaintenance()).resumed).toBe(0)
  })
})
