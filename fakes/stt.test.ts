import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { recordingInMemory, type PlacedSpeech } from '@/test/speech-audio'
import { startSttFake, STT_MAX_BYTES } from './stt'
import type { FakeServer } from './server'

const KEY = 'sk-test-stt'
let fake: FakeServer
let placed: PlacedSpeech[]
let audio: Buffer

beforeAll(async () => {
  fake = await startSttFake({ apiKey: KEY })
  const sentences = [
    { text: 'Good morning and welcome to the studio.', atMs: 1500 },
    { text: 'Today we are making subtitles from speech.', atMs: 7000 },
  ]
  ;({ placed, audio } = await recordingInMemory(sentences, 12_000))
}, 60_000)
afterAll(() => fake.close())

function form(fields: Record<string, string | string[]>, file: Buffer | null = audio) {
  const body = new FormData()
  if (file) body.append('file', new Blob([new Uint8Array(file)], { type: 'audio/ogg' }), 'talk.ogg')
  for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) body.append(name, v)
  return body
}

const post = (body: FormData, key = KEY) => fetch(`${fake.url}/v1/audio/transcriptions`, { method: 'POST', headers: { authorization: `Bearer ${key}` }, body })

describe('speech-to-text fake', () => {
  it('answers verbose_json with sandbox words and segments at the true times of the speech', async () => {
    const res = await post(form({ model: 'whisper-1', response_format: 'verbose_json', 'timestamp_granularities[]': ['word', 'segment'], language: 'en' }))
    expect(res.status).toBe(200)
    const body = (await res.json()) as { language: string; words: { word: string; start: number; end: number }[]; segments: { start: number; end: number; text: string }[] }
    expect(body.language).toBe('english')
    expect(body.segments).toHaveLength(2)
    body.segments.forEach((segment, i) => {
      expect(Math.abs(segment.start * 1000 - placed[i].startMs)).toBeLessThan(60)
      expect(Math.abs(segment.end * 1000 - placed[i].endMs)).toBeLessThan(60)
      expect(segment.text).toMatch(/^ Sandbox speech( [a-z]+)*\.$/)
    })
    expect(body.words[0]).toMatchObject({ word: 'Sandbox' })
    expect(body.words[0].start).toBe(body.segments[0].start)
  })

  it('refuses a wrong key, a missing model, and more than 25 MB as OpenAI does', async () => {
    expect((await post(form({ model: 'whisper-1' }), 'sk-wrong')).status).toBe(401)
    const noModel = await post(form({}))
    expect(noModel.status).toBe(400)
    expect(await noModel.json()).toMatchObject({ error: { message: "Missing required parameter: 'model'.", type: 'invalid_request_error' } })
    const big = await post(form({ model: 'whisper-1' }, Buffer.alloc(STT_MAX_BYTES + 10)))
    expect(big.status).toBe(413)
    expect(((await big.json()) as { error: { message: string } }).error.message).toContain('Maximum content size limit (26214400) exceeded')
  })

  it('answers 429 with retry-after and 5xx when told to', async () => {
    fake.faults.set({ kind: '429', times: 1, retryAfterMs: 2000 })
    const limited = await post(form({ model: 'whisper-1' }))
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toBe('2')
    fake.faults.set({ kind: '5xx', times: 1 })
    expect((await post(form({ model: 'whisper-1' }))).status).toBeGreaterThanOrEqual(500)
    expect((await post(form({ model: 'whisper-1' }))).status).toBe(200)
  })

  it('refuses what is not audio', async () => {
    const res = await post(form({ model: 'whisper-1' }, Buffer.from('1\n00:00:01,000 --> 00:00:02,000\nHello\n')))
    expect(res.status).toBe(400)
  })

  it('answers no sooner than its answer delay after the request, errors too, the delay counted while it reads the sound', async () => {
    fake.faults.delayMs = 400
    try {
      for (const key of [KEY, 'sk-wrong']) {
        const record = fake.stats.log.length
        const res = await post(form({ model: 'whisper-1', response_format: 'verbose_json' }), key)
        expect(res.status).toBe(key === KEY ? 200 : 401)
        const { at, answeredAt } = fake.stats.log[record]
        expect(answeredAt! - at).toBeGreaterThanOrEqual(400)
      }
    } finally {
      fake.faults.delayMs = 0
    }
  })
})
