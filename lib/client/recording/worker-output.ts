// A part's output, inside a worker: a Mediabunny Output whose bytes are posted to the page as they
// are written (the formats used here only ever append). Writes are gathered and posted every
// 200 ms or 32 KB, whichever comes first, and Ogg pages close every second of sound: silence
// compresses to almost nothing, and the server must still get each second of sound soon after it
// was made, not once 32 KB have piled up.

import { AdtsOutputFormat, Mp3OutputFormat, OggOutputFormat, Output, StreamTarget, type StreamTargetChunk } from 'mediabunny'
import type { PartFormat } from './extract-protocol'
import { joined } from './worker-samples'

const PIECE_BYTES = 32 * 1024
const PIECE_MS = 200

export function streamedOutput(format: PartFormat, send: (bytes: Uint8Array) => void): { output: Output; flush: () => void } {
  let written = 0
  let pending: Uint8Array[] = []
  let pendingBytes = 0
  let timer: ReturnType<typeof setTimeout> | null = null
  const flush = () => {
    if (timer) clearTimeout(timer)
    timer = null
    if (pendingBytes === 0) return
    const piece = joined(pending, pendingBytes, (n) => new Uint8Array(n))
    pending = []
    pendingBytes = 0
    send(piece)
  }
  const sink = new WritableStream<StreamTargetChunk>({
    write(chunk) {
      // The page appends what it receives: a write anywhere else would corrupt the upload.
      if (chunk.position !== written) throw new Error(`output wrote at ${chunk.position}, expected ${written}`)
      written += chunk.data.byteLength
      // A copy: the muxer may reuse its buffer.
      pending.push(chunk.data.slice())
      pendingBytes += chunk.data.byteLength
      if (pendingBytes >= PIECE_BYTES) flush()
      else timer ??= setTimeout(flush, PIECE_MS)
    },
    close: flush,
  })
  const container = format === 'ogg' ? new OggOutputFormat({ maximumPageDuration: 1 }) : format === 'adts' ? new AdtsOutputFormat() : new Mp3OutputFormat({ xingHeader: false })
  return { output: new Output({ format: container, target: new StreamTarget(sink) }), flush }
}
