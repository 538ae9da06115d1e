// Chinese, Japanese and Korean text drawn by libass with the bundled Noto Sans SC, JP and
// KR that the styled renderer uses (font-scripts.ts): libass is handed the woff2 slices holding the
// script's characters, all under their family's name, and picks for each glyph the file of the
// family that has it (libass's select_font checks every face of a family for the code point;
// checked in Chromium: the burned-in CJK test in e2e/video-ass.spec.ts).
// libass has no fonts of the system here, so a style font we do not have ("Arial", "Microsoft
// YaHei") falls back to the one default family: a line that needs CJK glyphs is given its family
// with a `\fn` at its start, so a Japanese line (kana) and a Chinese line of one script each get
// their own shapes, and the script's first CJK family is the default for any other glyph.
// Inside a line, a run of another bundled script (Korean in a Japanese line) gets its family with a
// `\fn` around the run: libass here has no fallback by code point, only the named and default fonts.
// A script that carries its own fonts ([Fonts], uuencoded) keeps them (libass reads them from the
// script itself): only the default family is set.
import { parseAss } from '@/lib/subtitles/ass'
import { ASS_ASSETS } from './ass-protocol'
import type { BundledFont } from '@/lib/video/universal/fonts'
import { familiesFor, FONT_NAMES } from './font-scripts'
import { sliceUrlsFor } from './fonts'

/** The script as libass gets it, the font files it needs and the family for glyphs no named font has. */
export type AssFonts = { assText: string; fontUrls: string[]; defaultFamily: string }

/** The family of jassub's default.woff2 (Latin only). */
const LATIN_DEFAULT = 'Liberation Sans'
/**
 * The family name libass reads from a bundled font's files: @fontsource's static slices keep the
 * name of the variable font's first instance ("Noto Sans SC Thin") in every weight; their weight
 * and bold flag are right, so libass still tells 400 from 700.
 */
const libassName = (font: BundledFont) => `${FONT_NAMES[font]} Thin`
const CJK_NAMES = new Set((Object.keys(FONT_NAMES) as BundledFont[]).map((font) => libassName(font).toLowerCase()))

/** Each style's font name (lowercased) and whether it is bold, from the [V4+ Styles] section. */
function styleFonts(raw: string): { fonts: Map<string, string>; bold: boolean } {
  const fonts = new Map<string, string>()
  let bold = false
  let inStyles = false
  let format: string[] = []
  for (const line of raw.split(/\r?\n/)) {
    const trimmed = line.trim()
    if (trimmed.startsWith('[')) inStyles = /^\[v4\+? styles\]$/i.test(trimmed)
    const [kind, ...rest] = trimmed.split(':')
    if (!inStyles || rest.length === 0) continue
    const fields = rest.join(':').split(',').map((field) => field.trim())
    if (kind.toLowerCase() === 'format') format = fields.map((field) => field.toLowerCase())
    if (kind.toLowerCase() !== 'style') continue
    fonts.set(fields[format.indexOf('name')] ?? '', (fields[format.indexOf('fontname')] ?? '').replace(/^@/, '').toLowerCase())
    bold ||= ['-1', '1'].includes(fields[format.indexOf('bold')])
  }
  return { fonts, bold }
}

/** `assText` with a bundled CJK family for each line and run that needs one, and the files libass needs for it. */
export async function withBundledFonts(assText: string): Promise<AssFonts> {
  const { cues } = parseAss(assText)
  const primary = familiesFor(cues.map((cue) => cue.text).join('\n'))[0]
  if (!primary) return { assText, fontUrls: [`${ASS_ASSETS}/default.woff2`], defaultFamily: LATIN_DEFAULT }
  const { fonts, bold } = styleFonts(assText)
  const ownFonts = /^\[fonts\]\s*$/im.test(assText)
  // The characters each family draws: its own lines and runs, and for the default every line's other glyphs.
  const drawn = new Map<BundledFont, string>([[primary, cues.map((cue) => cue.text).join('')]])
  let out = ''
  let at = 0
  for (const cue of cues) {
    const [family, ...others] = familiesFor(cue.text)
    if (!family || ownFonts || CJK_NAMES.has(fonts.get(cue.style) ?? '')) continue
    drawn.set(family, (drawn.get(family) ?? '') + cue.text)
    for (const other of others) drawn.set(other, (drawn.get(other) ?? '') + cue.text)
    const text = assText.slice(cue.textStart, cue.textEnd)
    out += `${assText.slice(at, cue.textStart)}{\\fn${libassName(family)}}${others.length > 0 ? withRuns(text, family, others) : text}`
    at = cue.textEnd
  }
  const weights: (400 | 700)[] = bold ? [400, 700] : [400]
  const urls = await Promise.all([...drawn].flatMap(([family, text]) => weights.map((weight) => sliceUrlsFor(family, weight, text))))
  return { assText: out + assText.slice(at), fontUrls: [`${ASS_ASSETS}/default.woff2`, ...new Set(urls.flat())], defaultFamily: libassName(primary) }
}

/** The scripts a bundled family is for, as one character class each. */
const RUN_OF: Partial<Record<BundledFont, RegExp>> = { 'noto-sans-kr': /[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]+/g }

/**
 * An event's Text with each run of `others`' script wrapped in its family, then `family` again;
 * override blocks (`{...}`) are left as they are.
 */
function withRuns(text: string, family: BundledFont, others: BundledFont[]): string {
  return text
    .split(/(\{[^}]*\})/)
    .map((part) => {
      if (part.startsWith('{')) return part
      let result = part
      for (const other of others) {
        const run = RUN_OF[other]
        if (run) result = result.replace(run, (chars) => `{\\fn${libassName(other)}}${chars}{\\fn${libassName(family)}}`)
      }
      return result
    })
    .join('')
}
