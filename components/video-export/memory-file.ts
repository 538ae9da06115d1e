// A file built in memory from positioned writes (what a muxer's stream target sends: it seeks back
// to patch sizes), for browsers that cannot stream the export to disk. The buffer grows by
// doubling, and is trimmed to the file's size at the end without a copy where the browser can.
import type { OutputChunk } from './output'

type Transferable = ArrayBuffer & { transfer?: (length: number) => ArrayBuffer }

export type MemoryFile = {
  stream: WritableStream<OutputChunk>
  /** The file as written so far, exactly its size; the file is not written to after this. */
  take(): ArrayBuffer
}

export function memoryFile(): MemoryFile {
  let bytes = new Uint8Array(1024 * 1024)
  let size = 0
  const resize = (length: number) => {
    const old = bytes.buffer as Transferable
    if (old.transfer) bytes = new Uint8Array(old.transfer(length))
    else {
      const next = new Uint8Array(length)
      next.set(bytes.subarray(0, Math.min(length, bytes.length)))
      bytes = next
    }
  }
  const stream = new WritableStream<OutputChunk>({
    write({ position, data }) {
      const end = position + data.byteLength
      if (end > bytes.length) resize(Math.max(end, bytes.length * 2))
      bytes.set(data, position)
      size = Math.max(size, end)
    },
  })
  return {
    stream,
    take() {
      if (bytes.length !== size) resize(size)
      return bytes.buffer as ArrayBuffer
    },
  }
}
