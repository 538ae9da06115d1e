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
    // The untranslated task once, then each row once when translated (the cursor and the rows read
    // share one snapshot, so a batch committing while a poll reads is not sent twice).
    expect(rowsReceived).toBe(1500)
    expect(downloaded).toBeLessThanOrEqual(2 * finalSize)
    console.log(`changes: ${polls} polls, ${rowsReceived} rows, ${downloaded} bytes downloaded for a ${finalSize}-byte task (${(downloaded / finalSize).toFixed(2)}×)`)
  })

  it('sends each translated row once, though another writer keeps a transaction open all along', async () => {
    // Someone else's long write (an export, a bulk edit, a migration): open through the whole translation.
    const other = await makeUser()
    await grantPoints({ userId: other.user.id, amount: 1_000, key: `g:${other.user.id}` })
    const otherTask = await submit(other.auth, buildSrt(1))
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    let opened!: () => void
    const open = new Promise<void>((resolve) => (opened = resolve))
    const longWriter = db.$transaction(async (tx) => {
      await tx.$executeRaw`UPDATE "Segment" SET "translatedText" = 'held', "translatedBy" = 'edited', "editedAt" = now() WHERE "taskId" = ${otherTask}`
      opened()
      await gate
    }, { timeout: 120_000 })
    await open

    try {
      const { user, token, auth } = await makeUser()
      await grantPoints({ userId: user.id, amount: 10_000, key: `g:${user.id}` })
      const taskId = await submit(auth, buildSrt(600))
      let copy = (await fetchTask(token, taskId)).data as Detail
      const received = new Map<number, number>()
      let polls = 0
      while (copy.status === 'translating') {
        await new Promise((resolve) => setTimeout(resolve, 100))
        const answer = (await fetchTask(token, taskId, `?since=${encodeURIComponent(copy.cursor)}`)).data as Detail
        for (const segment of answer.segments) received.set(segment.id, (received.get(segment.id) ?? 0) + 1)
        polls += 1
        copy = mergeTaskChanges(copy, answer) as Detail
      }
      expect(polls).toBeGreaterThan(5)
      expect(copy.segments).toEqual(((await fetchTask(token, taskId)).data as Detail).segments)
      // Each row once, when translated.
      expect(received.size).toBe(600)
      expect([...received.values()].every((times) => times === 1)).toBe(true)
    } finally {
      release()
      await longWriter
    }
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
    const malformed = ['-1', 'abc', '9'.repeat(19), '5:3:', '3:9:2', '3:9:5,4', '3:9:9', '3:9', '0:9:', '3:9:5:', `3:9:${'5,'.repeat(5000)}5`]
    for (const since of malformed) {
      const answer = await fetchTask(token, taskId, `?since=${encodeURIComponent(since)}`)
      expect([answer.status, answer.code], since).toEqual([400, 40000])
    }
    expect((await fetchTask(stranger.token, taskId, '?since=0')).code).toBe(40400)
  })
})
