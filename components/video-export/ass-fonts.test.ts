import { describe, expect, it } from 'vitest'
import { withBundledFonts } from './ass-fonts'
import { rangeHolds } from './font-scripts'

const script = (styles: string, events: string) => `[Script Info]
ScriptType: v4.00+

[V4+ Styles]
Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
${styles}

[Events]
Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
${events}`
const style = (name: string, font: string) => `Style: ${name},${font},40,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,0,0,2,10,10,10,1`
const line = (styleName: string, text: string) => `Dialogue: 0,0:00:01.00,0:00:03.00,${styleName},,0,0,0,,${text}`

describe('withBundledFonts', () => {
  it('gives a Japanese line (kana) Noto Sans JP, a Chinese one Noto Sans SC and a Korean one Noto Sans KR where the style font is missing', async () => {
    const raw = script(style('Default', 'Arial'), [line('Default', '{\\an5}今日は晴れです'), line('Default', '今天天气很好'), line('Default', '오늘 날씨'), line('Default', 'Latin only')].join('\n'))
    const { assText, defaultFamily } = await withBundledFonts(raw)
    expect(assText).toContain(',,{\\fnNoto Sans JP Thin}{\\an5}今日は晴れです')
    expect(assText).toContain(',,{\\fnNoto Sans SC Thin}今天天气很好')
    expect(assText).toContain(',,{\\fnNoto Sans KR Thin}오늘 날씨')
    expect(assText).toContain(',,Latin only')
    // Glyphs no named font has (the Latin line's, in a script whose first CJK line is Japanese).
    expect(defaultFamily).toBe('Noto Sans JP Thin')
  })

  it('keeps a style that names a bundled family as libass knows it, a script with its own fonts, and a Latin script as they are', async () => {
    const own = script(style('Default', 'Noto Sans SC Thin'), line('Default', '今天天气很好'))
    expect((await withBundledFonts(own)).assText).toBe(own)
    const embedded = `${script(style('Default', 'Arial'), line('Default', '今天天气很好'))}\n[Fonts]\nfontname: x_0.ttf\n`
    expect(await withBundledFonts(embedded)).toMatchObject({ assText: embedded, defaultFamily: 'Noto Sans SC Thin' })
    const latin = script(style('Default', 'Arial'), line('Default', 'Hello'))
    expect(await withBundledFonts(latin)).toEqual({ assText: latin, fontUrls: ['/vendor/jassub/default.woff2'], defaultFamily: 'Liberation Sans' })
  })

  it('gives a Korean run inside a Japanese line Noto Sans KR, then the line its Japanese family again, tags untouched', async () => {
    const raw = script(style('Default', 'Arial'), line('Default', '{\\an2}テスト 가나다 です{\\i1}한{\\i0}'))
    const { assText } = await withBundledFonts(raw)
    expect(assText).toContain(',,{\\fnNoto Sans JP Thin}{\\an2}テスト {\\fnNoto Sans KR Thin}가나다{\\fnNoto Sans JP Thin} です{\\i1}{\\fnNoto Sans KR Thin}한{\\fnNoto Sans JP Thin}{\\i0}')
  })
})

describe('rangeHolds', () => {
  it('reads CSS unicode-ranges with spans, single points and wildcards', () => {
    expect(rangeHolds('U+4e00-4e3f, U+30fc', ['一'.codePointAt(0)!])).toBe(true)
    expect(rangeHolds('U+4e00-4e3f, U+30fc', [0x30fc])).toBe(true)
    expect(rangeHolds('U+4e00-4e3f, U+30fc', [0x41])).toBe(false)
    expect(rangeHolds('U+00??', [0x41])).toBe(true)
  })
})
