import { readFileSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { editorReady, newCreator, pageApi, signIn } from './helpers'
import { createSubtitleTask, makeTestVideo } from './video/harness'

// Fonts of burned-in subtitles, in the editor's preview (the renderer the export uses, same fonts):
// Korean inside a line with kana is drawn with the bundled Korean font, by libass for an ASS task and
// by the styled renderer for an SRT task; and an ASS file's own fonts ([Fonts], uuencoded) are the
// ones libass draws with. The machine has no Korean font of its own, and libass only the fonts it is
// given: a glyph without a font comes out as the same missing-glyph box as any other.

const script640 = (font: string, events: string[], fonts = '') => `[Script Info]
ScriptType: v4.00+
PlayResX: 640
PlayResY: 360

[V4+ Styles]
Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
Style: Default,${font},48,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,3,10,0,5,10,10,10,1

[Events]
Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
${events.map((event) => `Dialogue: 0,${event}\n`).join('')}${fonts}`

/** Three lines at 1-3 s, 4-6 s and 7-9 s, each at the picture's centre. */
const THREE_LINES = ['01', '04', '07'].map((from, i) => `0:00:${from}.00,0:00:0${i * 3 + 3}.00,Default,,0,0,0,,{\\pos(320,180)}line ${i + 1}`)
/** Kana then Korean; kana then other Korean; kana then four characters no font has. */
const KOREAN_IN_KANA = ['かな가나다라', 'かな마바사아', 'かな\uE000\uE001\uE002\uE003']

/** Bytes in SSA's uuencoding as a [Fonts] section holds them: 33 plus six bits a character, lines of 80. */
function uuencode(bytes: Uint8Array): string {
  let text = ''
  for (let i = 0; i < bytes.length; i += 3) {
    const count = Math.min(3, bytes.length - i)
    const value = (bytes[i] << 16) | ((count > 1 ? bytes[i + 1] : 0) << 8) | (count > 2 ? bytes[i + 2] : 0)
    for (let j = 0; j < count + 1; j++) text += String.fromCharCode(((value >>> (6 * (3 - j))) & 63) + 33)
  }
  return text.replace(/(.{80})/g, '$1\n').trimEnd()
}

/** The bright, opaque pixels of the preview's overlay canvas, one flag a pixel. */
const overlayInk = (page: Page) =>
  page.getByTestId('video-subtitle-canvas').evaluate((canvas: HTMLCanvasElement) => {
    const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height)
    return Array.from({ length: data.length / 4 }, (_, i) => data[i * 4 + 3] > 200 && data[i * 4] + data[i * 4 + 1] + data[i * 4 + 2] > 384)
  })

/** Pixels inked in one only, over the larger ink. */
function inkDifference(a: boolean[], b: boolean[]) {
  const differing = a.filter((inked, i) => inked !== b[i]).length
  return differing / Math.max(1, a.filter(Boolean).length, b.filter(Boolean).length)
}

async function openPreview(page: Page, taskId: string, source: string) {
  await page.goto(`/edit/${taskId}`)
  await editorReady(page)
  await page.getByTestId('toolbar-video').click()
  await page.getByTestId('video-input').setInputFiles(source)
  await expect.poll(() => page.getByTestId('video').evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThan(1)
}

/** The overlay's ink at each of `times` (ms), once the renderer `kind` has drawn that moment. */
async function inkAt(page: Page, kind: 'ass' | 'styled', times: number[]) {
  const inks: boolean[][] = []
  for (const ms of times) {
    await page.getByTestId('video').evaluate((v: HTMLVideoElement, s) => (v.currentTime = s), ms / 1000)
    await expect(page.getByTestId('video-subtitle-canvas')).toHaveAttribute('data-drawn', `${kind}@${ms}`, { timeout: 60_000 })
    inks.push(await overlayInk(page))
  }
  return inks
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
})

test('Korean inside a line with kana is drawn with the bundled Korean font, by libass (ASS task) and by the styled renderer (SRT task)', async ({ page }, testInfo) => {
  test.setTimeout(240_000)
  const source = testInfo.outputPath('source.mp4')
  makeTestVideo(source, { seconds: 10, width: 640, height: 360 })
  await signIn(page, await newCreator(200))
  const fonts: string[] = []
  page.context().on('request', (request) => void (/\/vendor\/fonts\/[^/]+\/[^/]+\.woff2$/.test(request.url()) && fonts.push(request.url())))

  const srt = KOREAN_IN_KANA.map((_, i) => `${i + 1}\n00:00:0${i * 3 + 1},000 --> 00:00:0${i * 3 + 3},000\nline ${i + 1}\n`).join('\n')
  for (const [kind, text, fileName] of [['ass', script640('Arial', THREE_LINES), 'kana.ass'], ['styled', srt, 'kana.srt']] as const) {
    const taskId = await createSubtitleTask(page, { text, fileName: `${Date.now()}-${fileName}`, targetLanguage: 'ja' })
    await pageApi(page, `/api/tasks/${taskId}/segments`, { method: 'PATCH', body: { segments: KOREAN_IN_KANA.map((translatedText, i) => ({ id: i + 1, translatedText })) } })
    await openPreview(page, taskId, source)
    const [korean, otherKorean, boxes] = await inkAt(page, kind, [2000, 5000, 8000])
    await page.screenshot({ path: testInfo.outputPath(`korean-in-kana-${kind}.png`) })
    expect(korean.filter(Boolean).length, kind).toBeGreaterThan(300)
    // Two Korean words of as many syllables draw different glyphs; without a font both are the same boxes.
    expect(inkDifference(korean, otherKorean), kind).toBeGreaterThan(0.2)
    expect(inkDifference(korean, boxes), kind).toBeGreaterThan(0.2)
    expect(inkDifference(otherKorean, boxes), kind).toBeGreaterThan(0.2)
  }
  // The Korean glyphs came from the bundled Noto Sans KR.
  expect(fonts.some((url) => url.includes('/noto-sans-kr/'))).toBe(true)
})

test("an ASS file's own embedded font ([Fonts]) is the one libass draws its lines with", async ({ page }, testInfo) => {
  test.setTimeout(180_000)
  const source = testInfo.outputPath('source.mp4')
  makeTestVideo(source, { seconds: 4, width: 640, height: 360 })
  await signIn(page, await newCreator(200))
  // A font of the system's Debian fonts package, carried by the script as SSA uuencoded text.
  const font = readFileSync('/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf')
  const embedded = `\n[Fonts]\nfontname: dejavuserif_0.ttf\n${uuencode(new Uint8Array(font))}\n`
  const line = ['0:00:01.00,0:00:03.00,Default,,0,0,0,,{\\pos(320,180)}Serif glyphs: Rag Hamburg']
  const inks: boolean[][] = []
  for (const [name, text] of [['with', script640('DejaVu Serif', line, embedded)], ['without', script640('DejaVu Serif', line)]]) {
    const taskId = await createSubtitleTask(page, { text, fileName: `${Date.now()}-${name}-font.ass` })
    await openPreview(page, taskId, source)
    inks.push(...(await inkAt(page, 'ass', [2000])))
    await page.screenshot({ path: testInfo.outputPath(`embedded-font-${name}.png`) })
  }
  const [withFont, withoutFont] = inks
  expect(withFont.filter(Boolean).length).toBeGreaterThan(300)
  // Without its font the style's family falls back to libass's default; with it, the serif shapes.
  expect(inkDifference(withFont, withoutFont)).toBeGreaterThan(0.3)
})
