import { execFileSync } from 'node:child_process'
import { expect, test, type Page } from '@playwright/test'
import { framesRgb } from './burn-video'
import { editorReady, newCreator, pageApi, signIn } from './helpers'
import { createSubtitleTask, EDITIONS, exportToDownload, makeTestVideo, openVideoExport, exportTestStart } from './video/harness'

// Issue 29: a task made from an ASS file is burned in with its own styles and override tags, drawn
// by libass in WebAssembly (components/video-export/ass-renderer.ts and its worker, served from
// /vendor/jassub/), through the editor's "Export video" dialog. The app's pages still refuse
// WebAssembly under their Content-Security-Policy: only the ASS worker's own answer allows it.
// The editor's preview pane draws the same task through the same libass renderer, over the playing
// video, following the creator's typing.

/** A 640x360 script with one style, Default (`style`: its fields after the name), and its Dialogue lines (fields after the layer). */
const script640 = (style: string, events: string[]) => `[Script Info]
ScriptType: v4.00+
PlayResX: 640
PlayResY: 360

[V4+ Styles]
Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
Style: Default,${style}

[Events]
Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
${events.map((event) => `Dialogue: 0,${event}\n`).join('')}`

// A red line placed at (160,100) from 1 s to 3 s, a blue one at (480,280) from 4 s to 6 s.
const ASS = script640('Liberation Sans,40,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,-1,0,0,0,100,100,0,0,1,0,0,2,10,10,10,1', [
  '0:00:01.00,0:00:03.00,Default,,0,0,0,,{\\an5\\pos(160,100)\\c&H0000FF&}RED HERE',
  '0:00:04.00,0:00:06.00,Default,,0,0,0,,{\\an5\\pos(480,280)\\c&HFF0000&}BLUE',
])

/**
 * Pixels of the area that changed clearly from source to output, and the share of them that moved
 * toward `colour` (its channel kept, the other two lowered: the text or its antialiased edge over
 * the test pattern's bars).
 */
function tagged(out: Buffer, src: Buffer, colour: 'red' | 'blue') {
  const keep = colour === 'red' ? 0 : 2
  let changed = 0
  let coloured = 0
  for (let i = 0; i < out.length; i += 3) {
    if (Math.abs(out[i] - src[i]) + Math.abs(out[i + 1] - src[i + 1]) + Math.abs(out[i + 2] - src[i + 2]) < 150) continue
    changed++
    if ([0, 1, 2].every((c) => (c === keep ? out[i + c] >= src[i + c] - 30 : out[i + c] <= src[i + c] + 30))) coloured++
  }
  return { changed, share: changed ? coloured / changed : 0 }
}

