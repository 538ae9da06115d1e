import 'server-only'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { ffmpegPath, runTool } from '@/lib/media'
import { PeaksAssembler, PeaksBuilder, type Peaks } from '@/lib/waveform'

/** Peaks are measured at the rate the browser's extraction makes (mono 16 kHz): the two draw alike. */
const PEAKS_RATE = 16_000
/** Decoding 3 hours of speech-sized sound takes some seconds; far past that something is wrong. */
const DECODE_TIMEOUT_MS = 5 * 60_000

/**
 * A recording's peaks, decoded once by ffmpeg to mono 16 kHz float samples streamed through the
 * peaks builder (never the whole sound in memory). A file ffmpeg cannot read is a MediaToolError.
 */
export async function peaksOfRecording(bytes: Buffer, { signal }: { signal?: AbortSignal } = {}): Promise<Peaks> {
  const dir = await mkdtemp(path.join(tmpdir(), 'peaks-'))
  try {
    const file = path.join(dir, 'recording')
    await writeFile(file, bytes)
    const builder = new PeaksBuilder(PEAKS_RATE)
    const assembler = new PeaksAssembler()
    // ffmpeg's output comes in pieces that may split a sample: the split bytes wait for the next piece.
    let rest = Buffer.alloc(0)
    const onStdout = (chunk: Buffer) => {
      const data = rest.length > 0 ? Buffer.concat([rest, chunk]) : chunk
      const whole = data.length - (data.length % 4)
      // Copied into a buffer of their own: a float array needs 4-byte alignment (little-endian, as f32le and every host we run on).
      const samples = new Float32Array(Uint8Array.prototype.slice.call(data, 0, whole).buffer)
      rest = Buffer.from(data.subarray(whole))
      builder.push(samples)
      const run = builder.take()
      if (run) assembler.add(run)
    }
    await runTool(await ffmpegPath(), ['-nostdin', '-v', 'error', '-threads', '1', '-i', file, '-vn', '-ac', '1', '-ar', String(PEAKS_RATE), '-f', 'f32le', 'pipe:1'], { onStdout, signal, timeoutMs: DECODE_TIMEOUT_MS })
    const last = builder.finish()
    if (last) assembler.add(last)
    return assembler.peaks(builder.endMs)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
