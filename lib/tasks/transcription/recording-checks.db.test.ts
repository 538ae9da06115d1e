// A recording is priced from the length it decodes to, never from what its header claims (issue 27
// items 1, 2, 3, 8, 11): a falsified timecode scale and a cut-off file are refused before anything
// is charged, a check is bounded (hours of silence stop at the limit, a hung-up client stops the
// decoder, slots per user and in all), staged recordings are capped, one answer for too large, and
// a codec's padding is neither over the 3-hour limit nor an extra minute.
import { copyFileSync, createReadStream, existsSync, mkdirSync, mkdtempSync, openAsBlob, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { NextRequest } from 'next/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { POST as estimateRoute } from '@/app/api/tasks/transcribe/estimate/route'
import { POST as transcribeRoute } from '@/app/api/tasks/transcribe/route'
import { GET as healthRoute } from '@/app/api/health/route'
import { db } from '@/lib/db'
import { readAudioHeader, withMediaSlot } from '@/lib/media'
import { getBalance, grantPoints } from '@/lib/points'
import { BASE, buildRequest, ctx, makeUser, readAnswer } from '@/test/route-harness'
import { cutTo, makeLongWebm, makeSilentFlacMatroska, mediaProcessesWith, patchTimecodeScale } from '@/test/altered-recordings'
import { makeRecording, wavHeader } from '@/test/speech-audio'
import { STAGED_AUDIO_CAP, stageAudio } from './staged-audio'

const dir = mkdtempSync(path.join(tmpdir(), 'ss-recording-checks-'))
// Uploads stream to temp files here, so the decoders working on them can be found by their arguments.
const uploads = path.join(dir, 'uploads')
mkdirSync(uploads)
Object.assign(process.env, { STT_API_KEY: 'sk-never-called', STORAGE_DIR: path.join(dir, 'storage'), TMPDIR: uploads })

const TWENTY_MINUTES = 20 * 60_000
const LINES = [
  { text: 'Good morning and welcome to the studio.', atMs: 1000 },
  { text: 'Every sentence gets a cue of its own.', atMs: 9000 },
]
const talk = path.join(dir, 'talk.webm')
const short = path.join(dir, 'short.webm')

beforeAll(async () => {
  await makeLongWebm(talk, { totalMs: TWENTY_MINUTES, sentences: LINES })
  await makeRecording({ sentences: LINES, totalMs: 15_000, file: short, format: 'webm' })
}, 120_000)

afterAll(() => rmSync(dir, { recursive: true, force: true }))

async function fundedUser(points: number) {
  const made = await makeUser()
  if (points > 0) await grantPoints({ userId: made.user.id, amount: points, key: `grant:${made.user.id}` })
  return made
}

function uploadRequest(url: string, auth: Record<string, string>, form: FormData, { signal }: { signal?: AbortSignal } = {}) {
  const headers = { ...auth, host: new URL(BASE).host }
  return new NextRequest(`${BASE}${url}`, { method: 'POST', headers, body: form, signal })
}

async function send(route: (req: NextRequest, context: ReturnType<typeof ctx>) => Promise<Response>, url: string, auth: Record<string, string>, file: string, fields: Record<string, string> = {}, init: { signal?: AbortSignal } = {}) {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  form.append('file', await openAsBlob(file), path.basename(file))
  return readAnswer(await route(uploadRequest(url, auth, form, init), ctx()))
}

const estimate = (auth: Record<string, string>, file: string, init: { signal?: AbortSignal } = {}) => send(estimateRoute, '/api/tasks/transcribe/estimate', auth, file, {}, init)
const transcribe = (auth: Record<string, string>, file: string) => send(transcribeRoute, '/api/tasks/transcribe', auth, file, { sourceLanguage: 'en' })

/** A WAV of silence (16 bit at `rate`) `ms` long, with a header that says so: sparse on disk, made at once. */
function silentWav(file: string, ms: number, rate = 8000): string {
  const samples = Math.round((ms * rate) / 1000)
  writeFileSync(file, wavHeader(samples, rate))
  truncateSync(file, 44 + samples * 2)
  return file
}

describe('the length a recording is priced from', () => {
  it('is the decoded one: an honest 20-minute WebM is 20 minutes, 200 points', async () => {
    const { auth } = await fundedUser(0)
    const answer = await estimate(auth, talk)
    expect(answer.status).toBe(200)
    expect(Math.abs(answer.data.durationMs - TWENTY_MINUTES)).toBeLessThan(1000)
    expect(answer.data).toMatchObject({ minutes: 20, costs: { transcribe: 200, transcribeAndTranslate: 400 } })
  })

  it('refuses a WebM whose TimecodeScale was changed to make 20 minutes claim 1.2 s, and charges nothing', async () => {
    const altered = path.join(dir, 'altered.webm')
    copyFileSync(talk, altered)
    patchTimecodeScale(altered, 1000)
    // The trick works on the header: ffprobe reads 1.2 s.
    expect((await readAudioHeader(altered))!.headerDurationMs).toBeLessThan(1500)

    const { user, auth } = await fundedUser(1000)
    const refused = await estimate(auth, altered)
    expect(refused).toMatchObject({ status: 400, code: 40000 })
    expect(refused.msg).toBe('this file says it is 0 min 01 s long, but only 20 min 00 s of sound could be read: it looks damaged or altered. Please export it again and choose the new file')
    const zh = await transcribe({ ...auth, 'x-locale': 'zh-CN' }, altered)
    expect(zh).toMatchObject({ status: 400, code: 40000 })
    expect(zh.msg).toMatch(/^这个文件标称时长为 0 分 01 秒，但只能读出 20 分 00 秒的声音/)
    expect(await db.task.count({ where: { userId: user.id } })).toBe(0)
    expect(await db.stagedAudio.count({ where: { userId: user.id } })).toBe(0)
    expect(await getBalance({ userId: user.id })).toBe(1000)
  })

  it('refuses a file cut to its first quarter that still claims 20 minutes, and charges nothing', async () => {
    const cut = path.join(dir, 'cut.webm')
    copyFileSync(talk, cut)
    cutTo(cut, 0.25)
    expect(Math.abs((await readAudioHeader(cut))!.headerDurationMs! - TWENTY_MINUTES)).toBeLessThan(1000)

    const { user, auth } = await fundedUser(1000)
    const refused = await transcribe(auth, cut)
    expect(refused).toMatchObject({ status: 400, code: 40000 })
    // About a quarter decodes (the header's bytes are few).
    expect(refused.msg).toMatch(/^this file says it is 20 min 00 s long, but only [45] min \d\d s of sound could be read/)
    const ja = await estimate({ ...auth, 'x-locale': 'ja-JP' }, cut)
    expect(ja.msg).toMatch(/^このファイルは長さ 20 分 00 秒とされていますが、読み取れた音声は [45] 分 \d\d 秒だけでした/)
    expect(await db.task.count({ where: { userId: user.id } })).toBe(0)
    expect(await getBalance({ userId: user.id })).toBe(1000)
  })
})

describe('a codec\'s padding', () => {
  it('is no extra minute: a 2:00 Opus recording that ffprobe reads as 120.0065 s costs 2 minutes', async () => {
    const ogg = path.join(dir, 'two-minutes.ogg')
    await makeRecording({ sentences: LINES, totalMs: 120_000, file: ogg })
    // The encoder's pre-skip makes the header say a little over two minutes.
    expect((await readAudioHeader(ogg))!.headerDurationMs).toBeGreaterThan(120_000)
    const { user, auth } = await fundedUser(20)
    const answer = await estimate(auth, ogg)
    expect(answer.data).toMatchObject({ minutes: 2, costs: { transcribe: 20, transcribeAndTranslate: 40 } })
    const created = await transcribe(auth, silentWav(path.join(dir, 'two.wav'), 120_006.5))
    expect(created.data).toMatchObject({ cost: 20 })
    expect(await getBalance({ userId: user.id })).toBe(0)
  })

  it('is within the 3-hour limit: 10,800.0065 s is accepted, 1,800 points', async () => {
    const { auth } = await fundedUser(0)
    // 2 kHz: 13 samples are the 6.5 ms of an Opus encoder's pre-skip.
    const padded = await estimate(auth, silentWav(path.join(dir, 'three-hours.wav'), 3 * 3600_000 + 6.5, 2000))
    expect(padded.status).toBe(200)
    expect(padded.data).toMatchObject({ minutes: 180, costs: { transcribe: 1800 } })
  }, 120_000)
})

describe('checking a recording is bounded', () => {
  it('stops decoding 30 hours of FLAC silence with no duration in its header just past the limit: too long', async () => {
    const flac = path.join(dir, 'silence.mka')
    await makeSilentFlacMatroska(flac, { hours: 30 })
    expect(statSync(flac).size).toBeLessThan(8 * 1024 * 1024)
    expect((await readAudioHeader(flac))!.headerDurationMs).toBeNull()
    const { auth } = await fundedUser(0)
    // The message states the limit in minutes and seconds, in the caller's language.
    expect(await estimate(auth, flac)).toMatchObject({ status: 400, code: 40000, msg: 'the recording is too long: at most 180 min 00 s (3 hours)' })
    expect((await transcribe({ ...auth, 'x-locale': 'zh-CN' }, flac)).msg).toBe('录音过长，最长 180 分 00 秒（3 小时）')
    expect((await estimate({ ...auth, 'x-locale': 'ja-JP' }, flac)).msg).toBe('録音が長すぎます（最長 180 分 00 秒、3 時間まで）')
  }, 120_000)

  it('kills the decoder when the client hangs up', async () => {
    // Three hours of Opus: a dozen seconds of one core to decode whole.
    const long = path.join(dir, 'long.webm')
    await makeLongWebm(long, { totalMs: 3 * 3600_000 - 60_000, sentences: LINES })
    const { auth } = await fundedUser(0)
    const client = new AbortController()
    const answer = estimate(auth, long, { signal: client.signal })
    const decoders = () => mediaProcessesWith(uploads, 'ffmpeg')
    await until(() => decoders().length > 0, 20_000)
    client.abort()
    await answer
    await until(() => decoders().length === 0, 1000)
    expect(decoders()).toEqual([])
  }, 60_000)

  it('runs at most two checks per user and four in all; past that 429 / 42900 in the caller\'s language', async () => {
    const { user, auth } = await fundedUser(0)
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    const holding = [withMediaSlot(user.id, () => held), withMediaSlot(user.id, () => held)]
    const busy = await estimate(auth, short)
    expect(busy).toMatchObject({ status: 429, code: 42900, msg: 'too many recordings are being checked right now, please try again in a moment' })
    expect((await estimate({ ...auth, 'x-locale': 'zh-CN' }, short)).msg).toBe('当前正在检查的录音过多，请稍后再试')

    const others = await Promise.all([makeUser(), makeUser()])
    holding.push(...others.map((other) => withMediaSlot(other.user.id, () => held)))
    const someoneElse = await makeUser()
    expect(await estimate(someoneElse.auth, short)).toMatchObject({ status: 429, code: 42900 })
    release()
    await Promise.all(holding)
    expect((await estimate(someoneElse.auth, short)).status).toBe(200)
  })
})

describe('too large', () => {
  it('is 413 / 41300 for a recording one byte over 200 MB sent with an honest Content-Length, as for a declared oversize', async () => {
    const big = path.join(dir, 'big.ogg')
    writeFileSync(big, '')
    truncateSync(big, 200 * 1024 * 1024 + 1)
    const boundary = 'recording-boundary'
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.ogg"\r\nContent-Type: audio/ogg\r\n\r\n`)
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
    const body = Readable.toWeb(Readable.from((async function* () {
      yield head
      yield* createReadStream(big)
      yield tail
    })())) as ReadableStream<Uint8Array>
    const { auth } = await makeUser()
    const req = new NextRequest(`${BASE}/api/tasks/transcribe/estimate`, {
      method: 'POST',
      headers: { ...auth, host: new URL(BASE).host, 'x-locale': 'en-US', 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(head.length + statSync(big).size + tail.length) },
      body,
      duplex: 'half',
    } as ConstructorParameters<typeof NextRequest>[1])
    expect(await readAnswer(await estimateRoute(req, ctx()))).toMatchObject({ status: 413, code: 41300, msg: 'the audio is too large (200 MB at most)' })
  }, 60_000)
})

describe('staged recordings', () => {
  it('keep a user\'s newest 50, dropping the oldest with their files', async () => {
    const { user } = await makeUser()
    const keys: string[] = []
    for (let i = 0; i < STAGED_AUDIO_CAP.count + 2; i++) {
      const storageKey = `staged-audio/cap-${user.id}-${i}.ogg`
      const file = path.join(process.env.STORAGE_DIR!, storageKey)
      mkdirSync(path.dirname(file), { recursive: true })
      writeFileSync(file, 'x')
      keys.push(file)
      await stageAudio({ id: `cap${String(i).padStart(21, '0')}`, userId: user.id, recording: { fileName: `r${i}`, storageKey, format: 'ogg', durationMs: 1000, bytes: 1 } })
      await new Promise((r) => setTimeout(r, 2))
    }
    const kept = await db.stagedAudio.findMany({ where: { userId: user.id }, select: { fileName: true } })
    expect(kept).toHaveLength(STAGED_AUDIO_CAP.count)
    expect(kept.map((k) => k.fileName)).not.toContain('r0')
    expect(kept.map((k) => k.fileName)).not.toContain('r1')
    expect(keys.filter((file) => !existsSync(file))).toEqual([keys[0], keys[1]])
  })

  it('keep at most 1 GiB a user, the newest always', async () => {
    const { user } = await makeUser()
    const big = { format: 'ogg', durationMs: 1000, bytes: 400 * 1024 * 1024 }
    for (let i = 0; i < 3; i++) {
      await stageAudio({ id: `big${String(i).padStart(21, '0')}`, userId: user.id, recording: { ...big, fileName: `b${i}`, storageKey: `staged-audio/none-${i}` } })
      await new Promise((r) => setTimeout(r, 2))
    }
    expect((await db.stagedAudio.findMany({ where: { userId: user.id }, orderBy: { createdAt: 'asc' } })).map((s) => s.fileName)).toEqual(['b1', 'b2'])
    await stageAudio({ id: `big${'9'.repeat(21)}`, userId: user.id, recording: { ...big, fileName: 'huge', storageKey: 'staged-audio/none-huge', bytes: STAGED_AUDIO_CAP.bytes } })
    expect((await db.stagedAudio.findMany({ where: { userId: user.id } })).map((s) => s.fileName)).toEqual(['huge'])
  })

  it('record the file\'s size from an estimate', async () => {
    const { user, auth } = await makeUser()
    expect((await estimate(auth, short)).status).toBe(200)
    expect((await db.stagedAudio.findFirstOrThrow({ where: { userId: user.id } })).bytes).toBe(statSync(short).size)
  })
})

describe('health', () => {
  it('names the system\'s ffmpeg and ffprobe versions', async () => {
    const answer = await readAnswer(await healthRoute(buildRequest('/api/health', { method: 'GET' }), ctx()))
    expect(answer.data).toEqual({ status: 'ok', ffmpeg: { version: expect.stringMatching(/^\d+\.\d+/), source: 'system' }, ffprobe: { version: expect.stringMatching(/^\d+\.\d+/), source: 'system' } })
  })
})

async function until(check: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20))
}
