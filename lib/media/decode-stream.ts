import 'server-only'
import { createWriteStream, existsSync } from 'node:fs'
import { ffmpegPath, MediaToolError, startTool } from './binaries'
import { speechFormatFilters } from './resample'
import type { DecodeBudget } from './decode-budget'
import { FollowStalledError } from './follow-file'
import { silenceFilter, type Silence } from './silences'

/** The rate a recording is decoded at for speech to text (what Whisper-like providers resample to). */
export const PCM_RATE = 16_000
export const PCM_BYTES_PER_MS = (PCM_RATE * 2) / 1000

/** A file, or its bytes as they arrive (read until `stop` aborts: the decoder is done with them). */
export type DecodeInput = { file: string } | { stream: (stop: AbortSignal) => AsyncIterable<Buffer> }

/** How far decoding got: the samples on disk, and the silences heard so far (one still open ends at `decodedMs`). */
export type DecodeProgress = { decodedMs: number; silences: Silence[] }

export type DecodedStream = DecodeProgress & {
  /** `stalled`: the input stopped arriving before it was whole (a sender gone); what came is decoded. */
  ended: 'complete' | 'stalled'
  /** The decoded sound passed `capMs` or the shared budget: decoding stopped there. */
  tooLong: boolean
}

/**
 * Decodes a recording in one pass into `out` as raw mono 16 kHz 16-bit samples, while it arrives:
 * the input is a file, or a stream of its bytes (a part still uploading), fed to ffmpeg as it
 * comes. Times count decoded samples (`asetpts=N/SR/TB`), never the container's timestamps, and
 * the silences are heard on the way (silencedetect). `onProgress` is called as samples reach the
 * disk, so chunks can be cut and sent before the end. Rules: decoding stops (ffmpeg is killed, the
 * input no longer read) once the sound passes `limitMs` (the rest is not the part's: `complete`), or
 * once more than `capMs`, or than the shared `budget` allows, came out (`tooLong`); nothing past
 * those is written; a stream that stalls ends the input there (`ended: 'stalled'`); a file ffmpeg
 * cannot read at all is a MediaToolError; the process is killed when `signal` aborts.
 */
export type DecodeOptions = {
  /** The samples' file: written from `atMs` on (a part of a recording writes its place in the recording's timeline). */
  out: string
  atMs?: number
  /** Where the part ends (ms from its start): sound past it (a codec's padding, or a file longer than it said) is not decoded. */
  limitMs?: number
  /** The most sound this input may decode. */
  capMs?: number
  /** The most sound the recording may decode, shared with its other parts. */
  budget?: DecodeBudget
  signal?: AbortSignal
  onProgress?: (progress: DecodeProgress) => void
  /** Each piece of samples as it is written (speech levels are measured on the way). */
  onSamples?: (samples: Buffer) => void
}

