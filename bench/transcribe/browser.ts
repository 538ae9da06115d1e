// Transcription benchmark (issue 22), browser part: a 60-minute WebM video of about 1 GB (a noisy
// picture at a fixed bitrate, espeak-ng speech every 30 s on stereo Opus) is picked in Chromium and
// its sound extracted by the dialog's own module (lib/client/media/extract-audio.ts): extraction
// time, speed against real time, and the bytes the dialog then uploads (the extracted audio, sent
// once with the estimate; the transcribe call names it by its uploadId). Median of BENCH_RUNS runs.
//
// The server part (upload, peak memory, chunks, wall time against the speech-to-text fake) is
// bench/transcribe.ts (`npm run bench:transcribe`).
//
// Usage: npm run bench:transcribe-browser  (BENCH_MINUTES, default 60; BENCH_VIDEO_MB, default 1024;
// BENCH_RUNS, default 3; the video is written once to $TMPDIR/bench-transcribe and kept for reruns)
import { mkdir, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { AUDIO_BITRATE } from '@/lib/client/media/extract-audio'
import { makeSpeechVideo } from '@/test/speech-video'
import { extractInChromium } from './extract-in-browser'

const MINUTES = Number(process.env.BENCH_MINUTES ?? 60)
const VIDEO_MB = Number(process.env.BENCH_VIDEO_MB ?? 1024)
const RUNS = Number(process.env.BENCH_RUNS ?? 3)
const MB = 1024 * 1024

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

async function benchVideo(): Promise<string> {
  const dir = path.join(tmpdir(), 'bench-transcribe')
  await mkdir(dir, { recursive: true })
  const file = path.join(dir, `speech-${MINUTES}min-${VIDEO_MB}mb.webm`)
  const existing = await stat(file).catch(() => null)
  if (existing && existing.size > 0) return file
  const totalMs = MINUTES * 60_000
  // The picture's bitrate that makes the file about VIDEO_MB with 96 kbit/s of sound.
  const videoKbps = Math.max(100, Math.round((VIDEO_MB * MB * 8) / (totalMs / 1000) / 1000 - 96))
  const lines = ['The river was quiet in the morning.', 'We walked to the old bridge and waited there.', 'Nobody came so we went home again.']
  const sentences = Array.from({ length: Math.floor(totalMs / 30_000) }, (_, i) => ({ text: lines[i % lines.length], atMs: i * 30_000 + 2_000 }))
  const started = performance.now()
  await makeSpeechVideo({ file, sentences, totalMs, videoKbps })
  console.log(`wrote ${file} in ${((performance.now() - started) / 1000).toFixed(0)} s`)
  return file
}

const file = await benchVideo()
const { size } = await stat(file)
console.log(`video: ${(size / MB).toFixed(0)} MB, ${MINUTES} min (WebM, VP8 noisy test pattern, stereo Opus 96 kbit/s)`)
const runs = await extractInChromium(file, RUNS)
for (const [i, run] of runs.entries()) console.log(`run ${i + 1}: extraction ${(run.ms / 1000).toFixed(1)} s, audio ${(run.bytes / MB).toFixed(2)} MB`)
const ms = median(runs.map((r) => r.ms))
const bytes = median(runs.map((r) => r.bytes))
const seconds = runs[0].durationMs / 1000
console.log(`extraction in Chromium (median of ${runs.length}): ${(ms / 1000).toFixed(1)} s for ${(size / MB).toFixed(0)} MB, ${(seconds / (ms / 1000)).toFixed(0)}x real time`)
console.log(`bytes uploaded: ${bytes} (${(bytes / MB).toFixed(2)} MB, ${((bytes / MB) * (300 / seconds)).toFixed(2)} MB per 5 minutes, ${((bytes / size) * 100).toFixed(2)} % of the video)`)
// Opus is variable-rate: the bench's speech is a sentence every 30 s, silence compresses to little.
const ceiling = (AUDIO_BITRATE / 8) * seconds
console.log(`ceiling for continuous speech at ${AUDIO_BITRATE / 1000} kbit/s: ${(ceiling / MB).toFixed(1)} MB (${((ceiling / MB) * (300 / seconds)).toFixed(2)} MB per 5 minutes)`)
