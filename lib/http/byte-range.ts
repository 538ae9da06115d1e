import 'server-only'

/** Bytes `start` to `end`, both included, as `Range: bytes=start-end` counts them. */
export type ByteSpan = { start: number; end: number }

/** Something answered by byte ranges: its length, and a stream of all of it or of one span. */
export type RangeSource = { size: number; open(span?: ByteSpan): Promise<ReadableStream<Uint8Array>> }

/**
 * What a `Range` header asks of `size` bytes: everything (no header, or one we do not read), one
 * span (`bytes=a-b`, `bytes=a-`, or the suffix `bytes=-n`, cut to the end), or nothing we have (416).
 */
export function readRange(range: string | null, size: number): { kind: 'whole' } | { kind: 'span'; span: ByteSpan } | { kind: 'unsatisfiable' } {
  const match = range ? /^bytes=(\d*)-(\d*)$/.exec(range.trim()) : null
  if (!match || (match[1] === '' && match[2] === '')) return { kind: 'whole' }
  let start: number
  let end: number
  if (match[1] === '') {
    // A suffix: the last n bytes.
    start = Math.max(0, size - Number(match[2]))
    end = size - 1
  } else {
    start = Number(match[1])
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1)
  }
  if (start >= size || start > end) return { kind: 'unsatisfiable' }
  return { kind: 'span', span: { start, end } }
}

/**
 * Answers a source whole (200) or one `Range: bytes=a-b` of it (206), as a media element needs to
 * seek; a range outside it is 416. The bytes are streamed from the source as the client reads
 * them, so a recording of any size costs the server one stream buffer per request, not the file.
 * Private and not cached: the bytes are a user's.
 */
export async function byteRangeResponse(source: RangeSource, { contentType, range }: { contentType: string; range: string | null }): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': contentType, 'accept-ranges': 'bytes', 'cache-control': 'private, no-store' }
  const wanted = readRange(range, source.size)
  if (wanted.kind === 'whole') return new Response(await source.open(), { headers: { ...headers, 'content-length': String(source.size) } })
  if (wanted.kind === 'unsatisfiable') return new Response(null, { status: 416, headers: { ...headers, 'content-range': `bytes */${source.size}` } })
  const { start, end } = wanted.span
  return new Response(await source.open(wanted.span), {
    status: 206,
    headers: { ...headers, 'content-range': `bytes ${start}-${end}/${source.size}`, 'content-length': String(end - start + 1) },
  })
}
