// A dub of a transcription: two espeak-ng voices alternate over a quiet constant tone; the
// recording is transcribed with speakers (the diarizing fake), translated, and dubbed over it. Each
// speaker gets a voice of their own, the background is ducked under every dubbed line and left at
// its level between them, and a dub stopped midway resumes without speaking a phrase twice.
import { execFileSync } from 'node:child_process'
import { openAsBlob, readFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTtsFake } from '@/fakes/tts'
import { POST as transcribeRoute } from '@/app/api/tasks/transcribe/route'
import { db } from '@/lib/db'
import { createDub, dubAudio, readWavInfo, runDub, type PhraseOutcome } from '@/lib/dub'
import { getBalance, grantPoints } from '@/lib/points'
import { runTask } from '@/lib/tasks'
import { buildRequest, ctx, makeUser, readAnswer } from '@/test/route-harness'
import { makeRecording } from '@/test/speech-audio'
import { speechSetup } from '@/test/task-setup'

const tts = await startTtsFake({ apiKey: 'sk-tts-dub-recording' })
afterAll(() => tts.close())
const { dir } = await speechSetup('dub-recording', { env: { STT_MODEL: 'gpt-4o-transcribe-diarize', TTS_API_KEY: 'sk-tts-dub-recording', TTS_BASE_URL: `${tts.url}/v1` } })

const LOW = ['-v', 'en+m3', '-p', '25']
const HIGH = ['-v', 'en+f3', '-p', '75']
const TEXTS = ['Good morning and welcome.', 'Thank you for having me.', 'Tell us about the river.', 'It floods every spring.', 'Is the bridge still safe?', 'We closed it last week.', 'What happens next?', 'We build a new one.']
const SENTENCES = TEXTS.map((text, i) => ({ text, atMs: 1000 + i * 4000, voice: i % 2 === 0 ? LOW : HIGH }))
const TOTAL_MS = 35_000
const RATE = 48_000

let recording: string
beforeAll(async () => {
  const speech = path.join(dir, 'speech.wav')
  await makeRecording({ sentences: SENTENCES, totalMs: TOTAL_MS, file: speech, format: 'wav', wavRate: 16_000 })
  recording = path.join(dir, 'interview.ogg')
  // A constant tone under the voices, quieter than speech (the speech-to-text fake hears it as silence).
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-i', speech, '-f', 'lavfi', '-i', `aevalsrc=0.01*sin(2*PI*440*t):s=16000:d=${TOTAL_MS / 1000}`, '-filter_complex', 'amix=inputs=2:normalize=0:duration=first', '-c:a', 'libopus', '-b:a', '48k', recording])
}, 60_000)

async function transcribed() {
  const made = await makeUser()
  await grantPoints({ userId: made.user.id, amount: 300, key: `grant:${made.user.id}` })
  const form = new FormData()
  form.append('sourceLanguage', 'en')
  form.append('targetLanguage', 'fr')
  form.append('file', await openAsBlob(recording), 'interview.ogg')
  const created = await readAnswer(await transcribeRoute(buildRequest('/api/tasks/transcribe', { headers: made.auth, raw: form }), ctx()))
  expect(created.status, created.msg).toBe(200)
  const taskId = created.data.id as string
  expect(await runTask({ taskId, retry: { attempts: 3, delayMs: 5 } })).toBe('completed')
  return { ...made, taskId }
}

async function bytesOf(audio: Awaited<ReturnType<typeof dubAudio>>) {
  const chunks: Uint8Array[] = []
  for await (const chunk of (await audio.open()) as unknown as AsyncIterable<Uint8Array>) chunks.push(chunk)
  return Buffer.concat(chunks)
}

/** 16-bit samples of a WAV file's data. */
function samplesOf(wav: Buffer): Int16Array {
  const info = readWavInfo(wav)!
  const data = wav.subarray(info.dataOffset, info.dataOffset + info.dataBytes - (info.dataBytes % 2))
  return new Int16Array(new Uint8Array(data).buffer)
}
const rms = (values: ArrayLike<number>) => Math.sqrt(Array.from(values).reduce((sum, v) => sum + v * v, 0) / Math.max(1, values.length))
const db20 = (ratio: number) => 20 * Math.log10(ratio)

