import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { makeSpeechVideo, type PlacedSpeech, type Sentence } from './speech-video'

// The burn-in tests' fixtures and measurements, with Debian's ffmpeg (5.1, libx264 and AAC):
// a moving test pattern with real speech, and frames read back as raw pixels to compare.

const run = (args: string[]) => execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], { maxBuffer: 256 * 1024 * 1024, timeout: 900_000 })
const probe = (args: string[]) => execFileSync('ffprobe', ['-v', 'error', ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })

/**
 * As makeTalkVideo, kept between runs in the machine's temp folder (writing a minute of 1080p test
 * pattern takes minutes on a busy machine); `file` gets a copy.
 */
export async function cachedTalkVideo(file: string, spec: { sentences: Sentence[]; totalMs: number; width: number; height: number }): Promise<PlacedSpeech[]> {
  const dir = path.join(tmpdir(), 'subtitle-studio-burn-fixtures')
  const key = `${spec.width}x${spec.height}-${spec.totalMs}-${spec.sentences.map((s) => `${s.atMs}${s.text}`).join('|').length}-v1`
  const [cached, placedFile] = [path.join(dir, `${key}.mp4`), path.join(dir, `${key}.json`)]
  if (!existsSync(placedFile)) {
    await mkdir(dir, { recursive: true })
    const placed = await makeTalkVideo(`${cached}.part.mp4`, spec)
    await copyFile(`${cached}.part.mp4`, cached)
    await rm(`${cached}.part.mp4`, { force: true })
    await writeFile(placedFile, JSON.stringify(placed))
  }
  await copyFile(cached, file)
  return JSON.parse(await readFile(placedFile, 'utf8')) as PlacedSpeech[]
}

/** An MP4 (H.264 + AAC, 30 fps) of a moving test pattern with `sentences` spoken at their times. */
export async function makeTalkVideo(file: string, spec: { sentences: Sentence[]; totalMs: number; width: number; height: number }): Promise<PlacedSpeech[]> {
  const speech = `${file}.speech.webm`
  try {
    const placed = makeSpeechVideo(speech, { sentences: spec.sentences, totalMs: spec.totalMs })
    const seconds = (spec.totalMs / 1000).toFixed(3)
    run(['-f', 'lavfi', '-i', `testsrc2=s=${spec.width}x${spec.height}:r=30:d=${seconds}`, '-i', speech, '-map', '0:v', '-map', '1:a', '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '23', '-pix_fmt', 'yuv420p', '-g', '60', '-c:a', 'aac', '-b:a', '128k', '-ac', '2', '-t', seconds, '-movflags', '+faststart', file])
    return placed
  } finally {
    await rm(speech, { force: true })
  }
}

/** One frame at `ms` (accurate seek) as RGB bytes of the given rectangle. */
export function frameRgb(file: string, ms: number, crop: { x: number; y: number; w: number; h: number }): Buffer {
  return run(['-ss', (ms / 1000).toFixed(3), '-i', file, '-frames:v', '1', '-vf', `crop=${crop.w}:${crop.h}:${crop.x}:${crop.y}`, '-pix_fmt', 'rgb24', '-f', 'rawvideo', '-'])
}

/**
 * The frames at each of `times` (ms; the first frame at or after each, as an accurate -ss seek
 * picks) as RGB bytes of the rectangle, from one decoding pass of a constant-rate `fps` video.
 */
export function framesRgb(file: string, times: number[], crop: { x: number; y: number; w: number; h: number }, fps = 30): Buffer[] {
  const index = (ms: number) => Math.ceil((ms / 1000) * fps - 1e-6)
  const wanted = [...new Set(times.map(index))].sort((a, b) => a - b)
  const raw = run(['-i', file, '-vf', `select='${wanted.map((n) => `eq(n,${n})`).join('+')}',crop=${crop.w}:${crop.h}:${crop.x}:${crop.y}`, '-fps_mode', 'passthrough', '-an', '-pix_fmt', 'rgb24', '-f', 'rawvideo', '-'])
  const size = crop.w * crop.h * 3
  if (raw.length !== wanted.length * size) throw new Error(`${file}: ${raw.length / size} frames read, ${wanted.length} wanted`)
  return times.map((ms) => raw.subarray(wanted.indexOf(index(ms)) * size, (wanted.indexOf(index(ms)) + 1) * size))
}

/** Saves one frame at `ms` as a PNG (for a look by eye). */
export function framePng(file: string, ms: number, out: string) {
  run(['-ss', (ms / 1000).toFixed(3), '-i', file, '-frames:v', '1', out])
}

/** Share of pixels whose colour differs by more than 48 (sum of channels / 3) between two frames. */
export function changedShare(a: Buffer, b: Buffer): number {
  let changed = 0
  for (let i = 0; i < a.length; i += 3) {
    if ((Math.abs(a[i] - b[i]) + Math.abs(a[i + 1] - b[i + 1]) + Math.abs(a[i + 2] - b[i + 2])) / 3 > 48) changed++
  }
  return changed / (a.length / 3)
}

/** Where the output has the highlight colour (yellow) and the source has not: the centre of that mass, and its size. */
export function highlightCentre(out: Buffer, src: Buffer, width: number): { x: number; y: number; count: number } {
  let sx = 0
  let sy = 0
  let count = 0
  const yellow = (p: Buffer, i: number) => p[i] > 200 && p[i + 1] > 170 && p[i + 2] < 90
  for (let i = 0; i < out.length; i += 3) {
    if (yellow(out, i) && !yellow(src, i)) {
      const px = i / 3
      sx += px % width
      sy += Math.floor(px / width)
      count++
    }
  }
  return { x: count ? sx / count : 0, y: count ? sy / count : 0, count }
}

/** Each audio packet's size and MD5, in order (ffmpeg's framemd5 of a stream copy). */
export function audioPackets(file: string): string[] {
  const out = run(['-i', file, '-map', '0:a:0', '-c', 'copy', '-f', 'framemd5', '-']).toString('utf8')
  return out
    .split('\n')
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => l.split(',').map((c) => c.trim()))
    .map((c) => `${c[4]}:${c[5]}`)
}

export function videoStats(file: string): { frames: number; durationS: number; width: number; height: number; codec: string } {
  const [codec, width, height, frames] = probe(['-select_streams', 'v:0', '-count_frames', '-show_entries', 'stream=codec_name,width,height,nb_read_frames', '-of', 'csv=p=0', file]).trim().split(',')
  const durationS = Number(probe(['-show_entries', 'format=duration', '-of', 'csv=p=0', file]).trim())
  return { codec, width: Number(width), height: Number(height), frames: Number(frames), durationS }
}

/** A calm short clip (slow colour gradients, a tone) for the dialog's preview and screenshots. */
export function makeSceneVideo(file: string, { width, height, seconds }: { width: number; height: number; seconds: number }) {
  run(['-f', 'lavfi', '-i', `gradients=s=${width}x${height}:r=30:d=${seconds}:c0=0x1f3b57:c1=0x5d7f99:c2=0x8a6f5c:nb_colors=3:speed=0.002`, '-f', 'lavfi', '-i', `sine=f=220:d=${seconds}`, '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-t', String(seconds), file])
}
