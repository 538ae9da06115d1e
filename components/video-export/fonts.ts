// The bundled subtitle fonts in the browser (their ids: lib/video/universal/fonts.ts; their names
// and which a text needs: font-scripts.ts), static files under /vendor/fonts/ (scripts/vendor-fonts.ts):
// a family is registered only when a cue's text needs its script, and then the browser fetches
// only the unicode-range slices holding the characters drawn. libass (ass-fonts.ts) gets the same
// slices, chosen here by the same ranges.
import type { BundledFont } from '@/lib/video/universal/fonts'
import { familiesFor, FONT_NAMES, rangeHolds } from './font-scripts'
import type { LineStyle } from '@/lib/video/universal/styles'

type Slice = { file: string; range: string }
const registered = new Map<string, Promise<void>>()

function fontSet(): FontFaceSet | null {
  if (typeof document !== 'undefined') return document.fonts
  const scope = globalThis as unknown as { fonts?: FontFaceSet }
  return scope.fonts ?? null
}

const lists = new Map<string, Promise<Slice[]>>()

/** A bundled family's woff2 slices in one weight with the code points each holds (none when the list cannot be had). */
function slicesOf(font: BundledFont, weight: 400 | 700): Promise<Slice[]> {
  const key = `${font}/${weight}`
  let list = lists.get(key)
  if (!list) {
    list = fetch(`/vendor/fonts/${font}/${weight}.json`)
      .then(async (res) => (res.ok ? ((await res.json()) as Slice[]) : []))
      .catch(() => [])
      .then((data) => (data.length === 0 && lists.delete(key), data))
    lists.set(key, list)
  }
  return list
}

const sliceUrl = (font: BundledFont, slice: Slice) => `/vendor/fonts/${font}/${encodeURIComponent(slice.file)}`

/** The URLs of the slices of `font` holding the characters of `text`: the ones a browser fetches to draw it. */
export async function sliceUrlsFor(font: BundledFont, weight: 400 | 700, text: string): Promise<string[]> {
  const codes = [...new Set(text)].map((char) => char.codePointAt(0)!)
  return (await slicesOf(font, weight)).filter((slice) => rangeHolds(slice.range, codes)).map((slice) => sliceUrl(font, slice))
}

async function register(font: BundledFont, weight: 400 | 700): Promise<void> {
  const key = `${font}/${weight}`
  let done = registered.get(key)
  if (!done) {
    done = (async () => {
      const set = fontSet()
      const data = await slicesOf(font, weight)
      if (!set || data.length === 0) return void registered.delete(key)
      for (const slice of data) set.add(new FontFace(FONT_NAMES[font], `url(${sliceUrl(font, slice)})`, { weight: String(weight), unicodeRange: slice.range }))
    })().catch(() => void registered.delete(key))
    registered.set(key, done)
  }
  return done
}

/** Registers and loads the bundled fonts `text` needs in the weights of `styles`, before drawing. */
export async function loadFontsFor(styles: LineStyle[], text: string): Promise<void> {
  const set = fontSet()
  const families = familiesFor(text)
  if (!set || families.length === 0) return
  const weights = [...new Set(styles.map((s) => (s.bold ? 700 : 400) as 400 | 700))]
  await Promise.all(families.flatMap((f) => weights.map((w) => register(f, w))))
  const sample = [...new Set(text)].join('')
  // A failed slice leaves the system's fallback font: the subtitles still appear.
  await Promise.all(families.flatMap((f) => weights.map((w) => set.load(`${w} 32px "${FONT_NAMES[f]}"`, sample).catch(() => []))))
}
