// The one list of subtitle fonts. A style picks a family (sans, serif, rounded); the browser draws
// it with a CSS stack whose Chinese, Japanese and Korean fonts are bundled (Noto Sans SC, JP, KR
// from @fontsource, served by /api/fonts), and an ASS script names it by one family players have.

/** The bundled CJK families: the name /api/fonts serves each under, and the family CSS and libass know it by. */
export const BUNDLED_FONTS = { 'noto-sans-sc': 'Noto Sans SC', 'noto-sans-jp': 'Noto Sans JP', 'noto-sans-kr': 'Noto Sans KR' } as const
export type BundledFont = keyof typeof BUNDLED_FONTS
export const BUNDLED_FONT_IDS = Object.keys(BUNDLED_FONTS) as [BundledFont, ...BundledFont[]]

const CJK = Object.values(BUNDLED_FONTS).map((name) => `"${name}"`).join(', ')

/** Each family a style may pick: its CSS stack (bundled fonts loaded only when a text needs them) and its name in an ASS script. */
const FAMILIES = {
  sans: { css: `${CJK}, "Noto Sans", "DejaVu Sans", system-ui, sans-serif`, ass: 'Arial' },
  serif: { css: `"Noto Serif", "DejaVu Serif", ${CJK}, serif`, ass: 'Times New Roman' },
  rounded: { css: `"Nunito", ${CJK}, system-ui, sans-serif`, ass: 'Arial Rounded MT Bold' },
} as const

export type FontFamily = keyof typeof FAMILIES
export const FONT_FAMILIES = Object.keys(FAMILIES) as [FontFamily, ...FontFamily[]]

/** CSS font-family lists, one per family. */
export const FONT_STACKS = Object.fromEntries(FONT_FAMILIES.map((family) => [family, FAMILIES[family].css])) as Record<FontFamily, string>

/** The font an ASS script names for a family. */
export const assFontName = (family: FontFamily): string => FAMILIES[family].ass

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
