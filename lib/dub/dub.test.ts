import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTtsFake, type TtsFakeServer } from '@/fakes/tts'
import { assignVoices, createTtsProvider, DUB_RATE, mixUnderVoices, planPhrases, readWavInfo, speakPhrases, type Condense, type DubLine, type PhraseOutcome } from '@/lib/dub'

// Two speakers taking turns, as a transcription with speakers gives them: the times are the cues'.
const SENTENCES = [
  ['A', 'Welcome back to the workshop.'],
  ['B', 'Thanks, it is good to be here.'],
  ['A', 'Today we build a small wooden box.'],
  ['B', 'Do we need any special tools?'],
  ['A', 'Only a saw, some glue and patience.'],
  ['B', 'Patience is the hard part for me.'],
  ['A', 'Then we start with the easy cuts.'],
  ['B', 'Show me where to measure first.'],
  ['A', 'Mark the board at twenty centimetres.'],
  ['B', 'Done, and now I cut along the line.'],
] as const

function lines(): DubLine[] {
  return SENTENCES.map(([speaker, text], i) => ({ id: i + 1, startMs: 500 + i * 2600, endMs: 500 + i * 2600 + 2200, text, sourceText: text, speaker }))
}

let fake: TtsFakeServer
let dir: string
beforeAll(async () => {
  fake = await startTtsFake({ apiKey: 'tts-test-key' })
  dir = mkdtempSync(path.join(tmpdir(), 'dub-test-'))
})
afterAll(async () => {
  await fake.close()
  rmSync(dir, { recursive: true, force: true })
})

const provider = () => createTtsProvider({ baseUrl: `${fake.url}/v1`, apiKey: 'tts-test-key', model: 'tts-1' })

function trackSamples(file: string): Int16Array {
  const wav = readFileSync(file)
  const info = readWavInfo(wav)!
  return new Int16Array(new Uint8Array(wav.subarray(info.dataOffset, info.dataOffset + info.dataBytes)).buffer)
}

/** The start times of the 10 ms frames with sound (a peak above about -40 dBFS). */
function soundFrames(samples: Int16Array, rate: number): number[] {
  const frame = rate / 100
  const heard: number[] = []
  for (let f = 0; f * frame < samples.length; f++) {
    let peak = 0
    for (let i = f * frame; i < Math.min(samples.length, (f + 1) * frame); i++) peak = Math.max(peak, Math.abs(samples[i]))
    if (peak >= 330) heard.push(f * 10)
  }
  return heard
}

/** The voice's fundamental: the median over voiced 40 ms frames of the autocorrelation's peak in 70-400 Hz. */
function pitchHz(samples: Int16Array, rate: number): number {
  const size = Math.round(rate * 0.04)
  const found: number[] = []
  for (let at = 0; at + size <= samples.length; at += size) {
    const x = Float64Array.from(samples.subarray(at, at + size), (s) => s / 32768)
    const energy = x.reduce((sum, v) => sum + v * v, 0)
    if (energy / size < 1e-3) continue
    let [best, bestLag] = [0, 0]
    for (let lag = Math.floor(rate / 400); lag <= Math.ceil(rate / 70); lag++) {
      let sum = 0
      for (let i = 0; i + lag < size; i++) sum += x[i] * x[i + lag]
      if (sum > best) [best, bestLag] = [sum, lag]
    }
    if (best / energy > 0.4) found.push(rate / bestLag)
  }
  return median(found)
}

/** The level of one frequency in a stretch (Goertzel), in dBFS: a background tone measured under speech. */
function toneDb(samples: Float64Array, rate: number, hz: number): number {
  const k = (2 * Math.cos((2 * Math.PI * hz) / rate))
  let [s1, s2] = [0, 0]
  for (const x of samples) [s1, s2] = [x + k * s1 - s2, s1]
  const power = s1 * s1 + s2 * s2 - k * s1 * s2
  return 20 * Math.log10((2 * Math.sqrt(power)) / samples.length)
}

