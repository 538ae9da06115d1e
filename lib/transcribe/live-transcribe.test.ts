// The recording's limit counts once for all its parts: two parts decoding side by side share one
// allowance (capMs), so a recording cut in parts cannot decode a limit's worth in each.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSttFake } from '@/fakes/stt'
import { ffmpegPath } from '@/lib/media/binaries'
import { fixedSizing } from './universal/live-plan'
import { liveTranscribe, type PartEnd } from './live-transcribe'
import { createSttProvider } from './provider'

const stt = await startSttFake({ apiKey: 'sk-stt-live' })
const provider = createSttProvider({ baseUrl: stt.url, apiKey: 'sk-stt-live', model: 'whisper-1' })
const dir = mkdtempSync(path.join(tmpdir(), 'ss-live-'))
const SECOND = 1000
let files: string[]

beforeAll(async () => {
  // Two 40-second parts of a tone, as Opus: speech enough for the fake to answer.
  const ffmpeg = await ffmpegPath()
  files = ['a', 'b'].map((name, i) => {
    const file = path.join(dir, `${name}.ogg`)
    execFileSync(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `sine=f=${300 + 100 * i}:r=16000:d=40`, '-ac', '1', '-c:a', 'libopus', '-b:a', '16k', file])
    return file
  })
})

afterAll(async () => {
  await stt.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('liveTranscribe', () => {
  it('decodes at most capMs in all, however many parts share it', async () => {
    const ends: PartEnd[] = []
    const outcome = await liveTranscribe({
      parts: [
        { startMs: 0, endMs: 40 * SECOND, input: { file: files[0] } },
        { startMs: 40 * SECOND, endMs: null, input: { file: files[1] } },
      ],
      language: 'en',
      provider,
      concurrency: 2,
      retry: { attempts: 3, delayMs: 5 },
      capMs: 60 * SECOND,
      sizing: fixedSizing(20 * SECOND),
      known: [],
      onPlanned: async () => {},
      mayTranscribe: async () => true,
      onChunkDone: async () => {},
      onPartEnd: async (end) => void ends.push(end),
    })
    expect(outcome.kind).toBe('transcribed')
    const total = ends.reduce((sum, end) => sum + end.decodedMs, 0)
    expect(total).toBeLessThanOrEqual(60 * SECOND)
    expect(total).toBeGreaterThan(59 * SECOND)
    expect(ends.map((end) => end.ended)).toContain('tooLong')
    expect(outcome.kind === 'transcribed' && outcome.decodedMs).toBe(total)
  }, 60_000)
})
