import { describe, expect, it } from 'vitest'
import { blendOverlayI420, evenArea, keptColour } from './yuv-overlay'

// The burn-in's blend into a frame's own YUV planes: only what is under the subtitles changes, in
// the video's matrix and range, and the output keeps the source's colour tags.

const W = 4
const H = 4
const WHOLE = { x: 0, y: 0, width: W, height: H }

/** A mid-grey limited-range I420 frame (Y 126, U V 128), planes packed. */
function greyFrame() {
  const frame = new Uint8Array(W * H + 2 * (W / 2) * (H / 2))
  frame.fill(126, 0, W * H)
  frame.fill(128, W * H)
  const layout = [
    { offset: 0, stride: W },
    { offset: W * H, stride: W / 2 },
    { offset: W * H + (W / 2) * (H / 2), stride: W / 2 },
  ]
  return { frame, layout }
}

/** An overlay with `rgba` on the pixels listed, transparent elsewhere. */
function overlay(pixels: [number, number][], rgba: [number, number, number, number]) {
  const data = new Uint8ClampedArray(W * H * 4)
  for (const [x, y] of pixels) data.set(rgba, (y * W + x) * 4)
  return data
}

const plane = (frame: Uint8Array, offset: number, length: number) => [...frame.subarray(offset, offset + length)]

describe('blendOverlayI420', () => {
  it('writes opaque red as BT.709 limited range and leaves the rest of the frame as it was', () => {
    const { frame, layout } = greyFrame()
    const block: [number, number][] = [[0, 0], [1, 0], [0, 1], [1, 1]]
    blendOverlayI420(frame, layout, WHOLE, overlay(block, [255, 0, 0, 255]), { matrix: 'bt709', fullRange: false })
    // Y = 16 + 219 x 0.2126, Cb = 128 - 224 x 0.2126 / 1.8556, Cr = 128 + 224 x 0.5
    expect(plane(frame, 0, W * H)).toEqual([63, 63, 126, 126, 63, 63, 126, 126, 126, 126, 126, 126, 126, 126, 126, 126])
    expect(plane(frame, 16, 4)).toEqual([102, 128, 128, 128])
    expect(plane(frame, 20, 4)).toEqual([240, 128, 128, 128])
  })

  it('blends by coverage, chroma by the block mean, in full range and BT.601 when the video is', () => {
    const { frame, layout } = greyFrame()
    // White at half coverage on one pixel of the first chroma block.
    blendOverlayI420(frame, layout, WHOLE, overlay([[0, 0]], [255, 255, 255, 128]), { matrix: 'bt601', fullRange: true })
    expect(frame[0]).toBe(Math.round(126 + ((255 - 126) * 128) / 255))
    expect(frame[1]).toBe(126)
    // White has no colour difference: chroma stays neutral.
    expect(plane(frame, 16, 4)).toEqual([128, 128, 128, 128])
    const red = greyFrame()
    blendOverlayI420(red.frame, red.layout, WHOLE, overlay([[0, 0]], [255, 0, 0, 255]), { matrix: 'bt601', fullRange: true })
    // Cr of pure red is +0.5: 128 + 255 x 0.5, a quarter of the block covered.
    expect(red.frame[20]).toBe(Math.round(128 * 0.75 + (128 + 255 * 0.5) / 4))
  })


  it('blends an overlay of an area of the frame at its place, the area grown to whole chroma blocks', () => {
    expect(evenArea({ x: 1, y: 1, width: 2, height: 1 }, W, H)).toEqual({ x: 0, y: 0, width: 4, height: 2 })
    expect(evenArea({ x: -5, y: 3, width: 20, height: 20 }, W, H)).toEqual({ x: 0, y: 2, width: 4, height: 2 })
    expect(evenArea({ x: 9, y: 9, width: 2, height: 2 }, W, H)).toBeNull()
    const { frame, layout } = greyFrame()
    // A 2x2 overlay of opaque red at (2,2): the frame's bottom-right block.
    const red = new Uint8ClampedArray(2 * 2 * 4)
    for (let i = 0; i < 4; i++) red.set([255, 0, 0, 255], i * 4)
    blendOverlayI420(frame, layout, { x: 2, y: 2, width: 2, height: 2 }, red, { matrix: 'bt709', fullRange: false })
    expect(plane(frame, 0, W * H)).toEqual([126, 126, 126, 126, 126, 126, 126, 126, 126, 126, 63, 63, 126, 126, 63, 63])
    expect(plane(frame, 16, 4)).toEqual([128, 128, 128, 102])
    expect(plane(frame, 20, 4)).toEqual([128, 128, 128, 240])
  })
})

describe('keptColour', () => {
  it("keeps a tagged source's colour and gives an untagged one what players assume for its size", () => {
    expect(keptColour({ primaries: null, transfer: null, matrix: null, fullRange: null }, { width: 1280, height: 720 })?.tags).toEqual({ primaries: 'bt709', transfer: 'bt709', matrix: 'bt709', fullRange: false })
    expect(keptColour({}, { width: 640, height: 360 })).toEqual({ tags: { primaries: 'smpte170m', transfer: 'smpte170m', matrix: 'smpte170m', fullRange: false }, colour: { matrix: 'bt601', fullRange: false } })
    expect(keptColour({ primaries: 'bt709', transfer: 'iec61966-2-1', matrix: 'bt709', fullRange: true }, { width: 1920, height: 1080 })?.tags.fullRange).toBe(true)
    // BT.2020 (HDR) is not blended here: the caller draws on a canvas instead.
    expect(keptColour({ matrix: 'bt2020-ncl' }, { width: 3840, height: 2160 })).toBeNull()
  })
})