test('an ASS task burned in through the dialog: ffmpeg finds its text at its \\pos and in its \\c colour, under the page CSP', async ({ page }, testInfo) => {
  test.setTimeout(180_000)
  const source = testInfo.outputPath('source.mp4')
  await exportTestStart(page, source, { seconds: 7, picker: null })
  const policy = (await (await page.goto('/dashboard'))!.allHeaders())['content-security-policy']
  expect(policy).not.toContain('wasm-unsafe-eval')
  // The page may not compile WebAssembly itself…
  expect(await page.evaluate(() => WebAssembly.compile(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0])).then(() => 'compiled', (e: Error) => e.name))).toBe('CompileError')
  // …the ASS worker's answer allows it, and the files come from our origin.
  const served = await page.evaluate(async () => {
    const [worker, wasm] = await Promise.all([fetch('/vendor/jassub/ass-worker.js'), fetch('/vendor/jassub/jassub-worker.wasm')])
    return { status: worker.status, policy: worker.headers.get('content-security-policy'), wasmType: wasm.headers.get('content-type') }
  })
  expect(served.status).toBe(200)
  expect(served.policy).toContain("'wasm-unsafe-eval'")
  expect(served.wasmType).toBe('application/wasm')

  // Translated through the product: the texts become "[fr] RED HERE" and "[fr] BLUE", their tags kept.
  const taskId = await createSubtitleTask(page, { text: ASS, fileName: `tagged-${Date.now()}.ass` })
  await page.goto(`/edit/${taskId}`)
  await editorReady(page)
  await openVideoExport(page)
  // An ASS task starts on its own styles, drawn by libass in the preview as in the export.
  await expect(page.getByTestId('burn-preset-ass')).toHaveAttribute('aria-checked', 'true')
  await page.getByTestId('burn-input').setInputFiles(source)
  await expect(page.getByTestId('burn-preview')).toHaveAttribute('data-drawn', /^ass@/, { timeout: 60_000 })
  await page.getByTestId('burn-preview').screenshot({ path: testInfo.outputPath('ass-preview.png') })
  const out = testInfo.outputPath('burned.mp4')
  expect(await exportToDownload(page, out)).toBe('source.fr.mp4')
  // Drawn in the export's worker, whose libass runs in a worker of its own.
  await expect(page.getByTestId('video-export-dialog')).toHaveAttribute('data-thread', 'worker')

  const redArea = { x: 90, y: 80, w: 140, h: 40 }
  const blueArea = { x: 430, y: 260, w: 100, h: 40 }
  const TIMES = [2000, 3500, 5000]
  const frames = (area: typeof redArea) => ({ out: framesRgb(out, TIMES, area), src: framesRgb(source, TIMES, area) })
  const [red, blue] = [frames(redArea), frames(blueArea)]
  const at = (place: typeof red, ms: number) => ({ out: place.out[TIMES.indexOf(ms)], src: place.src[TIMES.indexOf(ms)] })
  // At 2 s the red line is at (160,100): the changed pixels there are red; the blue place is untouched.
  let frame = at(red, 2000)
  expect(tagged(frame.out, frame.src, 'red').changed).toBeGreaterThan(200)
  expect(tagged(frame.out, frame.src, 'red').share).toBeGreaterThan(0.75)
  expect(tagged(frame.out, frame.src, 'blue').share).toBeLessThan(0.25)
  frame = at(blue, 2000)
  expect(tagged(frame.out, frame.src, 'blue').changed).toBeLessThan(20)
  // At 3.5 s, between the lines, nothing is drawn in either place.
  for (const place of [red, blue]) {
    frame = at(place, 3500)
    expect(tagged(frame.out, frame.src, 'red').changed).toBeLessThan(20)
  }
  // At 5 s the blue line is at (480,280) and the red one is gone.
  frame = at(blue, 5000)
  expect(tagged(frame.out, frame.src, 'blue').changed).toBeGreaterThan(120)
  expect(tagged(frame.out, frame.src, 'blue').share).toBeGreaterThan(0.75)
  expect(tagged(frame.out, frame.src, 'red').share).toBeLessThan(0.25)
  frame = at(red, 5000)
  expect(tagged(frame.out, frame.src, 'red').changed).toBeLessThan(20)
})

/**
 * The preview overlay's opaque pixels: how many, their centre and width as fractions of the picture,
 * and the share of them in pure red and pure blue (the script's text has no outline or shadow).
 */
function overlayInk(page: Page) {
  return page.getByTestId('video-subtitle-canvas').evaluate((canvas: HTMLCanvasElement) => {
    const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height)
    let [count, sumX, sumY, left, right, red, blue] = [0, 0, 0, Infinity, -Infinity, 0, 0]
    for (let i = 0; i < data.length; i += 4) {
      if (data[i + 3] < 200) continue
      const x = (i / 4) % canvas.width
      count++
      sumX += x
      sumY += Math.floor(i / 4 / canvas.width)
      left = Math.min(left, x)
      right = Math.max(right, x)
      if (data[i] > 200 && data[i + 1] < 60 && data[i + 2] < 60) red++
      if (data[i + 2] > 200 && data[i] < 60 && data[i + 1] < 60) blue++
    }
    const share = (n: number) => (count ? n / count : 0)
    return { count, x: sumX / count / canvas.width, y: sumY / count / canvas.height, width: (right - left) / canvas.width, red: share(red), blue: share(blue) }
  })
}

