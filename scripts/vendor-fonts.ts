// Puts the bundled subtitle fonts (lib/video/universal/fonts.ts: Noto Sans SC, JP, KR from the
// @fontsource packages) under public/vendor/fonts/ as static files, so the export's workers and
// the preview fetch them from our origin with no route in between: for each family, the woff2
// unicode-range slices of the two weights a style draws with, and `<weight>.json` listing each
// slice with the code points it holds. Run by next.config.ts beside vendor-jassub.ts, so every
// `next build`, `next dev` and `next start` has them.
import { copyFileSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { parseSlices } from '../lib/seo/og-fonts'
import { BUNDLED_FONT_IDS } from '../lib/video/universal/fonts'

const WEIGHTS = ['400', '700'] as const

/** A slice as the browser's list holds it (components/video-export/fonts.ts reads it). */
export type FontSlice = { file: string; range: string }

/** Copies what is missing or changed; a second run with the same packages writes nothing. */
export function vendorFonts(root: string) {
  for (const family of BUNDLED_FONT_IDS) {
    const from = path.join(root, 'node_modules', '@fontsource', family)
    const to = path.join(root, 'public', 'vendor', 'fonts', family)
    mkdirSync(to, { recursive: true })
    for (const weight of WEIGHTS) {
      const slices: FontSlice[] = parseSlices(readFileSync(path.join(from, `${weight}.css`), 'utf8'), 'woff2').map(({ file, range }) => ({ file, range }))
      for (const { file } of slices) {
        const [source, target] = [path.join(from, 'files', file), path.join(to, file)]
        const copied = statSync(target, { throwIfNoEntry: false })
        if (!copied || copied.size !== statSync(source).size) copyFileSync(source, target)
      }
      const list = JSON.stringify(slices)
      const index = path.join(to, `${weight}.json`)
      if (!existsSync(index) || readFileSync(index, 'utf8') !== list) writeFileSync(index, list)
    }
  }
}
