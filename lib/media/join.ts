import { copyFile, writeFile } from 'node:fs/promises'
import { ffmpegPath, runTool } from './binaries'
import type { AudioHeader } from './probe'

/** How parts of one container and codec are joined: ffmpeg's muxer, and the joined file's extension. */
export type JoinFormat = { muxer: string; extension: string }

/**
 * The container parts are joined into, by what they are: the same as theirs, so their sound is
 * copied as it is. Null for a container we do not join (its parts cannot be stored as one file
 * without decoding them).
 */
export function joinFormatOf({ format, codec }: Pick<AudioHeader, 'format' | 'codec'>): JoinFormat | null {
  const names = format.split(',')
  if (names.includes('ogg')) return { muxer: 'ogg', extension: '.ogg' }
  if (names.includes('mp3')) return { muxer: 'mp3', extension: '.mp3' }
  if (names.includes('aac')) return { muxer: 'adts', extension: '.aac' }
  if (names.includes('wav')) return { muxer: 'wav', extension: '.wav' }
  if (names.includes('flac')) return { muxer: 'flac', extension: '.flac' }
  // WebM holds only Opus and Vorbis sound; other codecs in Matroska have no player's extension here.
  if (names.includes('webm') && (codec === 'opus' || codec === 'vorbis')) return { muxer: 'webm', extension: '.webm' }
  if (names.includes('mp4') && codec === 'aac') return { muxer: 'ipod', extension: '.m4a' }
  return null
}

/**
 * Joins the parts of one recording (same container and codec, one after the other) into one file
 * a player reads whole, without decoding them (ffmpeg's concat demuxer, stream copy): the editor's
 * player and the stored recording. One part is copied as it is.
 */
export async function joinParts(files: string[], { out, format, signal }: { out: string; format: JoinFormat; signal?: AbortSignal }): Promise<void> {
  if (files.length === 1) return copyFile(files[0], out)
  const list = `${out}.txt`
  await writeFile(list, files.map((f) => `file '${f.replace(/'/g, "'\\''")}'`).join('\n'))
  await runTool(await ffmpegPath(), ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-f', 'concat', '-safe', '0', '-i', list, '-map', '0:a:0', '-c', 'copy', '-f', format.muxer, out], { signal })
}
