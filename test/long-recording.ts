// The long recordings of issue 27: a sentence in each 5 minutes of a recording up to 3 hours long,
// sent through the transcribe route and run to completion; each file of its own
// (long-recording-ogg/-webm.db.test.ts, through longRecordingSuite), so the two run side by side.
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { db } from '@/lib/db'
import { clearPauses } from '@/lib/provider-calls'
import { parseTime } from '@/lib/subtitles'
import type { PlacedSpeech } from './speech-audio'
import { speechSetup } from './task-setup'
import { transcribeFile } from './transcription'

/** Just under 3 hours (the limit's tolerance for an encoder's padding is another item's). */
export const LONG_TOTAL_MS = 3 * 3600_000 - 5_000
const TEXTS = ['The next part of the lecture starts now.', 'Please take a moment to look at this chart.', 'We will come back to this question later.']
/** One sentence in each 5 minutes, at a different place in each (some just before a chunk's cut). */
export const LONG_SENTENCES = Array.from({ length: 36 }, (_, k) => ({ text: TEXTS[k % TEXTS.length], atMs: k * 300_000 + 20_000 + ((k * 61_000) % 260_000) }))
/** 32 kbit/s mono Opus handed 16 kHz samples; a low complexity and 60 ms frames make 3 hours in seconds. */
export const LONG_OPUS = { bitrate: '32k', opusRate: 16_000, encoderArgs: ['-compression_level', '0', '-frame_duration', '60'] }

/**
 * A test file's one long recording: the fakes (two chunks at once at the provider), `make` writing
 * the recording into `fileName` before the test and answering where its sentences are heard, and
 * the test `title`: every sentence heard before `untilMs` comes back on time.
 */
export async function longRecordingSuite({ name, fileName, untilMs, title, make }: { name: string; fileName: string; untilMs: number; title: string; make: (file: string) => Promise<PlacedSpeech[]> }) {
  const { dir } = await speechSetup(name, { env: { STT_CONCURRENCY: '2' }, teardownMs: 120_000 })
  const file = path.join(dir, fileName)
  let placed: PlacedSpeech[] = []
  beforeAll(async () => {
    placed = await make(file)
  }, 600_000)
  describe('a long recording with a sentence every 5 minutes', () => {
    it(title, async () => {
      clearPauses()
      expectEverySentenceOnTime(placed, await transcribedCues(file), untilMs)
    }, 1_200_000)
  })
}

/** The cues of `file` sent as an English recording by a new user and transcribed here. */
async function transcribedCues(file: string) {
  const { taskId } = await transcribeFile(file, { points: 1800 })
  const rows = await db.segment.findMany({ where: { taskId }, orderBy: { index: 'asc' } })
  return rows.map((r) => ({ startMs: parseTime(r.startTime)!, endMs: parseTime(r.endTime)!, text: r.originalText }))
}

/** Every sentence heard before `untilMs` has one cue, starting and ending within 250 ms of its sound; no other cue. */
function expectEverySentenceOnTime(placed: PlacedSpeech[], cues: { startMs: number; endMs: number }[], untilMs: number) {
  const heard = placed.filter((speech) => speech.endMs < untilMs)
  const late = heard
    .map((speech) => ({ speech, cue: cues.find((c) => Math.abs(c.startMs - speech.startMs) <= 250 && Math.abs(c.endMs - speech.endMs) <= 250) }))
    .filter((p) => !p.cue)
    .map((p) => `${Math.round(p.speech.startMs)} ms: nearest cue ${cues.map((c) => c.startMs).sort((a, b) => Math.abs(a - p.speech.startMs) - Math.abs(b - p.speech.startMs))[0]}`)
  expect(late, 'sentences without a cue on time').toEqual([])
  expect(cues).toHaveLength(heard.length)
}
