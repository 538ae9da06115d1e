import 'server-only'

/**
 * Answers bytes whole (200) or one `Range: bytes=a-b` of them (206), as a media element needs to
 * seek; a range outside the bytes is 416. Private and not cached: the bytes are a user's.
 */
export function byteRangeResponse(bytes: Buffer, { contentType, range }: { contentType: string; range: string | null }): Response {
  const headers: Record<string, string> = { 'content-type': contentType, 'accept-ranges': 'bytes', 'cache-control': 'private, no-store' }
  const match = range ? /^bytes=(\d*)-(\d*)$/.exec(range.trim()) : null
  if (!match || (match[1] === '' && match[2] === '')) return new Response(new Uint8Array(bytes), { headers: { ...headers, 'content-length': String(bytes.length) } })
  let start: number
  let end: number
  if (match[1] === '') {
    // A suffix: the last n bytes.
    start = Math.max(0, bytes.length - Number(match[2]))
    end = bytes.length - 1
  } else {
    start = Number(match[1])
    end = match[2] === '' ? bytes.length - 1 : Math.min(Number(match[2]), bytes.length - 1)
  }
  if (start >= bytes.length || start > end) return new Response(null, { status: 416, headers: { ...headers, 'content-range': `bytes */${bytes.length}` } })
  return new Response(new Uint8Array(bytes.subarray(start, end + 1)), { status: 206, headers: { ...headers, 'content-range': `bytes ${start}-${end}/${bytes.length}`, 'content-length': String(end - start + 1) } })
}
