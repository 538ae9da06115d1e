// GET /api/tasks/{id}/audio streams the recording from storage: a range is read as that range, a
// whole answer as a stream, and twelve concurrent ranges of a large recording never load it.
import { mkdtempSync, rmSync } from 'node:fs'
import { open } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import { GET as audioRoute } from '@/app/api/tasks/[id]/audio/route'
import { db } from '@/lib/db'
import { newTaskId } from '@/lib/tasks/create'
import { appStorage } from '@/lib/storage/app-storage'
import { buildRequest, ctx, makeUser } from '@/test/route-harness'

const dir = mkdtempSync(path.join(tmpdir(), 'ss-audio-route-'))
process.env.STORAGE_DIR = dir

afterEach(() => vi.restoreAllMocks())
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** A transcription task of a new user whose recording is `bytes` long (a sparse file, no RAM used). */
async function taskWithRecording(bytes: number, pattern?: Buffer) {
  const { user, auth } = await makeUser()
  const id = newTaskId()
  const key = `audio/${id}.ogg`
  await appStorage().put(key, pattern ?? Buffer.alloc(0))
  if (!pattern) {
    const file = await open(path.join(dir, key), 'r+')
    await file.truncate(bytes)
    await file.close()
  }
  await db.task.create({ data: { id, userId: user.id, fileName: 'talk.ogg', originalLanguage: 'en', detectedLanguage: 'en', targetLanguage: 'en', translationService: 'deepseek', cost: 0, status: 'completed', kind: 'transcription', audioKey: key } })
  return { id, auth }
}

const get = (id: string, auth: Record<string, string>, range?: string) =>
  audioRoute(buildRequest(`/api/tasks/${id}/audio`, { method: 'GET', headers: range ? { ...auth, range } : auth }), ctx({ id }))

describe('GET /api/tasks/{id}/audio', () => {
  it('asks storage for the range and never for the whole file', async () => {
    const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251))
    const { id, auth } = await taskWithRecording(bytes.length, bytes)
    const storage = appStorage()
    const whole = vi.spyOn(storage, 'get').mockRejectedValue(new Error('the whole recording was read into memory'))
    const stream = vi.spyOn(storage, 'stream')

    const part = await get(id, auth, 'bytes=100-199')
    expect([part.status, part.headers.get('content-range'), part.headers.get('content-length'), part.headers.get('accept-ranges')]).toEqual([206, 'bytes 100-199/1000', '100', 'bytes'])
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(100, 200))).toBe(true)
    expect(stream).toHaveBeenLastCalledWith(`audio/${id}.ogg`, { start: 100, end: 199 })

    const suffix = await get(id, auth, 'bytes=-10')
    expect([suffix.status, suffix.headers.get('content-range')]).toEqual([206, 'bytes 990-999/1000'])
    expect(Buffer.from(await suffix.arrayBuffer()).equals(bytes.subarray(990))).toBe(true)

    const all = await get(id, auth)
    expect([all.status, all.headers.get('content-length')]).toEqual([200, '1000'])
    expect(Buffer.from(await all.arrayBuffer()).equals(bytes)).toBe(true)

    const outside = await get(id, auth, 'bytes=1000-')
    expect([outside.status, outside.headers.get('content-range')]).toEqual([416, 'bytes */1000'])
    expect(whole).not.toHaveBeenCalled()
  })

  it('answers twelve concurrent ranges of a 100 MB recording without holding it in memory', async () => {
    const size = 100 * 1024 * 1024
    const { id, auth } = await taskWithRecording(size)
    global.gc?.()
    const before = process.memoryUsage().arrayBuffers
    let peak = before
    const answers = await Promise.all(Array.from({ length: 12 }, () => get(id, auth, 'bytes=0-1')))
    peak = Math.max(peak, process.memoryUsage().arrayBuffers)
    expect(answers.map((a) => [a.status, a.headers.get('content-range')])).toEqual(Array(12).fill([206, `bytes 0-1/${size}`]))
    const bodies = await Promise.all(answers.map(async (a) => (await a.arrayBuffer()).byteLength))
    peak = Math.max(peak, process.memoryUsage().arrayBuffers)
    expect(bodies).toEqual(Array(12).fill(2))
    // Reading the file whole would hold 12 x 100 MB; streaming holds a read buffer per request.
    expect(peak - before).toBeLessThan(64 * 1024 * 1024)
    // A whole answer is a stream as well: its first chunk arrives without the file being read.
    const whole = await get(id, auth)
    expect(whole.headers.get('content-length')).toBe(String(size))
    const reader = whole.body!.getReader()
    const first = await reader.read()
    expect(first.value!.byteLength).toBeLessThan(1024 * 1024)
    await reader.cancel()
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(64 * 1024 * 1024)
  })

  it('answers 40400 for another user\'s recording', async () => {
    const { id } = await taskWithRecording(10, Buffer.from('0123456789'))
    const other = await makeUser()
    expect((await get(id, other.auth, 'bytes=0-1')).status).toBe(404)
  })
})
