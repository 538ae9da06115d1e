// Real speech for tests: espeak-ng (a Debian package, installed by scripts/test-all.sh) speaks
// known sentences, which are laid on silence at known times and encoded with ffmpeg. The true
// start and end of each sentence's sound are measured from the samples, so tests compare cues
// with where speech really is, not with where it was meant to be.
import { spawn, spawnSync } from 'node:child_process'
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { ffmpegPath } from '@/lib/media/binaries'

const RATE = 22_050 // espeak-ng's output rate
/** A sample louder than this (about -36 dBFS) is sound. */
const SOUND = 500

/** `voice`: espeak-ng's voice and pitch arguments (`['-v', 'en+f3', '-p', '70']`); English at its default pitch when left out. */
export type Sentence = { text: string; atMs: number; voice?: readonly string[] }
export type PlacedSpeech = { text: string; startMs: number; endMs: number }

type Spoken = { samples: Int16Array; atSample: number }

// A long recording repeats a few sentences: each is spoken once.
const spokenTexts = new Map<string, Int16Array>()

function speak(text: string, voice: readonly string[] = ['-v', 'en']): Int16Array {
  const key = `${voice.join(' ')}\n${text}`
  const known = spokenTexts.get(key)
  if (known) return known
  const run = spawnSync('espeak-ng', [...voice, '--stdout', text], { maxBuffer: 64 * 1024 * 1024 })
  if (run.status !== 0) throw new Error(`espeak-ng failed: ${run.stderr?.toString() ?? run.error}`)
  const wav = run.stdout
  // The PCM follows the `data` chunk header (espeak writes a 44-byte header, length left open).
  const at = wav.indexOf('data') + 8
  const bytes = wav.subarray(at, at + Math.floor((wav.length - at) / 2) * 2)
  const samples = new Int16Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length))
  spokenTexts.set(key, samples)
  return samples
}

/** Where the sound of some samples starts and ends, in samples. */
function soundBounds(samples: Int16Array): [number, number] {
  let first = 0
  while (first < samples.length && Math.abs(samples[first]) < SOUND) first++
  let last = samples.length - 1
  while (last > first && Math.abs(samples[last]) < SOUND) last--
  return [first, last + 1]
}

/** The 44-byte header of a mono 16-bit PCM WAV of `samples` samples at `rate`. */
export function wavHeader(samples: number, rate: number): Buffer {
  const header = Buffer.alloc(44)
  header.write('RIFF', 0)
  header.writeUInt32LE(36 + samples * 2, 4)
  header.write('WAVEfmt ', 8)
  header.writeUInt32LE(16, 16)
  header.writeUInt16LE(1, 20)
  header.writeUInt16LE(1, 22)
  header.writeUInt32LE(rate, 24)
  header.writeUInt32LE(rate * 2, 28)
  header.writeUInt16LE(2, 32)
  header.writeUInt16LE(16, 34)
  header.write('data', 36)
  header.writeUInt32LE(samples * 2, 40)
  return header
}

/**
 * Writes a recording of `totalMs` with each sentence spoken from `atMs`, encoded as `format`
 * (`ogg` = Opus, `webm` = Opus in WebM, `wav` = 16-bit PCM at `wavRate`, written directly, which is
 * how a 3-hour file is made in seconds), and answers where each sentence's sound truly is.
 * Silence is generated as it is written, so a long file takes no more memory than a sentence.
 * `encoderArgs` go to ffmpeg's Opus encoder and muxer (a lower complexity, longer Ogg pages);
 * `opusRate` is the rate the samples are handed to it at.
 */
export async function makeRecording({ sentences, totalMs, file, format = 'ogg', bitrate = '16k', wavRate = 8000, opusRate = RATE, encoderArgs = [] }: { sentences: Sentence[]; totalMs: number; file: string; format?: 'ogg' | 'webm' | 'wav'; bitrate?: string; wavRate?: number; opusRate?: number; encoderArgs?: string[] }): Promise<PlacedSpeech[]> {
  const rate = format === 'wav' ? wavRate : opusRate
  const spoken: Spoken[] = sentences.map((s) => ({ samples: resample(speak(s.text, s.voice), RATE, rate), atSample: Math.round((s.atMs * rate) / 1000) }))
  const placed = sentences.map((s, i) => {
    const [first, last] = soundBounds(spoken[i].samples)
    return { text: s.text, startMs: ((spoken[i].atSample + first) * 1000) / rate, endMs: ((spoken[i].atSample + last) * 1000) / rate }
  })
  const total = Math.round((totalMs * rate) / 1000)
  let sink: { write(b: Buffer): Promise<void>; end(): Promise<void> }
  if (format === 'wav') {
    const out = createWriteStream(file)
    out.write(wavHeader(total, rate))
    sink = {
      write: async (b) => void (out.write(b) || (await new Promise<void>((r) => out.once('drain', () => r())))),
      end: () => new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve()))),
    }
  } else {
    const codec = ['-c:a', 'libopus', '-b:a', bitrate, '-ac', '1', ...encoderArgs]
    const child = spawn(await ffmpegPath(), ['-hide_banner', '-loglevel', 'error', '-y', '-f', 's16le', '-ar', String(rate), '-ac', '1', '-i', 'pipe:0', ...codec, '-f', format, file], { stdio: ['pipe', 'ignore', 'pipe'] })
    let stderr = ''
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
    const done = new Promise<void>((resolve, reject) => {
      child.on('error', reject)
      child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited with ${code}: ${stderr}`))))
    })
    sink = {
      write: async (b) => void (child.stdin.write(b) || (await new Promise<void>((r) => child.stdin.once('drain', () => r())))),
      end: async () => {
        child.stdin.end()
        await done
      },
    }
  }
  const block = rate * 10
  for (let from = 0; from < total; from += block) {
    const samples = new Int16Array(Math.min(block, total - from))
    for (const s of spoken) {
      const start = Math.max(from, s.atSample)
      const end = Math.min(from + samples.length, s.atSample + s.samples.length)
      for (let i = start; i < end; i++) samples[i - from] = s.samples[i - s.atSample]
    }
    await sink.write(Buffer.from(samples.buffer))
  }
  await sink.end()
  return placed
}

/** Linear resampling (good enough for energy and for a speech-to-text fake). */
function resample(samples: Int16Array, from: number, to: number): Int16Array {
  if (from === to) return samples
  const out = new Int16Array(Math.floor((samples.length * to) / from))
  for (let i = 0; i < out.length; i++) {
    const at = (i * from) / to
    const k = Math.floor(at)
    const next = samples[Math.min(k + 1, samples.length - 1)]
    out[i] = Math.round(samples[k] + (next - samples[k]) * (at - k))
  }
  return out
}

/** `sentences` spoken into `totalMs` of silence as an Ogg Opus recording held in memory, with where each sentence sounds. */
export async function recordingInMemory(sentences: Sentence[], totalMs: number): Promise<{ placed: PlacedSpeech[]; audio: Buffer }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'ss-speech-'))
  try {
    const file = path.join(dir, 'talk.ogg')
    const placed = await makeRecording({ sentences, totalMs, file })
    return { placed, audio: readFileSync(file) }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** True when espeak-ng is installed (scripts/test-all.sh installs it). */
export function hasEspeak(): boolean {
  return spawnSync('espeak-ng', ['--version']).status === 0
}
