'use client'

// Where an exported video is written. With the File System Access API (Chrome,
// Edge) the file streams to disk as it is made; elsewhere it is built in memory up to
// MEMORY_LIMIT_BYTES and then downloaded, and a larger job is refused before it starts. A failed or
// cancelled job never leaves a file that looks finished: the disk file is written through a
// swap file that only commit() puts in place (abort() drops it and the picked file is removed), and
// a closed tab drops the swap file with the page.
import { memoryFile, type MemoryFile } from './memory-file'

/** The largest video built in memory where the browser cannot stream to disk (1 GiB). */
export const MEMORY_LIMIT_BYTES = 1024 ** 3

/** What mediabunny's StreamTarget writes: a run of bytes at a position of the file. */
export type OutputChunk = { type: 'write'; data: Uint8Array; position: number }
export type OutputMime = 'video/mp4' | 'video/webm' | 'video/x-matroska'

export type VideoOutput = {
  kind: 'disk' | 'memory'
  /**
   * The file's bytes, written at their positions: on disk straight into the picked file; in memory
   * into a buffer here (a worker builds its own and hands it to commit() instead).
   */
  stream: WritableStream<OutputChunk>
  /** Puts the finished file in place (disk) or downloads it (memory, `buffer` from a worker). */
  commit(buffer?: ArrayBuffer): Promise<void>
  /** Leaves nothing behind after a failure or cancel. */
  discard(): Promise<void>
}

type SaveHandle = { name: string; createWritable(): Promise<FileSystemWritableFileStream>; remove?: () => Promise<void> }
type SavePicker = (options: { suggestedName: string; types: { description: string; accept: Record<string, string[]> }[] }) => Promise<SaveHandle>

const picker = (): SavePicker | null => (typeof window !== 'undefined' && 'showSaveFilePicker' in window ? (window as unknown as { showSaveFilePicker: SavePicker }).showSaveFilePicker.bind(window) : null)

/** Whether the output can stream to disk; otherwise it must fit in MEMORY_LIMIT_BYTES. */
export const canStreamToDisk = () => picker() !== null

/** A rough size of a burned-in export: the source's bitrate scaled by the picture's area, with headroom. */
export const estimateOutputBytes = (sourceBytes: number, areaRatio: number) => Math.round(sourceBytes * Math.min(1, areaRatio) * 1.3)

/** Whether a job of about `bytes` may start here (always on disk; in memory up to the limit). */
export const fitsOutput = (bytes: number) => canStreamToDisk() || bytes <= MEMORY_LIMIT_BYTES

/**
 * Opens the output for `fileName`: asks where to save it when the browser can stream to disk.
 * Rejects with an AbortError when the creator closes the save picker.
 */
export async function openVideoOutput({ fileName, mimeType }: { fileName: string; mimeType: OutputMime }): Promise<VideoOutput> {
  const extension = fileName.slice(fileName.lastIndexOf('.'))
  const save = picker()
  if (save) {
    const handle = await save({ suggestedName: fileName, types: [{ description: extension.slice(1).toUpperCase(), accept: { [mimeType]: [extension] } }] })
    const writable = await handle.createWritable()
    // Mediabunny closes its stream when it finalises or cancels; closing the file's stream is
    // kept for commit(), so a cancelled job's bytes never replace the file.
    const relay = new WritableStream<OutputChunk>({
      write: (chunk) => writable.write({ type: 'write', position: chunk.position, data: chunk.data as Uint8Array<ArrayBuffer> }),
    })
    return {
      kind: 'disk',
      stream: relay,
      commit: () => writable.close(),
      async discard() {
        await writable.abort().catch(() => {})
        await handle.remove?.().catch(() => {})
      },
    }
  }
  let local: MemoryFile | null = memoryFile()
  return {
    kind: 'memory',
    stream: local.stream,
    async commit(buffer) {
      const bytes = buffer ?? local?.take()
      if (!bytes) throw new Error('the video was not finished')
      local = null
      const url = URL.createObjectURL(new Blob([bytes], { type: mimeType }))
      const link = Object.assign(document.createElement('a'), { href: url, download: fileName })
      document.body.append(link)
      link.click()
      link.remove()
      setTimeout(() => URL.revokeObjectURL(url), 60_000)
    },
    discard: async () => {
      local = null
    },
  }
}
