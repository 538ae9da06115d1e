import 'server-only'
import { copyFile, writeFile } from 'node:fs/promises'
import { ffmpegPath, runTool } from './binaries'

/**
 * Joins the parts of one recording (same codec, one after the other) into one file a player reads
 * whole, without decoding them (ffmpeg's concat demuxer, stream copy): the editor's player and the
 * stored recording. One part is copied as it is.
 */
export async function joinParts(files: string[], { out, format, signal }: { out: string; format: 'ogg' | 'adts' | 'mp3'; signal?: AbortSignal }): Promise<void> {
  if (files.length === 1) return copyFile(files[0], out)
  const list = `${out}.txt`
  await writeFile(list, files.map((f) => `file '${f.replace(/'/g, "'\\''")}'`).join('\n'))
  await runTool(await ffmpegPath(), ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-f', 'concat', '-safe', '0', '-i', list, '-map', '0:a:0', '-c', 'copy', '-f', format, out], { signal })
}
