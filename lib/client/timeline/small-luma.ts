// A decoded frame's picture reduced to the detector's small luma frame, straight from the bytes the
// decoder made (VideoFrame.copyTo): the luma plane of a YUV frame (8 or 16 bits a sample), or luma
// worked out of RGB, averaged over a grid of points in each block. Drawing the frame on a canvas
// and reading it back cost twenty times the decode in headless Chromium without a GPU (30 s of
// 1080p: 72 s against 3 s); this costs a copy.

/** The pixel formats read here (WebCodecs' names); others go through a canvas. */
const LUMA_FIRST_8 = new Set(['I420', 'I420A', 'I422', 'I422A', 'I444', 'I444A', 'NV12'])
const LUMA_FIRST_16 = new Set(['I420P10', 'I420P12', 'I420AP10', 'I420AP12', 'I422P10', 'I422P12', 'I422AP10', 'I422AP12', 'I444P10', 'I444P12', 'I444AP10', 'I444AP12'])
const RGB_ORDER: Record<string, [number, number, number]> = { RGBA: [0, 1, 2], RGBX: [0, 1, 2], BGRA: [2, 1, 0], BGRX: [2, 1, 0] }

export const readsFormat = (format: string | null): boolean => format !== null && (LUMA_FIRST_8.has(format) || LUMA_FIRST_16.has(format) || format in RGB_ORDER)

/** Points averaged across each block, in each direction. */
const GRID = 4

/**
 * The `width` x `height` luma of a frame whose first plane (bytes from `offset`, rows `stride`
 * apart) is `planeWidth` x `planeHeight` pixels of `format`.
 */
export function smallLuma(bytes: Uint8Array, { format, offset, stride, planeWidth, planeHeight }: { format: string; offset: number; stride: number; planeWidth: number; planeHeight: number }, width: number, height: number): Uint8Array {
  const out = new Uint8Array(width * height)
  const wide = LUMA_FIRST_16.has(format)
  const shift = format.endsWith('12') ? 4 : 2
  const rgb = RGB_ORDER[format]
  const value = (x: number, y: number): number => {
    const at = offset + y * stride
    if (rgb) {
      const p = at + x * 4
      return (77 * bytes[p + rgb[0]] + 150 * bytes[p + rgb[1]] + 29 * bytes[p + rgb[2]]) >> 8
    }
    if (wide) return (bytes[at + 2 * x] | (bytes[at + 2 * x + 1] << 8)) >> shift
    return bytes[at + x]
  }
  for (let oy = 0; oy < height; oy++) {
    const y0 = (oy * planeHeight) / height
    const blockH = planeHeight / height
    for (let ox = 0; ox < width; ox++) {
      const x0 = (ox * planeWidth) / width
      const blockW = planeWidth / width
      let sum = 0
      for (let gy = 0; gy < GRID; gy++) {
        const y = Math.min(planeHeight - 1, Math.floor(y0 + ((gy + 0.5) * blockH) / GRID))
        for (let gx = 0; gx < GRID; gx++) sum += value(Math.min(planeWidth - 1, Math.floor(x0 + ((gx + 0.5) * blockW) / GRID)), y)
      }
      out[oy * width + ox] = Math.round(sum / (GRID * GRID))
    }
  }
  return out
}
