import 'server-only'
import { open } from 'node:fs/promises'
import { DUB_BYTES_PER_MS, DUB_RATE, wavHeader } from './wav'

const HEADER_BYTES = 44

export type DubTrack = {
  /** Writes a clip at its start; what would pass the track's end is left out. */
  place(startMs: number, pcm: Int16Array): Promise<void>
  close(): Promise<void>
}

/**
 * A WAV file of the track's whole length, silent until clips are placed: the file is sized at once
 * (its holes read as zeros) and each clip is written at its own offset as soon as it is spoken, so
 * a dub of any length keeps one clip in memory, and a resumed dub writes into the same file.
 */
export async function openDubTrack(file: string, totalMs: number): Promise<DubTrack> {
  const dataBytes = Math.ceil(totalMs * DUB_BYTES_PER_MS / 2) * 2
  const handle = await open(file, 'a+').then(async (h) => (await h.close(), open(file, 'r+')))
  await handle.write(wavHeader(dataBytes), 0, HEADER_BYTES, 0)
  const { size } = await handle.stat()
  if (size !== HEADER_BYTES + dataBytes) await handle.truncate(HEADER_BYTES + dataBytes)
  return {
    async place(startMs, pcm) {
      const first = Math.max(0, Math.round((startMs * DUB_RATE) / 1000))
      const room = dataBytes / 2 - first
      if (room <= 0) return
      const samples = pcm.length > room ? pcm.subarray(0, room) : pcm
      await handle.write(new Uint8Array(samples.buffer, samples.byteOffset, samples.byteLength), 0, samples.byteLength, HEADER_BYTES + first * 2)
    },
    close: () => handle.close(),
  }
}
