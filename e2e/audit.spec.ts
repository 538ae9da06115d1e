// The fifth audit's server findings, tried again as the audit tried them: over HTTP against the
// production build (the Next.js server, its proxy and its workers), not the route handlers alone.
// The unit and database tests beside each fix cover the rest (lib/uploads/uploads-hardening.db.test.ts,
// lib/tasks/transcription/*.db.test.ts).
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, request, test, type APIRequestContext } from '@playwright/test'
import { E2E } from './env'
import { newCreator } from './helpers'

const TUS = { 'tus-resumable': '1.0.0' }
const UPLOAD_DIR = path.resolve('.data/uploads')
const messages = (locale: string) => JSON.parse(readFileSync(path.resolve(`messages/${locale}.json`), 'utf8')).errors as Record<string, string>
const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64')
const metadata = (filename: string) => `filename ${base64(filename)},part ${base64('0')},startMs ${base64('0')}`

let api: APIRequestContext
let recording: Buffer
let scratch: string

test.beforeAll(async () => {
  api = await request.newContext({ baseURL: E2E.apiUrl, extraHTTPHeaders: { host: E2E.intlHost } })
  // A minute of Opus in Ogg, as the browser streams a recording (what it says does not matter here).
  scratch = mkdtempSync(path.join(tmpdir(), 'audit-e2e-'))
  const file = path.join(scratch, 'talk.ogg')
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'sine=frequency=220:duration=60', '-c:a', 'libopus', '-b:a', '24k', file])
  recording = readFileSync(file)
})

test.afterAll(async () => {
  await api.dispose()
  rmSync(scratch, { recursive: true, force: true })
})

/** A new creator with `points`, signed in: the bearer header of its session. */
async function creator(points = 1000) {
  const credentials = await newCreator(points)
  const login = await (await api.post('/api/email/auth', { data: { email: credentials.email, pass: credentials.password } })).json()
  expect(login.code, login.msg).toBe(20000)
  return { authorization: `Bearer ${login.data.token}` }
}

/** A recording part with its length deferred, as the browser starts one; answers its id. */
async function createPart(auth: Record<string, string>, meta = metadata('talk.ogg')) {
  const res = await api.post('/api/uploads', { headers: { ...auth, ...TUS, 'upload-defer-length': '1', 'upload-metadata': meta } })
  expect(res.status()).toBe(201)
  return res.headers().location.split('/').pop()!
}

async function append(auth: Record<string, string>, id: string, offset: number, bytes: Buffer) {
  const res = await api.patch(`/api/uploads/${id}`, { headers: { ...auth, ...TUS, 'content-type': 'application/offset+octet-stream', 'upload-offset': String(offset) }, data: bytes })
  expect(res.status()).toBe(204)
}

async function transcribe(auth: Record<string, string>, parts: string[]) {
  const res = await api.post('/api/tasks/transcribe', { headers: auth, multipart: { parts: parts.join(','), durationMs: '60000', sourceLanguage: 'en' } })
  const answer = await res.json()
  expect(answer.code, answer.msg).toBe(20000)
  return answer.data.id as string
}

const statusOf = async (auth: Record<string, string>, id: string) => (await (await api.get(`/api/tasks/${id}?segments=0`, { headers: auth })).json()).data?.status as string | undefined

async function translatedSrt(auth: Record<string, string>, lines: number) {
  const srt = Array.from({ length: lines }, (_, i) => `${i + 1}\n00:00:${String(i * 2).padStart(2, '0')},000 --> 00:00:${String(i * 2 + 1).padStart(2, '0')},500\nLine number ${i + 1} of the audit.\n`).join('\n')
  const res = await api.post('/api/tasks', { headers: auth, multipart: { file: { name: 'five.srt', mimeType: 'application/x-subrip', buffer: Buffer.from(srt) }, sourceLanguage: 'en', targetLanguage: 'ja', service: 'deepseek' } })
  const answer = await res.json()
  expect(answer.code, answer.msg).toBe(20000)
  return answer.data.id as string
}

const partFiles = (ids: string[]) => (existsSync(UPLOAD_DIR) ? readdirSync(UPLOAD_DIR).filter((name) => ids.some((id) => name.startsWith(id))) : [])

test.describe('the audit over HTTP against the production build', () => {
  test('the upload id is the route\'s: HEAD …/OWN?x=/VICTIM answers the caller\'s own part', async () => {
    const victim = await creator()
    const victimPart = await createPart(victim)
    await append(victim, victimPart, 0, recording.subarray(0, 1000))
    const attacker = await creator()
    const own = await createPart(attacker)
    await append(attacker, own, 0, recording.subarray(0, 10))

    const res = await api.head(`/api/uploads/${own}?x=/${victimPart}`, { headers: { ...attacker, ...TUS } })
    expect(res.status()).toBe(200)
    expect(res.headers()['upload-offset']).toBe('10')
  })

  test('a NUL in the upload\'s file name is 400 in the envelope, in the caller\'s language, with no internal text', async () => {
    const auth = await creator()
    const res = await api.post('/api/uploads', { headers: { ...auth, ...TUS, 'x-locale': 'ja-JP', 'upload-defer-length': '1', 'upload-metadata': metadata('a\u0000b.ogg') } })
    expect(res.status()).toBe(400)
    const body = await res.text()
    expect(JSON.parse(body)).toEqual({ code: 40000, msg: messages('ja-JP').uploadMetadataInvalid, data: null })
    expect(body).not.toMatch(/postgres|prisma|invalid byte sequence|0x00/i)
  })

  test('a speaker name with a line break is refused before it can write a cue', async () => {
    const auth = await creator()
    const taskId = await translatedSrt(auth, 2)
    await expect.poll(() => statusOf(auth, taskId), { timeout: 30_000 }).toBe('completed')
    const injected = 'Ann\n\n3\n00:00:09,000 --> 00:00:10,000\nA cue of its own'
    const res = await api.patch(`/api/tasks/${taskId}/speakers`, { headers: { ...auth, 'x-locale': 'en-US' }, data: { names: { S9: injected } } })
    expect(res.status()).toBe(400)
    expect(await res.json()).toEqual({ code: 40000, msg: messages('en-US').speakerNameUnsafe, data: null })
  })

  test('two stalled uploads hold no worker: another creator\'s SRT completes within 5 s; deleting them leaves no part bytes on disk', async () => {
    const stalled = await creator()
    const parts: string[] = []
    const tasks: string[] = []
    for (let i = 0; i < 2; i++) {
      const id = await createPart(stalled)
      await append(stalled, id, 0, recording.subarray(0, 40 * 1024))
      parts.push(id)
      tasks.push(await transcribe(stalled, [id]))
    }
    expect(partFiles(parts).length).toBeGreaterThan(0)

    const other = await creator()
    const started = Date.now()
    const srtTask = await translatedSrt(other, 5)
    await expect.poll(() => statusOf(other, srtTask), { timeout: 5_000, intervals: [100] }).toBe('completed')
    expect(Date.now() - started).toBeLessThan(5_000)
    // The production server gives a stalled upload minutes: both still wait for their bytes.
    expect(await Promise.all(tasks.map((id) => statusOf(stalled, id)))).toEqual(['translating', 'translating'])

    for (const id of tasks) expect((await (await api.delete(`/api/tasks/${id}`, { headers: stalled })).json()).code).toBe(20000)
    await expect.poll(() => partFiles(parts), { timeout: 10_000 }).toEqual([])
  })
})
