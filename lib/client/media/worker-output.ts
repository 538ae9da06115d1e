// A part's output, inside a worker: a Mediabunny Output whose bytes are posted to the page as they
// are written (the formats used here only ever append), in pieces of about 32 KB.

import { AdtsOutputFormat, Mp3OutputFormat, OggOutputFormat, Output, StreamTarget, type StreamTargetChunk } from 'mediabunny'
import type { PartFormat } from './extract-protocol'

const PIECE_BYTES = 32 * 1024

export function streamedOutput(format: PartFormat, send: (bytes: Uint8Array) => void): Output {
  let written = 0
  const sink = new WritableStream<StreamTargetChunk>({
    write(chunk) {
      // The page appends what it receives: a write anywhere else would corrupt the upload.
      if (chunk.position !== written) throw new Error(`output wrote at ${chunk.position}, expected ${written}`)
      written += chunk.data.byteLength
      // A copy: the page takes the bytes over (transferred), the muxer may still hold its buffer.
      send(chunk.data.slice())
    },
  })
  const container = format === 'ogg' ? new OggOutputFormat() : format === 'adts' ? new AdtsOutputFormat() : new Mp3OutputFormat({ xingHeader: false })
  return new Output({ format: container, target: new StreamTarget(sink, { chunked: true, chunkSize: PIECE_BYTES }) })
}
