// Bundled subtitle fonts (Noto Sans SC, JP, KR from @fontsource, served from our origin by
// /api/fonts): a family is registered only when a cue's text needs its script, and then the
// browser fetches only the unicode-range slices holding the characters drawn.
import type { LineStyle } from '@/lib/video/styles'

export const BUNDLED_FONTS = { 'noto-sans-sc': 'Noto Sans SC', 'noto-sans-jp': 'Noto Sans JP', 'noto-sans-kr': 'Noto Sans KR' } as const
export type BundledFont = keyof typeof BUNDLED_FONTS

type Slice = { file: string; range: string }
const registered = new Map<string, Promise<void>>()

/** Which bundled families a text needs: kana means Japanese glyph shapes, Hangul Korean, other Han Chinese. */
export function familiesFor(text: string): BundledFont[] {
  const out: BundledFont[] = []
  if (/[\u3040-\u30ff]/.test(text)) out.push('noto-sans-jp')
  else if (/[\u3400-\u9fff\uf900-\ufaff]/.test(text)) out.push('noto-sans-sc')
  if (/[\u1100-\u11ff\uac00-\ud7af]/.test(text)) out.push('noto-sans-kr')
  return out
}

function fontSet(): FontFaceSet | null {
  if (typeof document !== 'undefined') return document.fonts
  const scope = globalThis as unknown as { fonts?: FontFaceSet }
  return scope.fonts ?? null
}

async function register(font: BundledFont, weight: 400 | 700): Promise<void> {
  const key = `${font}/${weight}`
  let done = registered.get(key)
  if (!done) {
    done = (async () => {
      const set = fontSet()
      const res = await fetch(`/api/fonts/${font}/${weight}`)
      if (!set || !res.ok) return
      const { data } = (await res.json()) as { data: Slice[] }
      for (const slice of data) set.add(new FontFace(BUNDLED_FONTS[font], `url(/api/fonts/${font}/files/${encodeURIComponent(slice.file)})`, { weight: String(weight), unicodeRange: slice.range }))
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
  await Promise.all(families.flatMap((f) => weights.map((w) => set.load(`${w} 32px "${BUNDLED_FONTS[f]}"`, sample).catch(() => []))))
}
