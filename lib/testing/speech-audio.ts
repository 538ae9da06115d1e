// Real speech for tests: espeak-ng (a Debian package, installed by scripts/test-all.sh) speaks
// known sentences, which are laid on silence at known times and encoded with ffmpeg. The true
// start and end of each sentence's sound are measured from the samples, so tests compare cues
// with where speech really is, not with where it was meant to be.
import { spawn, spawnSync } from 'node:child_process'
import { ffmpegPath } from '@/lib/media/binaries'

const RATE = 22_050 // espeak-ng's output rate
/** A sample louder than this (about -36 dBFS) is sound. */
const SOUND = 500

export type Sentence = { text: string; atMs: number }
export type PlacedSpeech = { text: string; startMs: number; endMs: number }

type Spoken = { samples: Int16Array; atSample: number }

function speak(text: string): Int16Array {
  const run = spawnSync('espeak-ng', ['-v', 'en', '--stdout', text], { maxBuffer: 64 * 1024 * 1024 })
  if (run.status !== 0) throw new Error(`espeak-ng failed: ${run.stderr?.toString() ?? run.error}`)
  const wav = run.stdout
  // The PCM follows the `data` chunk header (espeak writes a 44-byte header, length left open).
  const at = wav.indexOf('data') + 8
  const bytes = wav.subarray(at, at + Math.floor((wav.length - at) / 2) * 2)
  return new Int16Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length))
}

/** Where the sound of some samples starts and ends, in samples. */
function soundBounds(samples: Int16Array): [number, number] {
  let first = 0
  while (first < samples.length && Math.abs(samples[first]) < SOUND) first++
  let last = samples.length - 1
  while (last > first && Math.abs(samples[last]) < SOUND) last--
  return [first, last + 1]
}

/**
 * Writes a recording of `totalMs` with each sentence spoken from `atMs`, encoded as `format`
 * (`ogg` = Opus, `webm` = Opus in WebM, `wav`), and answers where each sentence's sound truly is.
 * Silence is generated as it is written, so a 3-hour file takes no more memory than a sentence.
 */
export async function makeRecording({ sentences, totalMs, file, format = 'ogg', bitrate = '16k' }: { sentences: Sentence[]; totalMs: number; file: string; format?: 'ogg' | 'webm' | 'wav'; bitrate?: string }): Promise<PlacedSpeech[]> {
  const spoken: Spoken[] = sentences.map((s) => ({ samples: speak(s.text), atSample: Math.round((s.atMs * RATE) / 1000) }))
  const placed = sentences.map((s, i) => {
    const [first, last] = soundBounds(spoken[i].samples)
    return { text: s.text, startMs: ((spoken[i].atSample + first) * 1000) / RATE, endMs: ((spoken[i].atSample + last) * 1000) / RATE }
  })
  const codec = format === 'wav' ? ['-c:a', 'pcm_s16le'] : ['-c:a', 'libopus', '-b:a', bitrate, '-ac', '1']
  const child = spawn(ffmpegPath(), ['-hide_banner', '-loglevel', 'error', '-y', '-f', 's16le', '-ar', String(RATE), '-ac', '1', '-i', 'pipe:0', ...codec, '-f', format, file], { stdio: ['pipe', 'ignore', 'pipe'] })
  let stderr = ''
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
  const done = new Promise<void>((resolve, reject) => {
    child.on('error', reject)
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited with ${code}: ${stderr}`))))
  })
  const total = Math.round((totalMs * RATE) / 1000)
  const block = RATE * 10
  for (let from = 0; from < total; from += block) {
    const samples = new Int16Array(Math.min(block, total - from))
    for (const s of spoken) {
      const start = Math.max(from, s.atSample)
      const end = Math.min(from + samples.length, s.atSample + s.samples.length)
      for (let i = start; i < end; i++) samples[i - from] = s.samples[i - s.atSample]
    }
    if (!child.stdin.write(Buffer.from(samples.buffer))) await new Promise((r) => child.stdin.once('drain', r))
  }
  child.stdin.end()
  await done
  return placed
}

/** True when espeak-ng is installed (scripts/test-all.sh installs it). */
export function hasEspeak(): boolean {
  return spawnSync('espeak-ng', ['--version']).status === 0
}
