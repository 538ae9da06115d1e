'use client'

// The bytes of a part being made, as tus-js-client reads an upload's source: each piece it asks
// for is answered with what has arrived once the piece is full, or once 250 ms have passed with
// something to send, so the server gets the sound within a fraction of a second of its making
// however little of it there is (silence compresses to almost nothing). The bytes of the piece
// being sent are kept until the next one is asked for: a dropped connection sends them again.
// The last piece comes with `done`, as a Blob (tus-js-client reads a piece's size from `size`), so
// its PATCH declares the part's length: no empty PATCH after it, one round trip less at the end.

type Slice = { value: Uint8Array | Blob | null; done: boolean }

const concat = (a: Uint8Array, b: Uint8Array) => {
  const out = new Uint8Array(a.length + b.length)
  out.set(a)
  out.set(b, a.length)
  return out
}

export function liveSource(stream: ReadableStream<Uint8Array>, { waitMs = 250 }: { waitMs?: number } = {}) {
  const reader = stream.getReader()
  let buffer = new Uint8Array(0)
  let bufferAt = 0
  let isEnded = false
  let reading: Promise<ReadableStreamReadResult<Uint8Array>> | null = null
  return {
    size: null,
    async slice(start: number, end: number): Promise<Slice> {
      if (start < bufferAt) throw new Error('cannot go back before the piece being sent')
      buffer = buffer.subarray(start - bufferAt)
      bufferAt = start
      const deadline = Date.now() + waitMs
      while (!isEnded && buffer.length < end - start) {
        reading ??= reader.read()
        const left = deadline - Date.now()
        if (buffer.length > 0 && left <= 0) break
        const next = buffer.length > 0 ? await Promise.race([reading, new Promise<null>((resolve) => setTimeout(() => resolve(null), left))]) : await reading
        if (next === null) break
        reading = null
        if (next.done) isEnded = true
        else buffer = concat(buffer, next.value)
      }
      if (isEnded && buffer.length === 0) return { value: null, done: true }
      const piece = buffer.slice(0, end - start)
      if (isEnded && buffer.length <= end - start) return { value: new Blob([piece]), done: true }
      return { value: piece, done: false }
    },
    close() {
      void reader.cancel().catch(() => {})
    },
  }
}
