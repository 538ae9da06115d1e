// Which bundled CJK fonts a text needs, and which of a font's slices hold its characters: the
// styled renderer (fonts.ts) and libass (ass-fonts.ts) load only those.
import type { BundledFont } from '@/lib/video/universal/fonts'

/** Each bundled family's name, as CSS and libass know it. */
export const FONT_NAMES: Record<BundledFont, string> = { 'noto-sans-sc': 'Noto Sans SC', 'noto-sans-jp': 'Noto Sans JP', 'noto-sans-kr': 'Noto Sans KR' }

/** Which bundled families a text needs: kana means Japanese glyph shapes, Hangul Korean, other Han Chinese. */
export function familiesFor(text: string): BundledFont[] {
  const out: BundledFont[] = []
  if (/[\u3040-\u30ff]/.test(text)) out.push('noto-sans-jp')
  else if (/[\u3400-\u9fff\uf900-\ufaff]/.test(text)) out.push('noto-sans-sc')
  if (/[\u1100-\u11ff\uac00-\ud7af]/.test(text)) out.push('noto-sans-kr')
  return out
}

/** Whether a CSS unicode-range (`U+4E00-4E3F, U+30??`) holds one of `codes`. */
export function rangeHolds(range: string, codes: readonly number[]): boolean {
  return range.split(',').some((part) => {
    const [from, to] = part.trim().replace(/^U\+/i, '').split('-')
    const low = parseInt(from.replace(/\?/g, '0'), 16)
    const high = parseInt((to ?? from).replace(/\?/g, 'f'), 16)
    return codes.some((code) => code >= low && code <= high)
  })
}
