// The timeline's data kept with a task: waveform peaks (sent by the browser, or made once from a
// transcription's recording) and shot changes, each read and written only by the task's owner.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import * as peaksRoute from '@/app/api/tasks/[id]/peaks/route'
import * as shotsRoute from '@/app/api/tasks/[id]/shot-changes/route'
import { db } from '@/lib/db'
import { appStorage } from '@/lib/storage/app-storage'
import { newTaskId } from '@/lib/tasks/create'
import { base64ToBytes, bytesToBase64, decodePeaks, encodePeaks, peaksFromBase } from '@/lib/waveform'
import { call, makeUser } from '@/test/route-harness'

const dir = mkdtempSync(path.join(tmpdir(), 'ss-timeline-'))
process.env.STORAGE_DIR = dir
afterAll(() => rmSync(dir, { recursive: true, force: true }))

async function newTask({ audioKey = null as string | null } = {}) {
  const owner = await makeUser()
  const id = newTaskId()
  await db.task.create({ data: { id, userId: owner.user.id, fileName: 'talk.ogg', originalLanguage: 'en', detectedLanguage: 'en', targetLanguage: 'en', translationService: 'deepseek', cost: 0, status: 'completed', kind: audioKey ? 'transcription' : 'translation', audioKey } })
  return { id, auth: owner.auth }
}

/** Peaks of `seconds` of sound, loud in the first half. */
function somePeaks(seconds: number) {
  const n = seconds * 100
  const min = Int8Array.from({ length: n }, (_, i) => (i < n / 2 ? -100 : -2))
  const max = Int8Array.from({ length: n }, (_, i) => (i < n / 2 ? 100 : 2))
  return encodePeaks(peaksFromBase(min, max, seconds * 1000))
}

const peaksPath = (id: string) => `/api/tasks/${id}/peaks`
const shotsPath = (id: string) => `/api/tasks/${id}/shot-changes`

