import { describe, expect, it } from 'vitest'
import { parseSlices, slicesFor } from './og-fonts'

const CSS = `
@font-face {
  font-family: 'Noto Sans SC';
  src: url(./files/sc-4-700-normal.woff2) format('woff2'), url(./files/sc-4-700-normal.woff) format('woff');
  unicode-range: U+4e00-4e10,U+5b57;
}
@font-face {
  font-family: 'Noto Sans SC';
  src: url(./files/sc-latin-700-normal.woff2) format('woff2'), url(./files/sc-latin-700-normal.woff) format('woff');
  unicode-range: U+0000-00FF,U+2013;
}`

describe('og fonts', () => {
  it('reads each slice with its woff file and code point ranges', () => {
    expect(parseSlices(CSS)).toEqual([
      { file: 'sc-4-700-normal.woff', range: 'U+4e00-4e10,U+5b57', ranges: [[0x4e00, 0x4e10], [0x5b57, 0x5b57]] },
      { file: 'sc-latin-700-normal.woff', range: 'U+0000-00FF,U+2013', ranges: [[0, 0xff], [0x2013, 0x2013]] },
    ])
  })
  it('reads the woff2 files instead when asked, and skips a face with no range', () => {
    const css = `${CSS}\n@font-face { font-family: 'X'; src: url(./files/x-1-400-normal.woff2) format('woff2'); }`
    expect(parseSlices(css, 'woff2').map((s) => s.file)).toEqual(['sc-4-700-normal.woff2', 'sc-latin-700-normal.woff2'])
  })
  it('keeps only the slices a text needs', () => {
    const slices = parseSlices(CSS)
    expect(slicesFor(slices, 'Hi').map((s) => s.file)).toEqual(['sc-latin-700-normal.woff'])
    expect(slicesFor(slices, '字').map((s) => s.file)).toEqual(['sc-4-700-normal.woff'])
    expect(slicesFor(slices, '字 – A')).toHaveLength(2)
  })
})
