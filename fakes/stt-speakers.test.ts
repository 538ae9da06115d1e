import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeRecording } from '@/test/speech-audio'
import type { FakeServer } from './server'
import { startSttFake } from './stt'
import { DIARIZE_ERRORS } from './stt-speakers'

const KEY = 'sk-test-diarize'
const LOW = ['-v', 'en+m3', '-p', '30']
const HIGH = ['-v', 'en+f3', '-p', '70']
let fake: FakeServer
let dir: string
let talk: Buffer
let highClip: Buffer
let lowClip: Buffer
let long: Buffer

beforeAll(async () => {
  fake = await startSttFake({ apiKey: KEY })
  dir = mkdtempSync(path.join(tmpdir(), 'stt-speakers-'))
  const file = (name: string) => path.join(dir, name)
  await makeRecording({
    sentences: [
      { text: 'Good morning, is everybody here?', atMs: 500, voice: LOW },
      { text: 'Yes, we are all here now.', atMs: 4000, voice: HIGH },
      { text: 'Then let us begin the meeting.', atMs: 7500, voice: LOW },
      { text: 'I will take the notes today.', atMs: 11_000, voice: HIGH },
    ],
    totalMs: 14_000,
    file: file('talk.ogg'),
  })
  talk = readFileSync(file('talk.ogg'))
  // Reference clips as the pipeline sends them: 16 kHz WAV, 2 to 10 s.
  await makeRecording({ sentences: [{ text: 'This is my voice, as you hear it.', atMs: 200, voice: HIGH }], totalMs: 3000, file: file('high.wav'), format: 'wav', wavRate: 16_000 })
  await makeRecording({ sentences: [{ text: 'And this one is mine, deeper.', atMs: 200, voice: LOW }], totalMs: 3000, file: file('low.wav'), format: 'wav', wavRate: 16_000 })
  await makeRecording({ sentences: [{ text: 'A long silence follows.', atMs: 500 }], totalMs: 31_000, file: file('long.wav'), format: 'wav', wavRate: 16_000 })
  ;[highClip, lowClip, long] = ['high.wav', 'low.wav', 'long.wav'].map((name) => readFileSync(file(name)))
}, 60_000)
afterAll(async () => {
  await fake.close()
  rmSync(dir, { recursive: true, force: true })
})

const dataUrl = (wav: Buffer) => `data:audio/wav;base64,${wav.toString('base64')}`

async function post(fields: Record<string, string | string[]>, audio = talk) {
  const body = new FormData()
  body.append('file', new Blob([new Uint8Array(audio)]), 'talk.ogg')
  for (const [name, value] of Object.entries({ model: 'gpt-4o-transcribe-diarize', response_format: 'diarized_json', ...fields })) for (const v of [value].flat()) body.append(name, v)
  const res = await fetch(`${fake.url}/v1/audio/transcriptions`, { method: 'POST', headers: { authorization: `Bearer ${KEY}` }, body })
  return { status: res.status, body: (await res.json()) as { segments?: { type: string; speaker: string; text: string; start: number }[]; words?: unknown; error?: { message: string } } }
}

const speakers = (body: { segments?: { speaker: string }[] }) => (body.segments ?? []).map((s) => s.speaker)

// Each test sends four to six requests, each decoded by an ffmpeg process: 5 s (the default)
// is too short a bound on two busy cores (both multi-request tests timed out at a load of 14).
describe('speech-to-text fake: speakers (diarized_json)', { timeout: 60_000 }, () => {
  it('labels each span by its voice, told apart by pitch, with segments and no words', async () => {
    const { status, body } = await post({})
    expect(status).toBe(200)
    const [a, b] = speakers(body)
    expect(a).not.toBe(b)
    expect(speakers(body)).toEqual([a, b, a, b])
    expect(body.segments![0]).toMatchObject({ type: 'transcript.text.segment' })
    expect(body.words).toBeUndefined()
  })

  it('gives the same voice another label in another request, unless known speakers are sent', async () => {
    const first = speakers((await post({})).body)
    const second = speakers((await post({})).body)
    expect(second[0]).not.toBe(first[0])
    const named = await post({ 'known_speaker_names[]': ['S1', 'S2'], 'known_speaker_references[]': [dataUrl(lowClip), dataUrl(highClip)] })
    expect(speakers(named.body)).toEqual(['S1', 'S2', 'S1', 'S2'])
    // One voice known: the other gets a letter.
    const half = speakers((await post({ 'known_speaker_names[]': 'S2', 'known_speaker_references[]': dataUrl(highClip) })).body)
    expect(half[1]).toBe('S2')
    expect(half[0]).toMatch(/^[A-Z]$/)
  })

  it('refuses what OpenAI refuses: a prompt, long audio without chunking, unpaired or bad references', async () => {
    expect((await post({ prompt: 'Names: Ada' })).body.error?.message).toBe(DIARIZE_ERRORS.prompt)
    expect((await post({}, long)).body.error?.message).toBe(DIARIZE_ERRORS.chunking)
    expect((await post({ chunking_strategy: 'auto' }, long)).status).toBe(200)
    expect((await post({ 'known_speaker_names[]': ['S1', 'S2'], 'known_speaker_references[]': dataUrl(lowClip) })).body.error?.message).toBe(DIARIZE_ERRORS.references)
    const short = await post({ 'known_speaker_names[]': 'S1', 'known_speaker_references[]': dataUrl(lowClip.subarray(0, 44 + 16_000 * 2)) })
    expect(short.status).toBe(400)
    expect(short.body.error?.message).toBe(DIARIZE_ERRORS.clipLength)
  })
})
