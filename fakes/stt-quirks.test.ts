// The speech-to-text fake's knobs for real providers' mistakes, over real HTTP with espeak-ng speech.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { recordingInMemory, type PlacedSpeech } from '@/test/speech-audio'
import { startSttFake, type SttFakeServer } from './stt'
import { STT_LOOP_LINES, STT_STOCK_PHRASES } from './stt-quirks'

const KEY = 'sk-test-stt-quirks'
let fake: SttFakeServer
let placed: PlacedSpeech[]
let audio: Buffer

type Answer = { words?: { word: string; start: number; end: number }[]; segments: { start: number; end: number; text: string; no_speech_prob: number; avg_logprob: number; compression_ratio: number }[] }

beforeAll(async () => {
  fake = await startSttFake({ apiKey: KEY })
  // Three sentences after silences of 6, 12 and 1.2 s (the last two close enough for one long segment).
  const sentences = [
    { text: 'The river was quiet in the morning.', atMs: 6000 },
    { text: 'We walked to the old bridge.', atMs: 21_000 },
    { text: 'Nobody came.', atMs: 23_600 },
  ]
  ;({ placed, audio } = await recordingInMemory(sentences, 36_000))
}, 60_000)
afterAll(() => fake.close())
beforeEach(() => fake.setQuirks({}))

async function transcribe(language = 'en'): Promise<Answer> {
  const body = new FormData()
  body.append('file', new Blob([new Uint8Array(audio)], { type: 'audio/ogg' }), 'talk.ogg')
  for (const [name, value] of [['model', 'whisper-1'], ['response_format', 'verbose_json'], ['timestamp_granularities[]', 'word'], ['timestamp_granularities[]', 'segment'], ['language', language]]) body.append(name, value)
  const res = await fetch(`${fake.url}/v1/audio/transcriptions`, { method: 'POST', headers: { authorization: `Bearer ${KEY}` }, body })
  expect(res.status).toBe(200)
  return (await res.json()) as Answer
}

const setQuirks = (quirks: unknown) => fetch(`${fake.url}/__quirks`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(quirks) })

describe('speech-to-text fake quirks', () => {
  it('invents stock phrases in long silences, most with Whisper\'s silence signs, in the request\'s language', async () => {
    expect((await setQuirks({ stockPhrases: true })).status).toBe(200)
    for (const language of ['en', 'zh', 'ja']) {
      const answer = await transcribe(language)
      const invented = answer.segments.filter((s) => STT_STOCK_PHRASES[language].includes(s.text.trim()))
      // The 6 s before the first sentence, the silence of 13 s and the 11 s at the end leave room.
      expect(invented).toHaveLength(3)
      expect(invented[0].no_speech_prob).toBeGreaterThan(0.6)
      expect(invented[0].avg_logprob).toBeLessThan(-1)
      for (const s of invented) expect(placed.every((p) => s.end * 1000 < p.startMs || s.start * 1000 > p.endMs)).toBe(true)
    }
  })

  it('loops a line for seconds into the silence after speech, with a high compression ratio', async () => {
    await setQuirks({ loops: true })
    const answer = await transcribe()
    const loops = answer.segments.filter((s) => s.text.includes(STT_LOOP_LINES.en))
    // After every other gap with room: the 12 s silence and the 10 s at the end.
    expect(loops).toHaveLength(2)
    const loop = loops[0]
    expect(loop.compression_ratio).toBeGreaterThan(2.4)
    expect(loop.end - loop.start).toBeGreaterThan(3)
    expect(loop.start * 1000).toBeGreaterThan(placed[0].endMs)
    expect(answer.words!.filter((w) => w.word === 'Okay')).toHaveLength(20)
  })

  it('places segments and words early after long silences, and answers segments without words', async () => {
    await setQuirks({ earlyWords: 3000, noWords: true, longSegments: true })
    const answer = await transcribe()
    expect(answer.words).toBeUndefined()
    expect(answer.segments).toHaveLength(2)
    expect(answer.segments[0].start * 1000 - placed[0].startMs).toBeCloseTo(-3000, -2)
    expect(answer.segments[1].start * 1000 - placed[1].startMs).toBeCloseTo(-3000, -2)
    // The last two sentences, 1.2 s apart, come as one segment.
    expect(answer.segments[1].text).toMatch(/^ Sandbox speech( [a-z]+)*\. Sandbox speech( [a-z]+)*\.$/)
    expect(fake.stats.counters.earlyWords).toBeGreaterThanOrEqual(2)
  })

  it('spares files shorter than minAudioMs, and refuses unknown knobs', async () => {
    await setQuirks({ stockPhrases: true, loops: true, minAudioMs: 60_000 })
    const answer = await transcribe()
    expect(answer.segments).toHaveLength(3)
    expect((await setQuirks({ ghosts: true })).status).toBe(400)
    expect((await fetch(`${fake.url}/__quirks`, { method: 'DELETE' })).status).toBe(200)
  })
})