describe('a dub of a two-speaker recording', () => {
  it('gives each speaker a voice, ducks the background under every line and keeps it between them; a stopped dub resumes without speaking twice', async () => {
    const { user, taskId } = await transcribed()
    const speakers = new Set((await db.segment.findMany({ where: { taskId } })).map((s) => s.speakers[0]))
    expect(speakers.size).toBe(2)
    const before = await getBalance({ userId: user.id })
    const dub = await createDub({ userId: user.id, taskId, input: { voices: {}, withOriginal: true }, enqueue: async () => {} })
    expect(new Set(Object.values(dub.voices)).size).toBe(2)

    // Stopped once two phrases are stored, as a worker killed mid-dub, then run again.
    const stop = new AbortController()
    const watch = setInterval(() => void db.dubPhrase.count({ where: { dubId: dub.id } }).then((n) => n >= 2 && stop.abort()), 10)
    await expect(runDub({ dubId: dub.id, signal: stop.signal, retry: { attempts: 2, delayMs: 5 } })).rejects.toThrow()
    clearInterval(watch)
    // A phrase already answered when the run stopped is still being stored: let it land.
    await new Promise((resolve) => setTimeout(resolve, 500))
    const keptBefore = new Set((await db.dubPhrase.findMany({ where: { dubId: dub.id } })).map((p) => p.key))
    tts.resetStats()
    expect(await runDub({ dubId: dub.id, retry: { attempts: 2, delayMs: 5 } })).toBe('completed')
    const phrases = await db.dubPhrase.findMany({ where: { dubId: dub.id } })
    const outcomes = phrases.map((p) => p.outcome as unknown as PhraseOutcome).toSorted((a, b) => a.startMs - b.startMs)
    expect(outcomes.every((o) => o.flag === null)).toBe(true)
    // Every phrase spoken once in all: the second run asked only for those the first had not stored.
    const spokenAgain = outcomes.filter((o) => !keptBefore.has(o.key))
    expect(keptBefore.size).toBeGreaterThan(0)
    expect(tts.stats.requests).toBe(spokenAgain.length + spokenAgain.filter((o) => o.speed !== 1).length)

    // Each speaker's lines in one voice, the two speakers' voices different.
    const voiceBySpeaker = new Map<string | null, Set<string>>()
    for (const o of outcomes) voiceBySpeaker.set(o.speaker, (voiceBySpeaker.get(o.speaker) ?? new Set()).add(o.voice))
    expect([...voiceBySpeaker.values()].every((v) => v.size === 1)).toBe(true)
    expect(new Set([...voiceBySpeaker.values()].map((v) => [...v][0])).size).toBe(2)

    // The background: the mix less the voices, against the original, line by line and between lines.
    const mix = samplesOf(await bytesOf(await dubAudio({ userId: user.id, taskId, dubId: dub.id, kind: 'mix', format: 'wav' })))
    const voices = samplesOf(await bytesOf(await dubAudio({ userId: user.id, taskId, dubId: dub.id, kind: 'voices', format: 'wav' })))
    const original = samplesOf(execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-i', recording, '-ac', '2', '-ar', String(RATE), '-f', 'wav', 'pipe:1'], { maxBuffer: 64 * 1024 * 1024 }))
    const background = (fromMs: number, toMs: number) => {
      const [a, b] = [Math.round((fromMs / 1000) * RATE), Math.round((toMs / 1000) * RATE)]
      return Float64Array.from({ length: b - a }, (_, i) => mix[(a + i) * 2] - voices[a + i])
    }
    const originalAt = (fromMs: number, toMs: number) => {
      const [a, b] = [Math.round((fromMs / 1000) * RATE), Math.round((toMs / 1000) * RATE)]
      return Float64Array.from({ length: b - a }, (_, i) => original[(a + i) * 2])
    }
    for (const [i, o] of outcomes.entries()) {
      const [from, to] = [o.startMs + 100, o.startMs + o.spokenMs - 100]
      expect(db20(rms(background(from, to)) / rms(originalAt(from, to))), `under line ${i + 1}`).toBeLessThanOrEqual(-10)
      const next = outcomes[i + 1]?.startMs ?? TOTAL_MS
      const [gapFrom, gapTo] = [o.startMs + o.spokenMs + 400, next - 250]
      if (gapTo - gapFrom >= 200) expect(Math.abs(db20(rms(background(gapFrom, gapTo)) / rms(originalAt(gapFrom, gapTo)))), `between lines ${i + 1} and ${i + 2}`).toBeLessThanOrEqual(1.5)
    }
    const settled = await db.dub.findUniqueOrThrow({ where: { id: dub.id } })
    expect(settled).toMatchObject({ status: 'completed', charged: dub.price })
    expect(await getBalance({ userId: user.id })).toBe(before - dub.price)
    expect(readFileSync(recording).length).toBeGreaterThan(0)
  }, 120_000)
})