async function dub(name: string, { condense }: { condense?: Condense } = {}) {
  const all = lines()
  const phrases = planPhrases(all, { fps: 25 })
  const voices = assignVoices(phrases.map((p) => p.speaker), provider().voices)
  const trackFile = path.join(dir, `${name}.wav`)
  const outcomes = await speakPhrases({ phrases, voices, provider: provider(), condense, trackFile, totalMs: 27_000, concurrency: 3, retry: { delayMs: 50 } })
  return { all, phrases, voices, trackFile, outcomes }
}

/** Each phrase's first sound within 100 ms of its cue's start, and silence from its window's end to the next phrase. */
function expectTimed(outcomes: PhraseOutcome[], samples: Int16Array) {
  const sounds = soundFrames(samples, DUB_RATE)
  const heardIn = (fromMs: number, toMs: number) => sounds.filter((ms) => ms >= fromMs && ms < toMs)
  const spoken = outcomes.filter((o) => o.spokenMs > 0).toSorted((a, b) => a.startMs - b.startMs)
  for (const [i, o] of spoken.entries()) {
    const nextStart = spoken[i + 1]?.startMs ?? Infinity
    const own = heardIn(o.startMs - 150, o.windowEndMs)
    expect(own.length, `lines ${o.lineIds.join(',')} are heard`).toBeGreaterThan(0)
    expect(Math.abs(own[0] - o.startMs), `lines ${o.lineIds.join(',')} start on their cue`).toBeLessThanOrEqual(100)
    expect(heardIn(o.windowEndMs + 10, Math.min(nextStart - 150, o.windowEndMs + 5000)), `lines ${o.lineIds.join(',')} end in their window`).toEqual([])
  }
}

