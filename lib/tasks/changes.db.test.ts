import { describe, expect, it } from 'vitest'
import { GET as taskRoute } from '@/app/api/tasks/[id]/route'
import { POST as createRoute } from '@/app/api/tasks/route'
import { mergeTaskChanges } from '@/lib/client/task-helpers'
import { db } from '@/lib/db'
import { grantPoints } from '@/lib/points'
import { buildSrt, call, ctx, makeUser, multipart, type Answer } from '@/test/route-harness'
import { deepSeekSetup, FAST_PIPELINE, startTestWorkers } from '@/test/task-setup'

// The editor's polls while a task translates: each asks for the segments written since the last
// answer's cursor (lib/tasks/changes.ts) and merges them into its copy (lib/client/task-helpers.ts).

// Slow enough answers that a 1,500-cue task translates over many polls.
await deepSeekSetup('changes', { delayMs: 120, env: { TRANSLATION_CONCURRENCY: '2' } })
await startTestWorkers({ pipeline: { ...FAST_PIPELINE, fit: false } })

type Segment = { id: number; translatedText: string | null }
type Detail = { status: string; cursor: string; segmentCount: number; segments: Segment[] }

const fetchTask = (token: string, taskId: string, query = ''): Promise<Answer> =>
  call(taskRoute, `/api/tasks/${taskId}${query}`, { method: 'GET', token, params: { id: taskId } })

async function submit(auth: Record<string, string>, srt: string) {
  const res = await createRoute(multipart('/api/tasks', auth, { name: 'feature.srt', body: srt }, { targetLanguage: 'ja', service: 'deepseek' }), ctx())
  const body = await res.json()
  expect(body.code).toBe(20000)
  return body.data.id as string
}

describe('polling a translating task for its changes', () => {
  it('downloads a 1,500-cue task about once over its whole translation, and ends with exactly the final task', async () => {
    const { user, token, auth } = await makeUser()
    await grantPoints({ userId: user.id, amount: 10_000, key: `g:${user.id}` })
    const taskId = await submit(auth, buildSrt(1500))

    // What the editor does: the whole task first, then only changes until it is no longer translating.
    const first = await fetchTask(token, taskId)
    let copy = first.data as Detail
    let downloaded = Buffer.byteLength(first.text)
    let polls = 0
    let rowsReceived = 0
    while (copy.status === 'translating') {
      await new Promise((resolve) => setTimeout(resolve, 100))
      const answer = await fetchTask(token, taskId, `?since=${copy.cursor}`)
      expect(answer.code).toBe(20000)
      downloaded += Buffer.byteLength(answer.text)
      rowsReceived += (answer.data as Detail).segments.length
      polls += 1
      copy = mergeTaskChanges(copy, answer.data as Detail) as Detail
      expect(copy).not.toBeNull()
    }

    const final = await fetchTask(token, taskId)
    const finalTask = final.data as Detail
    expect(finalTask.status).toBe('completed')
    expect(copy.segments).toEqual(finalTask.segments)
    expect(copy.segments.every((s) => s.translatedText?.startsWith('[ja] '))).toBe(true)

    const finalSize = Buffer.byteLength(final.text)
    // Many polls happened: asking for the whole task each time would have cost `polls` final sizes.
    expect(polls).toBeGreaterThan(10)
    expect(downloaded).toBeLessThanOrEqual(2.5 * finalSize)
    // Each row arrives once when translated, plus rows sent again when a batch commits while a poll
    // reads (the cursor stays behind any transaction still open, so on a loaded machine more overlap):
    // never as much as every row twice.
    expect(rowsReceived).toBeLessThan(1500 * 2)
    console.log(`changes: ${polls} polls, ${downloaded} bytes downloaded for a ${finalSize}-byte task (${(downloaded / finalSize).toFixed(2)}×)`)
  })

  it('misses no write of a transaction that was still open when a poll ran', async () => {
    const { user, token, auth } = await makeUser()
    await grantPoints({ userId: user.id, amount: 1_000, key: `g:${user.id}` })
    const taskId = await submit(auth, buildSrt(3))
    const start = (await fetchTask(token, taskId)).data as Detail

    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    let written!: () => void
    const wrote = new Promise<void>((resolve) => (written = resolve))
    // A slow writer: it changes row 2 inside a transaction, then waits while a poll runs.
    const writer = db.$transaction(async (tx) => {
      // A person's edit (editedAt set), so the worker translating the task meanwhile leaves it alone.
      await tx.$executeRaw`UPDATE "Segment" SET "translatedText" = 'late write', "translatedBy" = 'edited', "editedAt" = now() WHERE "taskId" = ${taskId} AND "index" = 2`
      written()
      await gate
    }, { timeout: 10_000 })
    await wrote

    const during = (await fetchTask(token, taskId, `?since=${start.cursor}`)).data as Detail
    expect(during.segments.find((s) => s.id === 2)?.translatedText).not.toBe('late write')
    release()
    await writer

    const after = (await fetchTask(token, taskId, `?since=${during.cursor}`)).data as Detail
    expect(after.segments.find((s) => s.id === 2)).toMatchObject({ translatedText: 'late write' })
  })

  it('refuses a cursor that is not one, and shows no one else\'s task through one', async () => {
    const stranger = await makeUser()
    const { user, token, auth } = await makeUser()
    await grantPoints({ userId: user.id, amount: 1_000, key: `g:${user.id}` })
    const taskId = await submit(auth, buildSrt(2))
    for (const since of ['-1', 'abc', '9'.repeat(19)]) {
      const answer = await fetchTask(token, taskId, `?since=${since}`)
      expect([answer.status, answer.code]).toEqual([400, 40000])
    }
    expect((await fetchTask(stranger.token, taskId, '?since=0')).code).toBe(40400)
  })
})
