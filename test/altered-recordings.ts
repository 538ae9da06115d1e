// Recordings whose headers lie, made in seconds for the tests of lib/transcribe's checks: a long
// WebM/Opus talk (a few spoken lines, repeated by stream copy, not re-encoded), the same with its
// Matroska TimecodeScale changed in the bytes, cut to its first part, and hours of FLAC silence in
// Matroska with no duration anywhere in its header.
import { createWriteStream, readdirSync, readFileSync, statSync, truncateSync, writeFileSync } from 'node:fs'
import { spawn } from 'node:child_process'
import path from 'node:path'
import { ffmpegPath, runTool } from '@/lib/media/binaries'
import { makeRecording, type Sentence } from './speech-audio'

/**
 * A WebM/Opus recording of about `totalMs`: `pieceMs` of speech on silence, repeated by stream
 * copy (so 20 minutes take a second or two to make). Its header says its length.
 */
export async function makeLongWebm(file: string, { totalMs, pieceMs = 20_000, sentences }: { totalMs: number; pieceMs?: number; sentences: Sentence[] }): Promise<void> {
  const piece = path.join(path.dirname(file), `piece-${path.basename(file)}`)
  await makeRecording({ sentences, totalMs: pieceMs, file: piece, format: 'webm' })
  const loops = Math.round(totalMs / pieceMs) - 1
  await runTool(await ffmpegPath(), ['-hide_banner', '-loglevel', 'error', '-y', '-stream_loop', String(loops), '-i', piece, '-map_metadata', '-1', '-c', 'copy', '-f', 'webm', file])
}

/**
 * Rewrites the Matroska TimecodeScale element (ID 2A D7 B1; 1,000,000 ns by default) in place,
 * keeping its size: every timestamp, and so the duration the header claims, scales with it.
 */
export function patchTimecodeScale(file: string, nanoseconds: number): void {
  const bytes = readFileSync(file)
  const at = bytes.indexOf(Buffer.from([0x2a, 0xd7, 0xb1]))
  if (at < 0) throw new Error('no TimecodeScale element')
  const sizeByte = bytes[at + 3]
  // A one-byte EBML size (0x8N) is all ffmpeg writes here.
  if ((sizeByte & 0x80) === 0) throw new Error('unexpected TimecodeScale size')
  const size = sizeByte & 0x7f
  bytes.writeUIntBE(nanoseconds, at + 4, size)
  writeFileSync(file, bytes)
}

/** Keeps the first `fraction` of a file's bytes: its header still claims the whole length. */
export function cutTo(file: string, fraction: number): void {
  truncateSync(file, Math.floor(statSync(file).size * fraction))
}

/**
 * Hours of FLAC silence (48 kHz, the largest frames) in Matroska, written to a pipe so the muxer
 * leaves out the duration and the index: a few MB that take many seconds to decode whole.
 */
export async function makeSilentFlacMatroska(file: string, { hours }: { hours: number }): Promise<void> {
  const piece = path.join(path.dirname(file), `piece-${path.basename(file)}`)
  const pieceSeconds = 600
  await runTool(await ffmpegPath(), ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'anullsrc=r=48000:cl=mono', '-t', String(pieceSeconds), '-c:a', 'flac', '-frame_size', '65535', '-f', 'matroska', piece])
  const loops = Math.round((hours * 3600) / pieceSeconds) - 1
  const child = spawn(await ffmpegPath(), ['-hide_banner', '-loglevel', 'error', '-stream_loop', String(loops), '-i', piece, '-map_metadata', '-1', '-c', 'copy', '-f', 'matroska', 'pipe:1'], { stdio: ['ignore', 'pipe', 'inherit'] })
  const out = createWriteStream(file)
  child.stdout.pipe(out)
  await new Promise<void>((resolve, reject) => {
    child.on('error', reject)
    out.on('finish', () => resolve())
    out.on('error', reject)
  })
}

/** Pids of the running `tool` processes (ffmpeg or ffprobe, or both) with `needle` in their command line (a temp folder). */
export function mediaProcessesWith(needle: string, tool: 'ffmpeg' | 'ffprobe' | 'ff(mpeg|probe)' = 'ff(mpeg|probe)'): number[] {
  const pids: number[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8')
      if (new RegExp(`(^|/)${tool}$`).test(cmdline.split('\0')[0] ?? '') && cmdline.includes(needle)) pids.push(Number(entry))
    } catch {
      // The process ended while the list was read.
    }
  }
  return pids
}
