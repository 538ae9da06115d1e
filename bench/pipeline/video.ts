// The benchmarks' long video: a 60-minute WebM of about 1 GB (a noisy picture at a fixed bitrate,
// espeak-ng speech every 30 s on stereo Opus), written with ffmpeg once and kept under the system's
// temp folder for every later run (bench:pipeline and bench:transcribe-browser share it).
import { mkdir, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { makeSpeechVideo } from '@/test/speech-video'

const MB = 1024 * 1024
const LINES = ['The river was quiet in the morning.', 'We walked to the old bridge and waited there.', 'Nobody came so we went home again.']

/** The cached video of `minutes` and about `megabytes`, written when missing; answers its path. */
export async function benchVideo({ minutes, megabytes }: { minutes: number; megabytes: number }): Promise<string> {
  const dir = path.join(tmpdir(), 'bench-transcribe')
  await mkdir(dir, { recursive: true })
  const file = path.join(dir, `speech-${minutes}min-${megabytes}mb.webm`)
  const existing = await stat(file).catch(() => null)
  if (existing && existing.size > 0) return file
  const totalMs = minutes * 60_000
  // The picture's bitrate that makes the file about `megabytes` with 96 kbit/s of sound.
  const videoKbps = Math.max(100, Math.round((megabytes * MB * 8) / (totalMs / 1000) / 1000 - 96))
  const sentences = Array.from({ length: Math.floor(totalMs / 30_000) }, (_, i) => ({ text: LINES[i % LINES.length], atMs: i * 30_000 + 2_000 }))
  const started = performance.now()
  await makeSpeechVideo({ file, sentences, totalMs, videoKbps })
  console.log(`wrote ${file} in ${((performance.now() - started) / 1000).toFixed(0)} s`)
  return file
}
