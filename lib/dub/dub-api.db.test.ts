// Dubs through HTTP: a creator dubs a translated task with the text-to-speech fake (espeak-ng), sees
// the price first, is charged exactly it, downloads the track and the per-line report; bad voices,
// a second dub while one runs, someone else's task and a failing provider each get their answer.
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { startTtsFake } from '@/fakes/tts'
import { db } from '@/lib/db'
import { getBalance, grantPoints } from '@/lib/points'
import { apiClient, serveRoutes } from '@/test/route-server'
import { buildSrt, makeUser, waitFor } from '@/test/route-harness'
import { deepSeekSetup, startTestWorkers } from '@/test/task-setup'

const tts = await startTtsFake({ apiKey: 'sk-tts-dub-api' })
afterAll(() => tts.close())
await deepSeekSetup('dub-api', { stopsBoss: true, env: { TTS_API_KEY: 'sk-tts-dub-api', TTS_BASE_URL: `${tts.url}/v1`, WEBHOOK_ALLOW_HOSTS: '127.0.0.1' } })
await startTestWorkers()
const server = await serveRoutes()
afterAll(() => server.close())

const api = apiClient(server.url)

async function translatedTask(points = 200) {
  const owner = await makeUser()
  await grantPoints({ userId: owner.user.id, amount: points, key: `g:${owner.user.id}` })
  const form = new FormData()
  form.append('file', new Blob([buildSrt(6, { cueMs: 2500, gapMs: 400, text: (i) => `Line ${i} is spoken.` })]), 'talk.srt')
  form.append('targetLanguage', 'ja')
  form.append('service', 'deepseek')
  const taskId = (await api('/api/tasks', { method: 'POST', auth: owner.token, form })).data.id as string
  await waitFor(async () => (await api(`/api/tasks/${taskId}?segments=0`, { auth: owner.token })).data.status === 'completed', { what: 'the translation to complete' })
  return { ...owner, taskId }
}

const finished = (token: string, taskId: string, dubId: string) =>
  waitFor(async () => {
    const dub = await api(`/api/tasks/${taskId}/dubs/${dubId}`, { auth: token })
    return ['completed', 'failed'].includes(dub.data.status) ? dub.data : null
  }, { timeoutMs: 60_000, what: 'the dub to finish' })

