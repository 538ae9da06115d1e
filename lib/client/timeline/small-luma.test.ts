import { describe, expect, it } from 'vitest'
import { readsFormat, smallLuma } from './small-luma'

/** A 160 x 90 picture: left half dark (40), right half bright (200), with a row stride wider than the picture. */
function halves(bytesPerSample: 1 | 2 | 4, encode: (v: number) => number[]) {
  const stride = 170 * bytesPerSample
  const offset = 16
  const bytes = new Uint8Array(offset + stride * 90)
  for (let y = 0; y < 90; y++) for (let x = 0; x < 160; x++) bytes.set(encode(x < 80 ? 40 : 200), offset + y * stride + x * bytesPerSample)
  return { bytes, offset, stride }
}

describe('small luma straight from a decoded frame', () => {
  it('averages the luma plane of 8-bit YUV into blocks, reading rows by their stride', () => {
    const { bytes, offset, stride } = halves(1, (v) => [v])
    const luma = smallLuma(bytes, { format: 'I420', offset, stride, planeWidth: 160, planeHeight: 90 }, 16, 9)
    expect([...luma.slice(0, 16)]).toEqual([...Array(8).fill(40), ...Array(8).fill(200)])
    expect(luma.every((v, i) => v === (i % 16 < 8 ? 40 : 200))).toBe(true)
  })

  it('reads 10-bit samples and RGB alike', () => {
    const ten = halves(2, (v) => [(v << 2) & 0xff, (v << 2) >> 8])
    expect([...smallLuma(ten.bytes, { format: 'I420P10', offset: ten.offset, stride: ten.stride, planeWidth: 160, planeHeight: 90 }, 16, 9).slice(6, 10)]).toEqual([40, 40, 200, 200])
    const bgra = halves(4, (v) => [v, v, v, 255])
    expect([...smallLuma(bgra.bytes, { format: 'BGRA', offset: bgra.offset, stride: bgra.stride, planeWidth: 160, planeHeight: 90 }, 16, 9).slice(6, 10)]).toEqual([40, 40, 200, 200])
  })

  it('says which formats it reads', () => {
    expect(['I420', 'NV12', 'I420P10', 'BGRX'].map(readsFormat)).toEqual([true, true, true, true])
    expect([null, 'unknown'].map(readsFormat)).toEqual([false, false])
  })
})