describe('a dub of two speakers', () => {
  it('speaks every line on its cue, in one voice per speaker, the two voices apart', async () => {
    const { voices, trackFile, outcomes } = await dub('natural')
    expect(new Set(voices.values()).size).toBe(2)
    expect(outcomes.every((o) => o.flag === null)).toBe(true)
    const samples = trackSamples(trackFile)
    expectTimed(outcomes, samples)
    const pitchOf = (o: PhraseOutcome) => pitchHz(samples.subarray(Math.round((o.startMs / 1000) * DUB_RATE), Math.round(((o.startMs + o.spokenMs) / 1000) * DUB_RATE)), DUB_RATE)
    const bySpeaker = (speaker: string) => outcomes.filter((o) => o.speaker === speaker).map(pitchOf)
    const [a, b] = [bySpeaker('A'), bySpeaker('B')]
    expect(Math.max(...a) - Math.min(...a)).toBeLessThan(0.25 * Math.min(...a))
    expect(Math.max(...b) - Math.min(...b)).toBeLessThan(0.25 * Math.min(...b))
    expect(Math.abs(median(a) - median(b))).toBeGreaterThan(0.2 * Math.min(median(a), median(b)))
  }, 60_000)

  it('with a voice 1.6x slower, every line still fits its cue, never above 1.3x, by speed, stretch or shortening', async () => {
    fake.setKnobs({ slowdown: 1.6 })
    const asked: number[] = []
    // The model's shortening pass, as the translation provider answers it: the words that fit the count.
    const condense: Condense = async (lines) => {
      asked.push(lines.length)
      return new Map(lines.map((l) => [l.id, shortenTo(l.translation, l.maxChars)]))
    }
    try {
      const { trackFile, outcomes } = await dub('slow', { condense })
      for (const o of outcomes) {
        expect(o.speed * o.tempo).toBeLessThanOrEqual(1.3 + 1e-9)
        if (o.flag !== 'too_long') expect(o.spokenMs).toBeLessThanOrEqual(o.windowEndMs - o.startMs)
      }
      expect(outcomes.some((o) => o.speed > 1 || o.tempo > 1)).toBe(true)
      expect(outcomes.filter((o) => o.flag !== null)).toEqual([])
      if (outcomes.some((o) => o.shortened > 0)) expect(asked[0]).toBeGreaterThan(0)
      expectTimed(outcomes, trackSamples(trackFile))
    } finally {
      fake.setKnobs({})
    }
  }, 90_000)

  it('with 30% of requests failing, completes: the provider-call retries carry most, the rest are flagged failed and silent', async () => {
    fake.faults.set({ kind: ['5xx', '429'], rate: 0.3, retryAfterMs: 100, seed: 7 })
    try {
      const { outcomes, trackFile } = await dub('faults')
      expect(outcomes).toHaveLength(SENTENCES.length)
      const spoken = outcomes.filter((o) => o.flag === null)
      expect(spoken.length).toBeGreaterThan(SENTENCES.length / 2)
      expectTimed(spoken, trackSamples(trackFile))
    } finally {
      fake.faults.clear()
    }
  }, 90_000)

  it('a resumed dub speaks nothing twice', async () => {
    const first = await dub('resume')
    const before = fake.stats.requests
    const kept = new Map(first.outcomes.map((o) => [o.key, o]))
    const clips = new Map<string, Int16Array>()
    const stored = await speakPhrases({ phrases: first.phrases, voices: first.voices, provider: provider(), trackFile: path.join(dir, 'stored.wav'), totalMs: 27_000, onPhrase: async (o, pcm) => void clips.set(o.key, pcm) })
    const spoken = fake.stats.requests
    const resumedFile = path.join(dir, 'resumed.wav')
    const again = await speakPhrases({ phrases: first.phrases, voices: first.voices, provider: provider(), trackFile: resumedFile, totalMs: 27_000, spokenBefore: async (key) => (kept.has(key) ? { outcome: stored.find((o) => o.key === key)!, pcm: clips.get(key)! } : null) })
    expect(fake.stats.requests).toBe(spoken)
    expect(spoken).toBeGreaterThan(before)
    expect(again).toEqual(stored)
    expect(readFileSync(resumedFile).equals(readFileSync(path.join(dir, 'stored.wav')))).toBe(true)
  }, 60_000)

  it('mixed over the original: the background tone at its level between lines, at least 10 dB down under them', async () => {
    const { trackFile, outcomes } = await dub('mix')
    const original = path.join(dir, 'tone.wav')
    execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'aevalsrc=0.1*sin(2*PI*3000*t):s=48000:d=27', '-ac', '2', original])
    const mixed = path.join(dir, 'mixed.wav')
    await mixUnderVoices({ originalFile: original, dubTrackFile: trackFile, spans: outcomes.map((o) => ({ startMs: o.startMs, endMs: o.startMs + o.spokenMs })), outFile: mixed })
    const left = (stereo: Int16Array) => (fromMs: number, toMs: number) => Float64Array.from({ length: Math.round(((toMs - fromMs) / 1000) * DUB_RATE) }, (_, i) => stereo[(Math.round((fromMs / 1000) * DUB_RATE) + i) * 2] / 32768)
    const [inMix, inOriginal] = [left(trackSamples(mixed)), left(trackSamples(original))]
    for (const [o, next] of outcomes.slice(0, -1).map((o, i) => [o, outcomes[i + 1]] as const)) {
      const gapFrom = o.startMs + o.spokenMs + 300
      if (next.startMs - 200 - gapFrom >= 100) expect(Math.abs(toneDb(inMix(gapFrom, next.startMs - 200), DUB_RATE, 3000) - toneDb(inOriginal(gapFrom, next.startMs - 200), DUB_RATE, 3000))).toBeLessThanOrEqual(1.5)
      const mid = o.startMs + o.spokenMs / 2
      expect(toneDb(inOriginal(mid - 50, mid + 50), DUB_RATE, 3000) - toneDb(inMix(mid - 50, mid + 50), DUB_RATE, 3000)).toBeGreaterThanOrEqual(10)
      // The voice is in the mix: louder than the original tone, where the tone alone is ducked 15 dB.
      expect(rms(inMix(o.startMs, o.startMs + o.spokenMs))).toBeGreaterThan(rms(inOriginal(o.startMs, o.startMs + o.spokenMs)))
    }
  }, 60_000)
})

const rms = (values: Float64Array) => Math.sqrt(values.reduce((sum, v) => sum + v * v, 0) / Math.max(1, values.length))

function median(values: number[]) {
  const sorted = values.toSorted((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

function shortenTo(text: string, maxChars: number): string {
  const words = text.split(' ')
  while (words.length > 1 && words.join(' ').length > maxChars) words.splice(-2, 1)
  return words.join(' ')
}
