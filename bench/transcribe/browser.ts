// Transcription benchmark (issue 22), browser part: a 60-minute WebM video of about 1 GB (a noisy
// picture at a fixed bitrate, espeak-ng speech every 30 s on stereo Opus) is picked in Chromium and
// its sound extracted by the dialog's own module (lib/client/recording/extract-audio.ts): extraction
// time, speed against real time, and the bytes the dialog then uploads (the extracted audio, sent
// once with the estimate; the transcribe call names it by its uploadId). Median of BENCH_RUNS runs.
//
// The server part (upload, peak memory, chunks, wall time against the speech-to-text fake) is
// bench/transcribe.ts (`npm run bench:transcribe`).
//
// Usage: npm run bench:transcribe-browser  (BENCH_MINUTES, default 60; BENCH_VIDEO_MB, default 1024;
// BENCH_RUNS, default 3; the video is written once to $TMPDIR/bench-transcribe and kept for reruns)
import { stat } from 'node:fs/promises'
import { SPEECH_ENCODING } from '@/lib/client/recording/extraction-plan'
import { benchVideo } from '../pipeline/video'
import { extractInChromium } from './extract-in-browser'

const MINUTES = Number(process.env.BENCH_MINUTES ?? 60)
const VIDEO_MB = Number(process.env.BENCH_VIDEO_MB ?? 1024)
const RUNS = Number(process.env.BENCH_RUNS ?? 3)
const MB = 1024 * 1024

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

const file = await benchVideo({ minutes: MINUTES, megabytes: VIDEO_MB })
const { size } = await stat(file)
console.log(`video: ${(size / MB).toFixed(0)} MB, ${MINUTES} min (WebM, VP8 noisy test pattern, stereo Opus 96 kbit/s)`)
const runs = await extractInChromium(file, RUNS)
const bytesOf = (run: (typeof runs)[number]) => run.parts.reduce((sum, part) => sum + part.audio.length, 0)
for (const [i, run] of runs.entries()) console.log(`run ${i + 1}: extraction ${(run.ms / 1000).toFixed(1)} s (${run.mode}, ${run.parts.length} parts), audio ${(bytesOf(run) / MB).toFixed(2)} MB, longest main-thread task ${Math.round(run.longestTaskMs)} ms`)
const ms = median(runs.map((r) => r.ms))
const bytes = median(runs.map(bytesOf))
const seconds = runs[0].durationMs / 1000
console.log(`extraction in Chromium (median of ${runs.length}): ${(ms / 1000).toFixed(1)} s for ${(size / MB).toFixed(0)} MB, ${(seconds / (ms / 1000)).toFixed(0)}x real time`)
console.log(`bytes uploaded: ${bytes} (${(bytes / MB).toFixed(2)} MB, ${((bytes / MB) * (300 / seconds)).toFixed(2)} MB per 5 minutes, ${((bytes / size) * 100).toFixed(2)} % of the video)`)
// Opus is variable-rate: the bench's speech is a sentence every 30 s, silence compresses to little.
const ceiling = (SPEECH_ENCODING.bitrate / 8) * seconds
console.log(`ceiling for continuous speech at ${SPEECH_ENCODING.bitrate / 1000} kbit/s: ${(ceiling / MB).toFixed(1)} MB (${((ceiling / MB) * (300 / seconds)).toFixed(2)} MB per 5 minutes)`)
