// Long recordings as browsers and recorders write them: Opus in Ogg with long pages, 3 hours with
// a sentence every 5 minutes, and Opus in WebM with long clusters (its first 30 minutes: clusters
// are what a browser's file adds, and the 3-hour length is the Ogg's to prove). The speech-to-text fake
// decodes each chunk with the system's current ffmpeg, as a provider would. Every sentence comes
// back, and every cue lands within 250 ms of where the sentence is heard in the whole recording.
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { db } from '@/lib/db'
import { ffmpegPath, runTool } from '@/lib/media'
import { parseTime } from '@/lib/subtitles'
import { clearPauses } from '@/lib/provider-calls'
import { makeRecording, type PlacedSpeech } from '@/test/speech-audio'
import { speechSetup } from '@/test/task-setup'
import { transcribeFile } from '@/test/transcription'

const { dir } = await speechSetup('long', { env: { STT_CONCURRENCY: '2' }, teardownMs: 120_000 })

// Just under 3 hours (the limit's tolerance for an encoder's padding is another item's).
const TOTAL_MS = 3 * 3600_000 - 5_000
const TEXTS = ['The next part of the lecture starts now.', 'Please take a moment to look at this chart.', 'We will come back to this question later.']
// One sentence in each 5 minutes, at a different place in each (some just before a chunk's cut).
const SENTENCES = Array.from({ length: 36 }, (_, k) => ({ text: TEXTS[k % TEXTS.length], atMs: k * 300_000 + 20_000 + ((k * 61_000) % 260_000) }))

// The WebM holds the first 30 minutes and the sentences in them.
const WEBM_MS = 30 * 60_000

let ogg: string
let webm: string
let placed: PlacedSpeech[]

beforeAll(async () => {
  ogg = path.join(dir, 'lecture.ogg')
  // 32 kbit/s Opus in pages as long as Ogg allows (255 packets); a low complexity and 60 ms frames
  // make 3 hours in seconds.
  placed = await makeRecording({
    sentences: SENTENCES,
    totalMs: TOTAL_MS,
    file: ogg,
    bitrate: '32k',
    opusRate: 16_000,
    encoderArgs: ['-compression_level', '0', '-frame_duration', '60', '-page_duration', '60000000'],
  })
  // The same audio as a browser's WebM: clusters of 30 s (Matroska's longest is 32.767 s).
  webm = path.join(dir, 'lecture.webm')
  await runTool(await ffmpegPath(), ['-hide_banner', '-loglevel', 'error', '-y', '-i', ogg, '-t', String(WEBM_MS / 1000), '-c:a', 'copy', '-cluster_time_limit', '30000', '-cluster_size_limit', '8000000', '-f', 'webm', webm])
}, 600_000)

async function transcribe(file: string) {
  const { taskId } = await transcribeFile(file, { points: 1800 })
  const rows = await db.segment.findMany({ where: { taskId }, orderBy: { index: 'asc' } })
  return rows.map((r) => ({ startMs: parseTime(r.startTime)!, endMs: parseTime(r.endTime)!, text: r.originalText }))
}

/** Every sentence has one cue, starting and ending within 250 ms of its sound; no other cue. */
function expectEverySentenceOnTime(cues: { startMs: number; endMs: number }[], untilMs = TOTAL_MS) {
  const heard = placed.filter((speech) => speech.endMs < untilMs)
  const late = heard
    .map((speech) => ({ speech, cue: cues.find((c) => Math.abs(c.startMs - speech.startMs) <= 250 && Math.abs(c.endMs - speech.endMs) <= 250) }))
    .filter((p) => !p.cue)
    .map((p) => `${Math.round(p.speech.startMs)} ms: nearest cue ${cues.map((c) => c.startMs).sort((a, b) => Math.abs(a - p.speech.startMs) - Math.abs(b - p.speech.startMs))[0]}`)
  expect(late, 'sentences without a cue on time').toEqual([])
  expect(cues).toHaveLength(heard.length)
}

describe('a long recording with a sentence every 5 minutes', () => {
  it('3 hours in Ogg with long pages: every sentence comes back, on time', async () => {
    clearPauses()
    expectEverySentenceOnTime(await transcribe(ogg))
  }, 1_200_000)

  it('30 minutes in WebM with long clusters, as a browser writes it: every sentence comes back, on time', async () => {
    clearPauses()
    expectEverySentenceOnTime(await transcribe(webm), WEBM_MS)
  }, 1_200_000)
})
