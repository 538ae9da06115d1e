import { readFile } from 'node:fs/promises'
import path from 'node:path'

// Open Graph images are drawn at build time with fonts installed from npm (@fontsource): CJK fonts
// come in many unicode-range slices, so only the slices holding the image's characters are read.
// The same stylesheets list the burned-in subtitles' slices (scripts/vendor-fonts.ts, in woff2).

type Slice = { file: string; range: string; ranges: [number, number][] }

/** The @font-face slices of a fontsource stylesheet: each file in `format` (woff for next/og, woff2 for browsers), its unicode-range as written and the code points it covers. */
export function parseSlices(css: string, format: 'woff' | 'woff2' = 'woff'): Slice[] {
  const url = new RegExp(`url\\(\\./files/([^)]+\\.${format})\\)\\s*format\\('${format}'\\)`)
  const slices: Slice[] = []
  for (const block of css.split('@font-face').slice(1)) {
    const file = url.exec(block)?.[1]
    const range = /unicode-range:\s*([^;]+);/.exec(block)?.[1]?.trim()
    if (!file || !range) continue
    const ranges = range.split(',').map((part): [number, number] => {
      const [from, to] = part.trim().replace(/^U\+/i, '').split('-')
      return [parseInt(from, 16), parseInt(to ?? from, 16)]
    })
    slices.push({ file, range, ranges })
  }
  return slices
}

/** The slices needed to draw a text (every code point that some slice covers). */
export function slicesFor(slices: Slice[], text: string): Slice[] {
  const points = new Set([...text].map((c) => c.codePointAt(0)!))
  return slices.filter((s) => [...points].some((p) => s.ranges.some(([a, b]) => p >= a && p <= b)))
}

/**
 * Font data for next/og: the slices of a fontsource family and weight that a text needs, each
 * under its own name (`<name>-<i>`), since the renderer falls back between names, not within one.
 */
export async function fontsFor(pkg: string, weight: 400 | 700, name: string, text: string) {
  const dir = path.join(process.cwd(), 'node_modules', '@fontsource', pkg)
  const slices = slicesFor(parseSlices(await readFile(path.join(dir, `${weight}.css`), 'utf8')), text)
  return Promise.all(
    slices.map(async (s, i) => ({ name: `${name}-${i}`, data: (await readFile(path.join(dir, 'files', s.file))).buffer as ArrayBuffer, weight, style: 'normal' as const })),
  )
}

/** The CSS font-family list naming every slice, for the drawing's root element. */
export function familyList(fonts: { name: string }[]): string {
  return [...new Set(fonts.map((f) => `'${f.name}'`))].join(', ')
}