/** Opens the editor's video pane on `source` and waits for the video to load. */
async function openPreview(page: Page, source: string) {
  await page.getByTestId('toolbar-video').click()
  await page.getByTestId('video-input').setInputFiles(source)
  await expect.poll(() => page.getByTestId('video').evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThan(1)
}

/** Seeks the preview to `ms` and waits until libass's picture of that moment is on the overlay. */
async function seekPreview(page: Page, ms: number) {
  await page.getByTestId('video').evaluate((v: HTMLVideoElement, s) => (v.currentTime = s), ms / 1000)
  await expect(page.getByTestId('video-subtitle-canvas')).toHaveAttribute('data-drawn', `ass@${ms}`, { timeout: 60_000 })
}

test('the editor previews an ASS task through libass: its \\pos and \\c over the video, in sync, following an edit; screenshots in three languages', async ({ page }, testInfo) => {
  test.setTimeout(180_000)
  await page.setViewportSize({ width: 1280, height: 800 })
  const source = testInfo.outputPath('source.mp4')
  makeTestVideo(source, { seconds: 7, width: 640, height: 360 })
  const creator = await newCreator(200)
  await signIn(page, creator)
  const taskId = await createSubtitleTask(page, { text: ASS, fileName: `preview-${Date.now()}.ass` })
  const policy = (await (await page.goto(`/edit/${taskId}`))!.allHeaders())['content-security-policy']
  expect(policy).not.toContain('wasm-unsafe-eval')
  await editorReady(page)
  await openPreview(page, source)

  // At 2 s (the middle of the first cue) the red line sits at (160,100) of the 640x360 script.
  await seekPreview(page, 2000)
  const red = await overlayInk(page)
  expect(red.count).toBeGreaterThan(300)
  expect(red.red).toBeGreaterThan(0.9)
  expect(red.x).toBeCloseTo(160 / 640, 1)
  expect(red.y).toBeCloseTo(100 / 360, 1)
  // At 3.5 s nothing; at 5 s the blue line at (480,280).
  await seekPreview(page, 3500)
  expect((await overlayInk(page)).count).toBe(0)
  await seekPreview(page, 5000)
  const blue = await overlayInk(page)
  expect(blue.blue).toBeGreaterThan(0.9)
  expect(blue.x).toBeCloseTo(480 / 640, 1)
  expect(blue.y).toBeCloseTo(280 / 360, 1)

  // Playing: the overlay follows the picture into the first cue.
  await page.getByTestId('video').evaluate((v: HTMLVideoElement) => ((v.muted = true), (v.currentTime = 0.5), v.play()))
  await expect(page.getByTestId('video-subtitle-canvas')).toHaveAttribute('data-drawn', /^ass@(1\d{3}|2\d{3})$/, { timeout: 10_000 })
  await page.getByTestId('video').evaluate((v: HTMLVideoElement) => v.pause())

  // Typing a shorter line redraws it at once, still red and centred on its \pos.
  await seekPreview(page, 2000)
  await page.getByTestId('segment-row').first().locator('[data-field="translatedText"]').fill('RED')
  await expect.poll(async () => (await overlayInk(page)).width, { timeout: 15_000 }).toBeLessThan(red.width * 0.5)
  const edited = await overlayInk(page)
  expect(edited.red).toBeGreaterThan(0.9)
  expect(edited.x).toBeCloseTo(160 / 640, 1)
  await page.screenshot({ path: testInfo.outputPath('editor-ass-preview-edited.png') })

  for (const { locale, base, prefix } of EDITIONS) {
    if (base !== EDITIONS[0].base) await signIn(page, { ...creator, baseUrl: base })
    await page.goto(`${base}${prefix}/edit/${taskId}`)
    await editorReady(page)
    await openPreview(page, source)
    await seekPreview(page, 2000)
    await page.screenshot({ path: testInfo.outputPath(`editor-ass-preview-${locale}.png`) })
  }
})

// A style naming a font we do not have ("Arial"), each line white on a black box at the picture's
// centre: translated below into Chinese (1-3 s), Japanese (4-6 s) and four characters no font has
// (7-9 s), which libass can only draw as its missing-glyph boxes.
const CJK_ASS = script640(
  'Arial,48,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,3,10,0,5,10,10,10,1',
  ['01', '04', '07'].map((from, i) => `0:00:${from}.00,0:00:0${i * 3 + 3}.00,Default,,0,0,0,,{\\pos(320,180)}${['Chinese', 'Japanese', 'Unknown'][i]}`),
)
const CJK_LINES = ['字幕测试', 'ひらがな', '\uE000\uE001\uE002\uE003']
/** Inside the black box of each four-character line, away from its edges. */
const CJK_AREA = { x: 232, y: 162, w: 176, h: 36 }

/** The bright (glyph) pixels of an RGB picture, one flag a pixel. */
const inkOf = (rgb: Uint8Array | Uint8ClampedArray, step = 3) => Array.from({ length: rgb.length / step }, (_, i) => rgb[i * step] + rgb[i * step + 1] + rgb[i * step + 2] > 384)
/** How much two ink patterns differ: pixels inked in one only, over the larger ink. */
function inkDifference(a: boolean[], b: boolean[]) {
  const differing = a.filter((inked, i) => inked !== b[i]).length
  return differing / Math.max(1, a.filter(Boolean).length, b.filter(Boolean).length)
}

test('Chinese and Japanese lines of an ASS task whose style font is missing are drawn with the bundled Noto fonts, not as boxes, burned in and in the preview', async ({ page }, testInfo) => {
  test.setTimeout(240_000)
  const source = testInfo.outputPath('source.mp4')
  await exportTestStart(page, source, { seconds: 10, picker: null })
  const taskId = await createSubtitleTask(page, { text: CJK_ASS, fileName: `cjk-${Date.now()}.ass`, targetLanguage: 'zh-CN' })
  // The creator's translations, set as the editor's bulk edits set them.
  await pageApi(page, `/api/tasks/${taskId}/segments`, { method: 'PATCH', body: { segments: CJK_LINES.map((translatedText, i) => ({ id: i + 1, translatedText })) } })
  const fonts: string[] = []
  page.context().on('request', (request) => void (/\/vendor\/fonts\/[^/]+\/[^/]+\.woff2$/.test(request.url()) && fonts.push(request.url())))

  await page.goto(`/edit/${taskId}`)
  await editorReady(page)
  await openPreview(page, source)
  const previewInk: boolean[][] = []
  for (const ms of [2000, 5000, 8000]) {
    await seekPreview(page, ms)
    previewInk.push(
      await page.getByTestId('video-subtitle-canvas').evaluate((canvas: HTMLCanvasElement) => {
        const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height)
        return Array.from({ length: data.length / 4 }, (_, i) => data[i * 4 + 3] > 200 && data[i * 4] + data[i * 4 + 1] + data[i * 4 + 2] > 384)
      }),
    )
  }
  // Chinese and Japanese each draw their own glyphs, unlike each other and unlike the boxes.
  expect(previewInk[0].filter(Boolean).length).toBeGreaterThan(300)
  expect(inkDifference(previewInk[0], previewInk[2])).toBeGreaterThan(0.4)
  expect(inkDifference(previewInk[1], previewInk[2])).toBeGreaterThan(0.4)
  expect(inkDifference(previewInk[0], previewInk[1])).toBeGreaterThan(0.4)

  await openVideoExport(page)
  await page.getByTestId('burn-input').setInputFiles(source)
  const out = testInfo.outputPath('burned-cjk.mp4')
  await exportToDownload(page, out)
  const [chinese, japanese, unknown] = framesRgb(out, [2000, 5000, 8000], CJK_AREA).map((frame) => inkOf(frame))
  expect(chinese.filter(Boolean).length).toBeGreaterThan(300)
  expect(japanese.filter(Boolean).length).toBeGreaterThan(300)
  expect(inkDifference(chinese, unknown)).toBeGreaterThan(0.4)
  expect(inkDifference(japanese, unknown)).toBeGreaterThan(0.4)
  expect(inkDifference(chinese, japanese)).toBeGreaterThan(0.4)
  // The kana line's font is Noto Sans JP, the Chinese line's Noto Sans SC: slices of both were fetched.
  expect(fonts.some((url) => url.includes('/noto-sans-jp/'))).toBe(true)
  expect(fonts.some((url) => url.includes('/noto-sans-sc/'))).toBe(true)
  // Burned frames to look at by eye.
  for (const second of [2, 5]) execFileSync('ffmpeg', ['-v', 'error', '-y', '-ss', String(second), '-i', out, '-frames:v', '1', testInfo.outputPath(`burned-cjk-${second}s.png`)])
})
