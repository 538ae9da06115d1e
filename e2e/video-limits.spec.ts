import { execFileSync } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import { expect, test, type Page } from '@playwright/test'
import { E2E } from './env'
import { editorReady, newCreator, signIn } from './helpers'
import { createSubtitleTask, ffprobeJson, makeTestVideo, openVideoExport, withoutSavePicker } from './video/harness'

// Issue 29, item 5 (honest limits), through the editor's "Export video" dialog: a browser that
// cannot make the video is told why in the creator's language as soon as the dialog opens, before
// any work, and offered what still works (the subtitle files, and the subtitle-track export, which
// re-encodes nothing). The same for a video whose codec the browser cannot decode.

const LOCALES = [
  { locale: 'zh-CN', base: E2E.cnUrl, path: '', title: '此浏览器无法生成视频', reason: '需要 WebCodecs', tracks: '以字幕轨道形式添加（MKV）' },
  { locale: 'en-US', base: E2E.intlUrl, path: '', title: "This browser can't make the video", reason: 'needs WebCodecs', tracks: 'Add the subtitles as tracks (MKV)' },
  { locale: 'ja-JP', base: E2E.intlUrl, path: '/ja-JP', title: 'このブラウザーでは動画を作成できません', reason: 'WebCodecs が必要', tracks: '字幕をトラックとして追加（MKV）' },
] as const

const SRT = '1\n00:00:00,500 --> 00:00:02,000\nHi Anna.\n\n2\n00:00:02,500 --> 00:00:04,000\nBye.\n'

const panel = (page: Page) => page.getByTestId('video-export-unsupported')

test('a browser without VideoEncoder is told so in zh-CN, en-US and ja-JP, and the subtitle exports still work', async ({ page }, testInfo) => {
  test.setTimeout(120_000)
  const source = testInfo.outputPath('source.mp4')
  makeTestVideo(source, { seconds: 3, width: 640, height: 360 })
  await page.addInitScript(() => {
    delete (window as { VideoEncoder?: unknown }).VideoEncoder
  })
  await withoutSavePicker(page)
  const creator = await newCreator(200)
  await signIn(page, creator)
  const taskId = await createSubtitleTask(page, { text: SRT, fileName: `limits-${Date.now()}.srt` })

  for (const { locale, base, path, title, reason, tracks } of LOCALES) {
    if (base !== E2E.cnUrl && locale === 'en-US') await signIn(page, { ...creator, baseUrl: base })
    await page.goto(`${base}${path}/edit/${taskId}`)
    await editorReady(page)
    await openVideoExport(page)
    // Told at once, before a video is chosen and before any work.
    await expect(panel(page)).toHaveAttribute('data-reason', 'no-webcodecs')
    await expect(panel(page)).toContainText(title)
    await expect(panel(page)).toContainText(reason)
    await expect(page.getByTestId('burn-start')).toHaveCount(0)
    await expect(page.getByTestId('unsupported-track-export')).toHaveText(tracks)
    await page.getByRole('dialog').screenshot({ path: testInfo.outputPath(`unsupported-${locale}.png`) })

    // The subtitle files download as usual.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('unsupported-export-srt').click()])
    expect(download.suggestedFilename()).toMatch(/\.fr\.translated\.srt$/)
    expect(await readFile(await download.path(), 'utf8')).toContain('[fr] Hi Anna.')
    // The track export needs no encoder: it is one click away.
    await page.getByTestId('unsupported-track-export').click()
    await expect(page.getByTestId('video-export-dialog')).toHaveAttribute('data-kind', 'tracks')
    await expect(page.getByTestId('tracks-summary')).toBeVisible()
  }

  // …and it runs in this very browser.
  await page.getByTestId('burn-input').setInputFiles(source)
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('burn-start').click()])
  const out = testInfo.outputPath('tracks.mkv')
  await writeFile(out, await readFile(await download.path()))
  const { streams } = ffprobeJson<{ streams: { codec_type: string; tags?: Record<string, string> }[] }>(out, ['-show_streams'])
  expect(streams.map((s) => s.codec_type).sort()).toEqual(['audio', 'subtitle', 'subtitle', 'video'])
})

test('names the other limits: no encoder for H.264 or VP9, and a video the browser cannot decode', async ({ page }, testInfo) => {
  test.setTimeout(120_000)
  const h264 = testInfo.outputPath('h264.mp4')
  const hevc = testInfo.outputPath('hevc.mp4')
  const text = testInfo.outputPath('notes.mp4')
  makeTestVideo(h264, { seconds: 1, width: 640, height: 360 })
  // Chromium on Linux decodes no HEVC.
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=30', '-t', '1', '-c:v', 'libx265', '-x265-params', 'log-level=error', '-tag:v', 'hvc1', '-pix_fmt', 'yuv420p', hevc])
  await writeFile(text, 'not a video')
  await signIn(page, await newCreator(200))
  const taskId = await createSubtitleTask(page, { text: SRT, fileName: `limits-${Date.now()}.srt` })
  await page.goto(`/edit/${taskId}`)
  await editorReady(page)
  await openVideoExport(page)

  // A video this browser can decode: both encoders offered, the burn-in ready to start.
  await page.getByTestId('burn-input').setInputFiles(h264)
  await expect(page.getByTestId('burn-start')).toBeEnabled()
  await expect(page.getByTestId('burn-codec').getByRole('radio')).toHaveCount(2)
  // One it cannot decode, and a file that is no video: told before any work, the tracks offered.
  for (const file of [hevc, text]) {
    await page.getByTestId('burn-input').setInputFiles(file)
    await expect(panel(page)).toHaveAttribute('data-reason', 'cannot-decode')
    await expect(page.getByTestId('unsupported-track-export')).toBeVisible()
    await expect(page.getByTestId('burn-start')).toHaveCount(0)
  }

  // A browser whose WebCodecs has no encoder for either codec.
  await page.addInitScript(() => {
    VideoEncoder.isConfigSupported = async (config) => ({ supported: false, config })
  })
  await page.reload()
  await editorReady(page)
  await openVideoExport(page)
  await expect(panel(page)).toHaveAttribute('data-reason', 'no-encoder')
})
