// Subtitles blended straight into a decoded frame's YUV planes. Drawing the frame on a canvas and
// encoding the canvas converts every pixel to RGB and back, chroma upsampled and subsampled again,
// and the file comes out tagged as full-range sRGB: the picture loses detail and colour away from
// the subtitles too. Here the frame's planes are copied as they are and only the pixels under the
// subtitles change, blended with the video's own matrix and range; the new frame keeps the
// source's colour tags.

/** The colour a frame's YUV values mean: the matrix that made them from R'G'B', and the range. */
export type YuvColour = { matrix: 'bt709' | 'bt601'; fullRange: boolean }
export type ColourTags = { primaries: string | null; transfer: string | null; matrix: string | null; fullRange: boolean | null }
export type PlaneLayout = { offset: number; stride: number }

const KR_KB = { bt709: [0.2126, 0.0722], bt601: [0.299, 0.114] } as const

/**
 * The colour tags the output keeps: the source's own, or where it has none, what players assume
 * for its size (limited-range BT.709 from 720 lines or 1280 columns up, BT.601 below). Null when
 * the frame's values cannot be blended here (another matrix, such as BT.2020 or RGB).
 */
export function keptColour(source: Partial<ColourTags> | null | undefined, size: { width: number; height: number }): { tags: Required<ColourTags>; colour: YuvColour } | null {
  const hd = size.height >= 720 || size.width >= 1280
  const matrix = source?.matrix ?? (hd ? 'bt709' : 'smpte170m')
  const blendMatrix = matrix === 'bt709' ? 'bt709' : matrix === 'smpte170m' || matrix === 'bt470bg' ? 'bt601' : null
  if (!blendMatrix) return null
  const fullRange = source?.fullRange ?? false
  const tags = {
    primaries: source?.primaries ?? (hd ? 'bt709' : 'smpte170m'),
    transfer: source?.transfer ?? (hd ? 'bt709' : 'smpte170m'),
    matrix,
    fullRange,
  }
  return { tags, colour: { matrix: blendMatrix, fullRange } }
}

/** `area` grown to even edges (whole chroma blocks) and kept inside the frame; null when nothing is left. */
export function evenArea(area: Area, width: number, height: number): Area | null {
  const left = Math.max(0, Math.floor(area.x / 2) * 2)
  const top = Math.max(0, Math.floor(area.y / 2) * 2)
  const right = Math.min(width, Math.ceil((area.x + area.width) / 2) * 2)
  const bottom = Math.min(height, Math.ceil((area.y + area.height) / 2) * 2)
  return right > left && bottom > top ? { x: left, y: top, width: right - left, height: bottom - top } : null
}

export type Area = { x: number; y: number; width: number; height: number }

/**
 * Blends `overlay` (RGBA, not premultiplied, as getImageData gives it) over the I420 frame in
 * `frame` (planes at `layout`), in place, at `area` of the frame (the overlay's size; even edges,
 * see evenArea). Chroma is blended per 2x2 block with the block's mean coverage. Rows and blocks
 * with nothing drawn are left untouched.
 */
export function blendOverlayI420(frame: Uint8Array, layout: readonly PlaneLayout[], area: Area, overlay: Uint8ClampedArray, colour: YuvColour): void {
  const [kr, kb] = KR_KB[colour.matrix]
  const kg = 1 - kr - kb
  const [yScale, yOffset, cScale] = colour.fullRange ? [255, 0, 255] : [219, 16, 224]
  const { width, height } = area
  const pixels = new Uint32Array(overlay.buffer, overlay.byteOffset, width * height)
  const [yPlane, uPlane, vPlane] = layout
  const drawnRows = new Uint8Array(height)
  for (let row = 0; row < height; row++) {
    const start = row * width
    for (let i = start; i < start + width; i++) {
      // Alpha is the high byte of each little-endian pixel.
      if (pixels[i] >>> 24 !== 0) {
        drawnRows[row] = 1
        break
      }
    }
  }
  const luma = (r: number, g: number, b: number) => (kr * r + kg * g + kb * b) / 255
  for (let row = 0; row < height; row++) {
    if (!drawnRows[row]) continue
    const yRow = yPlane.offset + (area.y + row) * yPlane.stride + area.x
    for (let x = 0; x < width; x++) {
      const p = (row * width + x) * 4
      const a = overlay[p + 3]
      if (a === 0) continue
      const y = yOffset + yScale * luma(overlay[p], overlay[p + 1], overlay[p + 2])
      const at = yRow + x
      frame[at] = Math.round(frame[at] + ((y - frame[at]) * a) / 255)
    }
  }
  const chromaWidth = Math.ceil(width / 2)
  for (let cy = 0; cy < Math.ceil(height / 2); cy++) {
    const top = cy * 2
    if (!drawnRows[top] && !(top + 1 < height && drawnRows[top + 1])) continue
    const chromaRow = (area.y + top) / 2
    for (let cx = 0; cx < chromaWidth; cx++) {
      // The block's coverage and its premultiplied colour differences, over its (up to) four pixels.
      let coverage = 0
      let cb = 0
      let cr = 0
      let count = 0
      for (let dy = 0; dy < 2 && top + dy < height; dy++) {
        for (let dx = 0; dx < 2 && cx * 2 + dx < width; dx++) {
          count++
          const p = ((top + dy) * width + cx * 2 + dx) * 4
          const a = overlay[p + 3] / 255
          if (a === 0) continue
          const r = overlay[p]
          const g = overlay[p + 1]
          const b = overlay[p + 2]
          const l = luma(r, g, b)
          coverage += a
          cb += a * ((b / 255 - l) / (2 * (1 - kb)))
          cr += a * ((r / 255 - l) / (2 * (1 - kr)))
        }
      }
      if (coverage === 0) continue
      const mean = coverage / count
      const u = uPlane.offset + chromaRow * uPlane.stride + area.x / 2 + cx
      const v = vPlane.offset + chromaRow * vPlane.stride + area.x / 2 + cx
      frame[u] = clamp(Math.round(frame[u] * (1 - mean) + (128 * coverage + cScale * cb) / count))
      frame[v] = clamp(Math.round(frame[v] * (1 - mean) + (128 * coverage + cScale * cr) / count))
    }
  }
}

const clamp = (n: number) => (n < 0 ? 0 : n > 255 ? 255 : n)
