// `tsx --conditions=react-server test/make-damaged-videos.ts <dir>`: writes the damaged MP4s of the
// recording dialog's browser test and prints their names and sizes as JSON. Each starts as a real
// 32 s MP4 (H.264 + AAC) made by ffmpeg, then is damaged as a copy or a recorder damages one:
// - cut.mp4: index (`moov`) at the front, only the first eighth of the bytes kept (a copy that stopped);
// - index-lost.mp4: index at the end, cut in the middle, so the index is gone (a recording interrupted);
// - index-removed.mp4: whole, but the `moov` box renamed `free` (the index erased).
import { readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { ffmpegPath, runTool } from '@/lib/media/binaries'

/** ffmpeg through the project's own runner (lib/media): quiet, overwriting, failing with stderr's end. */
async function ffmpeg(args: string[]): Promise<void> {
  await runTool(await ffmpegPath(), ['-hide_banner', '-loglevel', 'error', '-y', ...args])
}

/** The top-level MP4 boxes: type, offset, size. */
function boxes(bytes: Buffer): { type: string; at: number; size: number }[] {
  const out: { type: string; at: number; size: number }[] = []
  for (let at = 0; at + 8 <= bytes.length; ) {
    const size = bytes.readUInt32BE(at)
    out.push({ type: bytes.toString('latin1', at + 4, at + 8), at, size })
    if (size < 8) break
    at += size
  }
  return out
}

const dir = process.argv[2]
if (!dir) {
  console.error('usage: make-damaged-videos.ts <dir>')
  process.exit(2)
}
const front = path.join(dir, 'front.mp4')
const end = path.join(dir, 'end.mp4')
const source = ['-f', 'lavfi', '-i', 'testsrc2=s=320x180:r=25:d=32,noise=alls=30:allf=t', '-f', 'lavfi', '-i', 'sine=frequency=440:d=32', '-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', '1200k', '-c:a', 'aac', '-b:a', '96k', '-t', '32']
await ffmpeg([...source, '-movflags', '+faststart', front])
await ffmpeg(['-i', front, '-c', 'copy', end])
const whole = await readFile(front)
const atEnd = await readFile(end)
if (boxes(whole)[1]?.type !== 'moov' || boxes(atEnd).at(-1)?.type !== 'moov') throw new Error('unexpected MP4 layout')

const removed = Buffer.from(atEnd)
const moov = boxes(removed).find((b) => b.type === 'moov')!
removed.write('free', moov.at + 4, 'latin1')
const files = {
  'cut.mp4': whole.subarray(0, Math.floor(whole.length / 8)),
  'index-lost.mp4': atEnd.subarray(0, Math.floor(atEnd.length / 2)),
  'index-removed.mp4': removed,
}
for (const [name, bytes] of Object.entries(files)) await writeFile(path.join(dir, name), bytes)
await rm(front)
await rm(end)
console.log(JSON.stringify({ wholeBytes: whole.length, sizes: Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, bytes.length])) }))