export async function decodeStream(input: DecodeInput, { out, atMs = 0, limitMs = Infinity, capMs, budget, signal, onProgress, onSamples }: DecodeOptions): Promise<DecodedStream> {
  const source = 'file' in input ? input.file : 'pipe:0'
  // A stream still arriving is probed on its first bytes (its container's headers come first),
  // not on the 5 MB ffmpeg would otherwise wait for before its first sample.
  // Not `-fflags +nobuffer`: it drops the packets read while probing, so an MP3, ADTS or WAV stream
  // would lose its start and every time after it would come early.
  const probe = 'file' in input ? ['-nostdin'] : ['-probesize', '32768', '-analyzeduration', '0']
  // One decoding thread: an audio decoder's frame threads cost several times the CPU in locking (FLAC: 5x).
  const args = ['-hide_banner', '-nostats', ...probe, '-threads', '1', '-i', source, '-vn', '-map', '0:a:0', '-af', `${await speechFormatFilters(PCM_RATE)},asetpts=N/SR/TB,${silenceFilter()}`, '-c:a', 'pcm_s16le', '-f', 's16le', 'pipe:1']
  const child = startTool(await ffmpegPath(), args, { stdin: 'file' in input ? 'ignore' : 'pipe', signal })
  // The file may hold other parts already (their own places): written in place, never truncated.
  const pcm = createWriteStream(out, { flags: existsSync(out) ? 'r+' : 'w', start: Math.round(atMs * PCM_BYTES_PER_MS) })
  const limitBytes = Number.isFinite(limitMs) ? Math.round(limitMs * PCM_BYTES_PER_MS) : Infinity
  const capBytes = capMs === undefined ? Infinity : Math.round(capMs * PCM_BYTES_PER_MS)
  let kept = 0
  const silences: Silence[] = []
  let openSince: number | null = null
  let written = 0
  let tooLong = false
  let atLimit = false
  let ended: DecodedStream['ended'] = 'complete'
  let stderr = ''
  let pending = ''
  const decodedMs = () => Math.floor(written / PCM_BYTES_PER_MS)
  const progress = (): DecodeProgress => ({ decodedMs: decodedMs(), silences: openSince === null ? [...silences] : [...silences, { startMs: openSince, endMs: Math.max(openSince, decodedMs()) }] })

  const readLines = (text: string) => {
    const lines = (pending + text).split('\n')
    pending = lines.pop() ?? ''
    for (const line of lines) {
      const opened = /silence_start: (-?[\d.]+)/.exec(line)
      if (opened) openSince = Math.max(0, Math.round(Number(opened[1]) * 1000))
      const closed = /silence_end: ([\d.]+)/.exec(line)
      if (closed && openSince !== null) {
        silences.push({ startMs: openSince, endMs: Math.round(Number(closed[1]) * 1000) })
        openSince = null
      }
      if (!/silence_(start|end)/.test(line)) stderr = (stderr + line + '\n').slice(-8000)
    }
  }
  child.stderr.on('data', (chunk: Buffer) => readLines(chunk.toString('utf8')))
  let isStopped = false
  child.stdout.on('data', (decoded: Buffer) => {
    if (tooLong || atLimit || isStopped) return
    // What may still be kept: up to the part's end, its own cap, and the recording's shared budget.
    const toLimit = limitBytes - kept
    const room = Math.min(toLimit, capBytes - kept, budget?.room() ?? Infinity)
    const size = Math.max(0, Math.min(decoded.length, room))
    if (budget) budget.take(size)
    const chunk = decoded.subarray(0, size)
    kept += size
    if (decoded.length > room) {
      // Decoding the rest would be work nobody pays for: ffmpeg stops here.
      if (toLimit <= room) atLimit = true
      else tooLong = true
      child.kill()
    }
    if (chunk.length === 0) return
    onSamples?.(chunk)
    if (!pcm.write(chunk, () => {
      written += chunk.length
      onProgress?.(progress())
    })) {
      child.stdout.pause()
      pcm.once('drain', () => child.stdout.resume())
    }
  })

  // The input is fed as it arrives; a stream that stalls is ended where it stopped. Once ffmpeg is
  // done (the end, an error, the cap), the reading of the input stops too.
  const stop = new AbortController()
  const feeding = 'stream' in input ? feed(input.stream(stop.signal), child.stdin!, stop.signal).catch((error: unknown) => {
    child.stdin!.end()
    if (error instanceof FollowStalledError) ended = 'stalled'
    else if (!stop.signal.aborted) {
      child.kill()
      throw error
    }
  }) : Promise.resolve()

  let code: number | null
  try {
    code = await child.exited
  } catch (error) {
    // Aborted: the input's reading stops, and the file is closed once what it was given is written
    // (ffmpeg's last output is no longer taken), nothing left running.
    isStopped = true
    stop.abort()
    await feeding.catch(() => {})
    await new Promise<void>((resolve) => pcm.once('error', () => resolve()).end(() => resolve()))
    throw error
  }
  stop.abort()
  await feeding
  await new Promise<void>((resolve, reject) => pcm.end((error?: Error | null) => (error ? reject(error) : resolve())))
  signal?.throwIfAborted()
  if (code !== 0 && !tooLong && !atLimit && written === 0) throw new MediaToolError(`ffmpeg exited with ${code}: ${stderr.trim().slice(-500)}`)
  readLines('\n')
  const final = progress()
  return { ...final, ended: atLimit || tooLong ? 'complete' : ended, tooLong }
}

async function feed(stream: AsyncIterable<Buffer>, stdin: NodeJS.WritableStream, stop: AbortSignal): Promise<void> {
  // ffmpeg stops reading when it has had enough (an error, the cap): that is not the feeder's failure.
  stdin.on('error', () => {})
  for await (const chunk of stream) {
    if (stop.aborted) break
    if (!stdin.write(chunk)) await new Promise<void>((resolve) => {
      const done = () => {
        stdin.off('drain', done)
        stop.removeEventListener('abort', done)
        resolve()
      }
      stdin.once('drain', done)
      stop.addEventListener('abort', done, { once: true })
    })
  }
  stdin.end()
}
