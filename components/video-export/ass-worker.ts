/// <reference lib="webworker" />
// The ASS renderer's worker: libass compiled to WebAssembly (jassub's build) renders the subtitles at
// any time asked, and the worker blends libass's coloured alpha masks into one transparent picture
// of the area they cover, sent back as an ImageBitmap. Per request, not tied to a playing <video>,
// so the export can ask for frame after frame at their own times.
//
// Bundled by scripts/vendor-jassub.ts into /vendor/jassub/ass-worker.js beside jassub's wasm, its
// glue and its default font, all served from our origin; the CJK fonts a script needs come from
// /vendor/fonts (ass-fonts.ts chooses them). The answer serving this file carries its own CSP,
// which allows WebAssembly; no page's policy does.

import createModule from 'jassub/dist/wasm/jassub-worker.js'
import { serveWorker, transfer } from '@/lib/client/worker-rpc'
import type { AssFonts } from './ass-fonts'
import type { AssProtocol } from './ass-protocol'

type AssImage = { w: number; h: number; dst_x: number; dst_y: number; stride: number; color: number; bitmap: number }
type Libass = {
  setThreads(count: number): number
  addFont(name: string, pointer: number, size: number): void
  reloadFonts(): void
  setDefaultFont(family: string): void
  createTrackMem(text: string): void
  removeTrack(): void
  resizeCanvas(width: number, height: number, videoWidth: number, videoHeight: number): void
  rawRender(timeSeconds: number, force: number): AssImage[] | null
  quitLibrary(): void
}
type Module = { _malloc(size: number): number; JASSUB: new (width: number, height: number, defaultFont: string) => Libass }

const scope = self as unknown as DedicatedWorkerGlobalScope & { HEAPU8RAW: Uint8Array }
let libass: Libass | null = null
let size = { width: 0, height: 0 }

let wasm: Module | null = null
const added = new Set<string>()

/** Gives libass the font files it does not have yet and the family for glyphs no named font has. */
async function giveFonts({ fontUrls, defaultFamily }: Omit<AssFonts, 'assText'>) {
  const fresh = fontUrls.filter((url) => !added.has(url))
  const files = await Promise.all(fresh.map(async (url) => new Uint8Array(await (await fetch(url)).arrayBuffer())))
  for (const [i, bytes] of files.entries()) {
    const pointer = wasm!._malloc(bytes.byteLength)
    scope.HEAPU8RAW.set(bytes, pointer)
    libass!.addFont(`font-${added.size}`, pointer, bytes.byteLength)
    added.add(fresh[i])
  }
  // jassub keeps family names lowercased; libass reads its fonts again with the new ones.
  libass!.setDefaultFont(defaultFamily.toLowerCase())
  libass!.reloadFonts()
}

async function init({ assText, width, height, ...fonts }: AssProtocol['calls']['init']['args']) {
  wasm = (await createModule({ __out: () => {} })) as Module
  libass = new wasm.JASSUB(width, height, fonts.defaultFamily.toLowerCase())
  libass.setThreads(1)
  await giveFonts(fonts)
  libass.createTrackMem(assText)
  resize(width, height)
}

function resize(width: number, height: number) {
  size = { width, height }
  libass!.resizeCanvas(width, height, width, height)
}

/** libass's masks at `timeMs`, blended front over back into one RGBA picture of their bounding box. */
function render(timeMs: number): { bitmap: ImageBitmap; x: number; y: number } | null {
  const images = (libass!.rawRender(timeMs / 1000, 1) ?? []).filter((image) => image.w > 0 && image.h > 0)
  if (images.length === 0) return null
  const left = Math.max(0, Math.min(...images.map((i) => i.dst_x)))
  const top = Math.max(0, Math.min(...images.map((i) => i.dst_y)))
  const right = Math.min(size.width, Math.max(...images.map((i) => i.dst_x + i.w)))
  const bottom = Math.min(size.height, Math.max(...images.map((i) => i.dst_y + i.h)))
  if (right <= left || bottom <= top) return null
  const width = right - left
  const pixels = new Uint8ClampedArray(width * (bottom - top) * 4)
  const heap = scope.HEAPU8RAW
  for (const image of images) {
    // libass colours are 0xRRGGBBAA with AA as transparency; each mask byte is the coverage.
    const r = image.color >>> 24
    const g = (image.color >>> 16) & 0xff
    const b = (image.color >>> 8) & 0xff
    const opacity = (255 - (image.color & 0xff)) / 255
    for (let row = 0; row < image.h; row++) {
      const y = image.dst_y + row
      if (y < top || y >= bottom) continue
      for (let column = 0; column < image.w; column++) {
        const x = image.dst_x + column
        const coverage = heap[image.bitmap + row * image.stride + column]
        if (coverage === 0 || x < left || x >= right) continue
        const alpha = (coverage / 255) * opacity
        const at = ((y - top) * width + (x - left)) * 4
        // Source over destination, straight (not premultiplied) alpha as ImageData holds it.
        const below = pixels[at + 3] / 255
        const out = alpha + below * (1 - alpha)
        pixels[at] = (r * alpha + pixels[at] * below * (1 - alpha)) / out
        pixels[at + 1] = (g * alpha + pixels[at + 1] * below * (1 - alpha)) / out
        pixels[at + 2] = (b * alpha + pixels[at + 2] * below * (1 - alpha)) / out
        pixels[at + 3] = out * 255
      }
    }
  }
  const canvas = new OffscreenCanvas(width, bottom - top)
  canvas.getContext('2d')!.putImageData(new ImageData(pixels, width, bottom - top), 0, 0)
  return { bitmap: canvas.transferToImageBitmap(), x: left, y: top }
}

serveWorker<AssProtocol>(
  {
    calls: {
      init,
      resize: ({ width, height }) => resize(width, height),
      script: async (script) => {
        await giveFonts(script)
        libass!.removeTrack()
        libass!.createTrackMem(script.assText)
      },
      render: ({ timeMs }) => {
        const frame = render(timeMs)
        return frame ? transfer(frame, [frame.bitmap]) : null
      },
    },
    notes: {
      dispose: () => {
        libass?.quitLibrary()
        libass = null
        scope.close()
      },
    },
  },
  scope,
)
