// The one list of subtitle fonts, as both sides name them. A style picks a family (sans, serif,
// rounded); the browser draws it with a CSS stack whose Chinese, Japanese and Korean fonts are
// bundled (Noto Sans SC, JP, KR from @fontsource, static files under /vendor/fonts; the stacks and which text
// needs which font are the video export's, components/video-export/look.ts and font-scripts.ts),
// and an ASS script names it by one family players have.

/** The bundled CJK families, by the folder /vendor/fonts serves each from (the names CSS and libass know them by: font-scripts.ts of the export). */
export const BUNDLED_FONT_IDS = ['noto-sans-sc', 'noto-sans-jp', 'noto-sans-kr'] as const
export type BundledFont = (typeof BUNDLED_FONT_IDS)[number]

/** Each family a style may pick, with its name in an ASS script. */
const ASS_NAMES = { sans: 'Arial', serif: 'Times New Roman', rounded: 'Arial Rounded MT Bold' } as const

export type FontFamily = keyof typeof ASS_NAMES
export const FONT_FAMILIES = Object.keys(ASS_NAMES) as [FontFamily, ...FontFamily[]]

/** The font an ASS script names for a family. */
export const assFontName = (family: FontFamily): string => ASS_NAMES[family]
