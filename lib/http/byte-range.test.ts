import { describe, expect, it } from 'vitest'
import { byteRangeResponse } from './byte-range'

const bytes = Buffer.from('0123456789')
const source = { size: bytes.length, open: async (span?: { start: number; end: number }) => new Blob([new Uint8Array(span ? bytes.subarray(span.start, span.end + 1) : bytes)]).stream() }
const answer = async (range: string | null) => {
  const res = await byteRangeResponse(source, { contentType: 'audio/ogg', range })
  return { status: res.status, range: res.headers.get('content-range'), body: Buffer.from(await res.arrayBuffer()).toString() }
}

describe('byteRangeResponse', () => {
  it('answers the whole, a range, an open range and a suffix', async () => {
    expect(await answer(null)).toEqual({ status: 200, range: null, body: '0123456789' })
    expect(await answer('bytes=2-4')).toEqual({ status: 206, range: 'bytes 2-4/10', body: '234' })
    expect(await answer('bytes=7-')).toEqual({ status: 206, range: 'bytes 7-9/10', body: '789' })
    expect(await answer('bytes=-3')).toEqual({ status: 206, range: 'bytes 7-9/10', body: '789' })
  })

  it('answers 416 to a range outside the bytes', async () => {
    expect(await answer('bytes=10-')).toMatchObject({ status: 416, range: 'bytes */10' })
  })
})
