import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { BUNDLED_FONT_IDS } from '@/lib/video/universal/fonts'
import { vendorFonts, type FontSlice } from './vendor-fonts'

// The bundled fonts as static files: a checkout of its own (its node_modules the real one), vendored
// twice, read back as the browser's fonts.ts reads it.
const root = mkdtempSync(path.join(tmpdir(), 'vendor-fonts-'))
symlinkSync(path.resolve('node_modules'), path.join(root, 'node_modules'))
afterAll(() => rmSync(root, { recursive: true, force: true }))
const vendored = (...parts: string[]) => path.join(root, 'public', 'vendor', 'fonts', ...parts)

describe('vendorFonts', () => {
  it('writes each family\'s two weights: a list of slices with their ranges, and every slice it names as woff2', () => {
    vendorFonts(root)
    for (const family of BUNDLED_FONT_IDS) {
      for (const weight of ['400', '700']) {
        const slices = JSON.parse(readFileSync(vendored(family, `${weight}.json`), 'utf8')) as FontSlice[]
        expect(slices.length, `${family} ${weight}`).toBeGreaterThan(50)
        for (const slice of slices) {
          expect(slice.range).toMatch(/^U\+[0-9a-f]/i)
          expect(readFileSync(vendored(family, slice.file)).subarray(0, 4).toString('latin1')).toBe('wOF2')
        }
      }
    }
    // Hangul syllables are in a Korean slice: the one a cue of Korean text makes the browser fetch.
    const korean = JSON.parse(readFileSync(vendored('noto-sans-kr', '700.json'), 'utf8')) as FontSlice[]
    expect(korean.some((slice) => /U\+ac00/i.test(slice.range))).toBe(true)
    // Nothing but the two weights' slices and their lists: no other weight, no woff, no stylesheet.
    const files = readdirSync(vendored('noto-sans-sc'))
    expect(files.filter((f) => !/-(400|700)-normal\.woff2$|^(400|700)\.json$/.test(f))).toEqual([])
  })

  it('writes nothing the second time', () => {
    const list = vendored('noto-sans-jp', '400.json')
    const slice = vendored('noto-sans-jp', (JSON.parse(readFileSync(list, 'utf8')) as FontSlice[])[0].file)
    const before = [statSync(list).mtimeMs, statSync(slice).mtimeMs]
    vendorFonts(root)
    expect([statSync(list).mtimeMs, statSync(slice).mtimeMs]).toEqual(before)
  })
})