describe('GET/PUT /api/tasks/{id}/peaks', () => {
  it('stores the browser\'s peaks and answers them back as sent', async () => {
    const { id, auth } = await newTask()
    const bytes = somePeaks(90)
    const put = await call(peaksRoute.PUT, peaksPath(id), { method: 'PUT', params: { id }, headers: auth, body: { data: bytesToBase64(bytes) } })
    expect([put.status, put.data]).toEqual([200, { durationMs: 90_000, bytes: bytes.length }])
    const got = await call(peaksRoute.GET, peaksPath(id), { method: 'GET', params: { id }, headers: auth })
    expect(got.status).toBe(200)
    expect(got.data.peaks).toMatchObject({ format: 'sspk-1', durationMs: 90_000, levelsMs: [10, 40, 160, 640], source: 'browser' })
    expect(base64ToBytes(got.data.peaks.data)).toEqual(bytes)
    // Sent again (a second pass), the new ones replace the old.
    const shorter = somePeaks(30)
    await call(peaksRoute.PUT, peaksPath(id), { method: 'PUT', params: { id }, headers: auth, body: { data: bytesToBase64(shorter) } })
    const again = await call(peaksRoute.GET, peaksPath(id), { method: 'GET', params: { id }, headers: auth })
    expect(again.data.peaks.durationMs).toBe(30_000)
  })

  it('answers null for a task without media or peaks', async () => {
    const { id, auth } = await newTask()
    const got = await call(peaksRoute.GET, peaksPath(id), { method: 'GET', params: { id }, headers: auth })
    expect([got.status, got.data]).toEqual([200, { peaks: null }])
  })

  it('forgets stored peaks it cannot read instead of failing', async () => {
    const { id, auth } = await newTask()
    await db.taskPeaks.create({ data: { taskId: id, data: Buffer.from('SSPK-but-not-really'), source: 'browser' } })
    const got = await call(peaksRoute.GET, peaksPath(id), { method: 'GET', params: { id }, headers: auth })
    expect([got.status, got.data]).toEqual([200, { peaks: null }])
    expect(await db.taskPeaks.count({ where: { taskId: id } })).toBe(0)
  })

  it('makes the peaks of a transcription\'s recording once, and keeps them', async () => {
    // 2 s of a loud tone, then 1 s of silence, as Opus in Ogg like a browser's recording.
    const file = path.join(dir, 'tone.ogg')
    const made = spawnSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'aevalsrc=0.8*sin(2*PI*300*t):s=48000:d=2', '-f', 'lavfi', '-i', 'anullsrc=r=48000:cl=mono:d=1', '-filter_complex', '[0][1]concat=n=2:v=0:a=1', '-c:a', 'libopus', '-b:a', '32k', file])
    expect(made.status, made.stderr.toString()).toBe(0)
    const key = `audio/${newTaskId()}.ogg`
    await appStorage().put(key, readFileSync(file))
    const { id, auth } = await newTask({ audioKey: key })
    const got = await call(peaksRoute.GET, peaksPath(id), { method: 'GET', params: { id }, headers: auth })
    expect(got.status).toBe(200)
    expect(got.data.peaks.source).toBe('server')
    const peaks = decodePeaks(base64ToBytes(got.data.peaks.data))
    expect(Math.abs(peaks.durationMs - 3000)).toBeLessThan(30)
    const [base] = peaks.levels
    // The tone at 0.8 is near 102 of 127; the silence near 0 (Opus leaves a little noise at the join).
    expect(Math.min(...base.max.slice(10, 190))).toBeGreaterThan(85)
    expect(Math.max(...base.max.slice(220, 290))).toBeLessThan(5)
    const row = await db.taskPeaks.findUnique({ where: { taskId: id } })
    expect(row?.source).toBe('server')
    // Read again, the stored peaks come back without decoding the recording (it is gone now).
    await appStorage().delete(key)
    const again = await call(peaksRoute.GET, peaksPath(id), { method: 'GET', params: { id }, headers: auth })
    expect(again.data.peaks.data).toBe(got.data.peaks.data)
  }, 60_000)

  it('refuses what is not peaks, in the caller\'s language', async () => {
    const { id, auth } = await newTask()
    const notBase64 = await call(peaksRoute.PUT, peaksPath(id), { method: 'PUT', params: { id }, headers: auth, body: { data: 'not base64!' } })
    expect([notBase64.status, notBase64.code]).toEqual([400, 40000])
    const garbage = await call(peaksRoute.PUT, peaksPath(id), { method: 'PUT', params: { id }, headers: { ...auth, 'x-locale': 'zh-CN' }, body: { data: bytesToBase64(new Uint8Array(64).fill(7)) } })
    expect([garbage.status, garbage.msg]).toEqual([400, '波形数据无效'])
    const cut = somePeaks(10).subarray(0, 100)
    const short = await call(peaksRoute.PUT, peaksPath(id), { method: 'PUT', params: { id }, headers: auth, body: { data: bytesToBase64(cut) } })
    expect([short.status, short.msg]).toEqual([400, 'the waveform data is not valid'])
    const missing = await call(peaksRoute.PUT, peaksPath(id), { method: 'PUT', params: { id }, headers: auth, body: {} })
    expect(missing.status).toBe(400)
    expect(await db.taskPeaks.count({ where: { taskId: id } })).toBe(0)
  })

  it('refuses a body past its limit before reading it', async () => {
    const { id, auth } = await newTask()
    const huge = await call(peaksRoute.PUT, peaksPath(id), { method: 'PUT', params: { id }, headers: auth, body: { data: 'A'.repeat(9 * 1024 * 1024) } })
    expect([huge.status, huge.code]).toEqual([413, 41300])
  })

  it('is the owner\'s only: another user reads and writes nothing', async () => {
    const { id, auth } = await newTask()
    await call(peaksRoute.PUT, peaksPath(id), { method: 'PUT', params: { id }, headers: auth, body: { data: bytesToBase64(somePeaks(5)) } })
    const stranger = await makeUser('Stranger')
    const read = await call(peaksRoute.GET, peaksPath(id), { method: 'GET', params: { id }, headers: stranger.auth })
    const write = await call(peaksRoute.PUT, peaksPath(id), { method: 'PUT', params: { id }, headers: stranger.auth, body: { data: bytesToBase64(somePeaks(1)) } })
    expect([read.status, write.status]).toEqual([404, 404])
    const anonymous = await call(peaksRoute.GET, peaksPath(id), { method: 'GET', params: { id } })
    expect(anonymous.status).toBe(401)
    const mine = await call(peaksRoute.GET, peaksPath(id), { method: 'GET', params: { id }, headers: auth })
    expect(mine.data.peaks.durationMs).toBe(5000)
  })
})