describe('a dub', () => {
  it('shows its price first, charges exactly it, and gives the voices track and a report of every line', async () => {
    const { token, user, taskId } = await translatedTask()
    const estimate = await api(`/api/tasks/${taskId}/dubs/estimate`, { auth: token })
    expect(estimate.status).toBe(200)
    expect(estimate.data).toMatchObject({ lines: 6, hasOriginal: false, speakers: [{ speaker: '', voice: 'alloy', lines: 6 }] })
    expect(estimate.data.price).toBe(Math.ceil(estimate.data.characters / 100))
    const before = await getBalance({ userId: user.id })

    const started = await api(`/api/tasks/${taskId}/dubs`, { method: 'POST', auth: token, json: { voices: { '': 'nova' }, withOriginal: false } })
    expect(started.status).toBe(200)
    expect(started.data).toMatchObject({ status: 'queued', price: estimate.data.price, voices: { '': 'nova' } })
    expect(await getBalance({ userId: user.id })).toBe(before - estimate.data.price)
    const again = await api(`/api/tasks/${taskId}/dubs`, { method: 'POST', auth: token, json: {} })
    expect(again).toMatchObject({ status: 409, code: 40900, msg: 'a dub of this task is already being made; wait for it to finish' })

    const dub = await finished(token, taskId, started.data.id)
    expect(dub).toMatchObject({ status: 'completed', phrasesDone: dub.phrasesTotal, flagged: 0, charged: estimate.data.price })
    expect(await getBalance({ userId: user.id })).toBe(before - estimate.data.price)
    expect(tts.stats.log.every((r) => (r.data as { voice?: string } | undefined)?.voice !== 'alloy')).toBe(true)

    const audio = await api(`/api/tasks/${taskId}/dubs/${dub.id}/audio?kind=voices`, { auth: token })
    expect(audio.status).toBe(200)
    expect(audio.headers.get('content-type')).toBe('audio/mp4')
    const probe = JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_name:format=duration', '-of', 'json', 'pipe:0'], { input: audio.bytes }).toString())
    expect(probe.streams[0].codec_name).toBe('aac')
    expect(Number(probe.format.duration)).toBeGreaterThan(14)
    expect((await api(`/api/tasks/${taskId}/dubs/${dub.id}/audio?kind=mix`, { auth: token })).status).toBe(404)

    const report = await api(`/api/tasks/${taskId}/dubs/${dub.id}/report?format=csv`, { auth: token })
    const rows = report.bytes.toString('utf8').replace(/^\uFEFF/, '').trim().split('\r\n')
    expect(rows[0]).toBe('line,speaker,voice,start_ms,end_ms,spoken_ms,speed_factor,respoken,stretched,shortened,flag')
    expect(rows).toHaveLength(7)
    expect(rows[1]).toMatch(/^1,,nova,0,2500,\d+,1,false,false,0,$/)

    // One line edited, then spoken again: that line alone is asked for and charged.
    const edited = await api(`/api/tasks/${taskId}/segments/3`, { method: 'PATCH', auth: token, json: { translatedText: 'A shorter third line.' } })
    expect(edited.status, edited.msg).toBe(200)
    // The JSON report names each line's segment and tells the edited one (the editor's rows read it).
    const editedOnly = async () => (await api(`/api/tasks/${taskId}/dubs/${dub.id}/report`, { auth: token })).bytes.toString('utf8')
    const json = JSON.parse(await editedOnly()) as { lines: { segmentId: number; edited: boolean; speedFactor: number; flag: string }[] }
    expect(json.lines.map((l) => [l.segmentId, l.edited])).toEqual([[1, false], [2, false], [3, true], [4, false], [5, false], [6, false]])
    expect(json.lines[0]).toMatchObject({ speedFactor: 1, flag: '' })
    tts.resetStats()
    const respoken = await api(`/api/tasks/${taskId}/dubs/${dub.id}/respeak`, { method: 'POST', auth: token })
    expect(respoken.data).toMatchObject({ status: 'queued' })
    const linePrice = Math.ceil('A shorter third line.'.length / 100)
    expect(await getBalance({ userId: user.id })).toBe(before - estimate.data.price - linePrice)
    expect(await finished(token, taskId, dub.id)).toMatchObject({ status: 'completed', flagged: 0, charged: estimate.data.price + linePrice })
    expect(tts.stats.log.map((r) => (r.data as { input: string }).input)).toEqual(['A shorter third line.'])
    expect((JSON.parse(await editedOnly()) as { lines: { edited: boolean }[] }).lines.every((l) => !l.edited)).toBe(true)
    // Nothing changed since: answered as it is, nothing charged.
    expect((await api(`/api/tasks/${taskId}/dubs/${dub.id}/respeak`, { method: 'POST', auth: token })).data).toMatchObject({ status: 'completed' })
    expect(await getBalance({ userId: user.id })).toBe(before - estimate.data.price - linePrice)

    // Deleting the task takes its dub's files with it: tracks and spoken clips.
    const dubDir = path.join(process.env.STORAGE_DIR!, 'dubs', dub.id)
    expect(readdirSync(dubDir, { recursive: true }).some((name) => String(name).endsWith('.pcm'))).toBe(true)
    expect(existsSync(path.join(dubDir, 'voices.m4a'))).toBe(true)
    expect((await api(`/api/tasks/${taskId}`, { method: 'DELETE', auth: token })).status).toBe(200)
    expect(readdirSync(dubDir, { recursive: true }).filter((name) => /\.(pcm|m4a|wav)$/.test(String(name)))).toEqual([])
  }, 90_000)

  it('refuses a voice the provider does not offer, a task with no lines of its own, and someone else\'s task', async () => {
    const { token, taskId } = await translatedTask()
    expect(await api(`/api/tasks/${taskId}/dubs`, { method: 'POST', auth: token, json: { voices: { '': 'robot' } } })).toMatchObject({ status: 400, code: 40000, msg: 'the voice "robot" is not one this service offers' })
    expect(await api(`/api/tasks/${taskId}/dubs`, { method: 'POST', auth: token, json: { withOriginal: 'yes' } })).toMatchObject({ status: 400, code: 40000 })
    const stranger = await makeUser()
    expect(await api(`/api/tasks/${taskId}/dubs`, { method: 'POST', auth: stranger.token, json: {} })).toMatchObject({ status: 404, code: 40400 })
    expect(await api(`/api/tasks/${taskId}/dubs/estimate`, { auth: stranger.token })).toMatchObject({ status: 404, code: 40400 })
    await db.segment.updateMany({ where: { taskId }, data: { translatedText: null } })
    expect(await api(`/api/tasks/${taskId}/dubs`, { method: 'POST', auth: token, json: {} })).toMatchObject({ status: 400, code: 40000, msg: 'this task has no translated lines to dub yet' })
    expect(await db.dub.count({ where: { taskId } })).toBe(0)
  }, 60_000)

  it('with a provider that keeps failing, completes with every line flagged and charges nothing', async () => {
    const { token, user, taskId } = await translatedTask()
    const before = await getBalance({ userId: user.id })
    tts.faults.set({ kind: '5xx' })
    try {
      const started = await api(`/api/tasks/${taskId}/dubs`, { method: 'POST', auth: token, json: { withOriginal: false } })
      const dub = await finished(token, taskId, started.data.id)
      expect(dub).toMatchObject({ status: 'completed', flagged: 6, charged: 0 })
    } finally {
      tts.faults.clear()
    }
    expect(await getBalance({ userId: user.id })).toBe(before)
  }, 90_000)

  it('tells the creator\'s webhook endpoint when it completes (dub.completed), signed', async () => {
    const heard: { headers: Record<string, unknown>; body: string }[] = []
    const http = createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => {
        heard.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') })
        res.writeHead(200).end('ok')
      })
    })
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
    try {
      const { token, taskId } = await translatedTask()
      const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/hooks`
      expect((await api('/api/user/webhooks', { method: 'POST', auth: token, json: { url, events: ['dub.completed'] } })).status).toBe(200)
      const started = await api(`/api/tasks/${taskId}/dubs`, { method: 'POST', auth: token, json: { withOriginal: false } })
      const dub = await finished(token, taskId, started.data.id)
      await waitFor(async () => heard.length > 0, { what: 'the dub.completed delivery' })
      expect(heard).toHaveLength(1)
      expect(heard[0].headers['webhook-signature']).toMatch(/^v1,/)
      expect(JSON.parse(heard[0].body)).toMatchObject({ type: 'dub.completed', data: { dubId: dub.id, taskId, status: 'completed', charged: dub.charged, flagged: 0 } })
    } finally {
      await new Promise<void>((resolve) => http.close(() => resolve()))
    }
  }, 90_000)
})