describe('GET/PUT /api/tasks/{id}/shot-changes', () => {
  it('is null until a browser stores the cuts, then answers them', async () => {
    const { id, auth } = await newTask()
    const before = await call(shotsRoute.GET, shotsPath(id), { method: 'GET', params: { id }, headers: auth })
    expect([before.status, before.data]).toEqual([200, { shotChanges: null }])
    const body = { cutsMs: [1600, 2840, 5120, 9000], frameRate: 25, durationMs: 120_000 }
    const put = await call(shotsRoute.PUT, shotsPath(id), { method: 'PUT', params: { id }, headers: auth, body })
    expect(put.status).toBe(200)
    expect(put.data.shotChanges).toMatchObject(body)
    const got = await call(shotsRoute.GET, shotsPath(id), { method: 'GET', params: { id }, headers: auth })
    expect(got.data.shotChanges).toMatchObject(body)
    expect(Date.parse(got.data.shotChanges.updatedAt)).not.toBeNaN()
    // A second pass replaces the first; frame rate and length may be unknown.
    const second = await call(shotsRoute.PUT, shotsPath(id), { method: 'PUT', params: { id }, headers: auth, body: { cutsMs: [] } })
    expect(second.data.shotChanges).toMatchObject({ cutsMs: [], frameRate: null, durationMs: null })
  })

  it('refuses cuts out of order, negative, past the video or too many, naming the field', async () => {
    const { id, auth } = await newTask()
    const put = (body: unknown, locale = 'en-US') => call(shotsRoute.PUT, shotsPath(id), { method: 'PUT', params: { id }, headers: { ...auth, 'x-locale': locale }, body })
    for (const body of [{ cutsMs: [2000, 1000] }, { cutsMs: [1000, 1000] }, { cutsMs: [-40] }, { cutsMs: [1.5] }, { cutsMs: [5000], durationMs: 4000 }, { cutsMs: Array.from({ length: 50_001 }, (_, i) => i * 40) }, { cutsMs: 'x' }, { cutsMs: [], frameRate: 0 }]) {
      const answer = await put(body)
      expect([answer.status, answer.code], JSON.stringify(body).slice(0, 60)).toEqual([400, 40000])
    }
    expect((await put({ cutsMs: [2000, 1000] })).msg).toContain('cutsMs')
    expect((await put({ cutsMs: [2000, 1000] }, 'ja-JP')).msg).toContain('cutsMs')
    expect(await db.taskShotChanges.count({ where: { taskId: id } })).toBe(0)
  })

  it('is the owner\'s only', async () => {
    const { id, auth } = await newTask()
    await call(shotsRoute.PUT, shotsPath(id), { method: 'PUT', params: { id }, headers: auth, body: { cutsMs: [1000] } })
    const stranger = await makeUser('Stranger')
    const read = await call(shotsRoute.GET, shotsPath(id), { method: 'GET', params: { id }, headers: stranger.auth })
    const write = await call(shotsRoute.PUT, shotsPath(id), { method: 'PUT', params: { id }, headers: stranger.auth, body: { cutsMs: [] } })
    expect([read.status, write.status]).toEqual([404, 404])
    const mine = await call(shotsRoute.GET, shotsPath(id), { method: 'GET', params: { id }, headers: auth })
    expect(mine.data.shotChanges.cutsMs).toEqual([1000])
  })
})
