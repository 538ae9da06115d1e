import { execFileSync } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import { expect, test, type Page } from '@playwright/test'
import { E2E } from './env'
import { DEMO, editorReady, signIn } from './helpers'
import { ffprobeJson, makeTestVideo, pickFile, withVideoModules } from './video/harness'
import type { VideoModules } from './video/modules'

// Issue 29, item 5 (honest limits): lib/client/video/capability.ts tells, before any work, whether
// this browser can burn subtitles into a video, and components/editor/video-export-unsupported.tsx
// says why not in the creator's language and offers what still works. Run inside the real editor.

const LOCALES = [
  { locale: 'zh-CN', base: E2E.cnUrl, path: '', title: '此浏览器无法生成视频', reason: '需要 WebCodecs', tracks: '以字幕轨道形式添加（MKV）' },
  { locale: 'en-US', base: E2E.intlUrl, path: '', title: "This browser can't make the video", reason: 'needs WebCodecs', tracks: 'Add the subtitles as tracks (MKV)' },
  { locale: 'ja-JP', base: E2E.intlUrl, path: '/ja-JP', title: 'このブラウザーでは動画を作成できません', reason: 'WebCodecs が必要', tracks: '字幕をトラックとして追加（MKV）' },
] as const

const SRT = '1\n00:00:00,500 --> 00:00:02,000\nHi Anna.\n\n2\n00:00:02,500 --> 00:00:04,000\nBye.\n'

async function createTask(page: Page): Promise<{ id: string; fileName: string }> {
  const fileName = `limits-${Date.now()}.srt`
  const id = await page.evaluate(async ({ srt, fileName }) => {
    const form = new FormData()
    form.append('file', new File([srt], fileName, { type: 'application/x-subrip' }))
    for (const [key, value] of Object.entries({ targetLanguage: 'fr', service: 'deepseek', useMemory: 'false', sourceLanguage: 'en' })) form.append(key, value)
    const json = await (await fetch('/api/tasks', { method: 'POST', body: form })).json()
    if (json.code !== 20000) throw new Error(json.msg)
    return json.data.id as string
  }, { srt: SRT, fileName })
  await expect.poll(() => page.evaluate(async (id) => (await (await fetch(`/api/tasks/${id}`)).json()).data.status, id), { timeout: 30_000 }).toBe('completed')
  return { id, fileName }
}

const modules = (page: Page) => page.evaluateHandle(() => (window as unknown as { videoModules: VideoModules }).videoModules)

test('a browser without VideoEncoder is told so in zh-CN, en-US and ja-JP, and the subtitle exports still work', async ({ page }, testInfo) => {
  test.setTimeout(240_000)
  const source = testInfo.outputPath('source.mp4')
  makeTestVideo(source, { seconds: 3, width: 640, height: 360 })
  await page.addInitScript(() => {
    delete (window as { VideoEncoder?: unknown }).VideoEncoder
  })
  await withVideoModules(page)
  await signIn(page, DEMO.user)
  const task = await createTask(page)

  for (const { locale, base, path, title, reason, tracks } of LOCALES) {
    if (base !== E2E.cnUrl && locale === 'en-US') await signIn(page, { ...DEMO.user, baseUrl: base })
    await page.goto(`${base}${path}/edit/${task.id}`)
    await editorReady(page)
    expect(await page.evaluate(() => typeof (window as { VideoEncoder?: unknown }).VideoEncoder)).toBe('undefined')
    const support = await (await modules(page)).evaluate((m) => m.videoExportSupport())
    expect(support).toEqual({ ok: false, encoders: [], reason: 'no-webcodecs' })
    await (await modules(page)).evaluate((m, args) => m.mountUnsupported(args), { locale, reason: support.reason!, task })

    const panel = page.getByTestId('video-export-unsupported')
    await expect(panel).toHaveAttribute('data-reason', 'no-webcodecs')
    await expect(panel).toContainText(title)
    await expect(panel).toContainText(reason)
    await expect(page.getByTestId('unsupported-track-export')).toHaveText(tracks)
    await page.screenshot({ path: testInfo.outputPath(`unsupported-${locale}.png`) })

    // The subtitle files download as usual.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('unsupported-export-srt').click()])
    expect(download.suggestedFilename()).toMatch(/\.srt$/)
    expect(await readFile(await download.path(), 'utf8')).toContain('[fr] Hi Anna.')
    await page.getByTestId('unsupported-track-export').click()
    expect(await page.evaluate(() => (window as { trackExportChosen?: boolean }).trackExportChosen)).toBe(true)
  }

  // The track export it offers needs no encoder: it runs in this very browser.
  await pickFile(page, source)
  const base64 = await (await modules(page)).evaluate(async (m) => {
    const target = new m.BufferTarget()
    const file = (document.getElementById('picked-video') as HTMLInputElement).files![0]
    await m.muxSubtitleTracks({ source: file, container: 'mkv', target, tracks: [{ language: 'fr', title: 'Français', cues: [{ startMs: 500, endMs: 2000, text: '[fr] Hi Anna.' }] }] })
    const bytes = new Uint8Array(target.buffer!)
    let binary = ''
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
    return btoa(binary)
  })
  const out = testInfo.outputPath('tracks.mkv')
  await writeFile(out, Buffer.from(base64, 'base64'))
  const { streams } = ffprobeJson<{ streams: { codec_type: string; tags?: Record<string, string> }[] }>(out, ['-show_streams'])
  expect(streams.map((s) => s.codec_type).sort()).toEqual(['audio', 'subtitle', 'video'])
})

test('names the other limits: no encoder for H.264 or VP9, and a video the browser cannot decode', async ({ page }, testInfo) => {
  test.setTimeout(180_000)
  const h264 = testInfo.outputPath('h264.mp4')
  const hevc = testInfo.outputPath('hevc.mp4')
  makeTestVideo(h264, { seconds: 1, width: 640, height: 360 })
  // Chromium on Linux decodes no HEVC.
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=30', '-t', '1', '-c:v', 'libx265', '-x265-params', 'log-level=error', '-tag:v', 'hvc1', '-pix_fmt', 'yuv420p', hevc])
  await withVideoModules(page)
  await signIn(page, DEMO.user)
  await page.goto('/dashboard')

  await pickFile(page, h264, 'h264')
  await pickFile(page, hevc, 'hevc')
  const results = await (await modules(page)).evaluate(async (m) => {
    const file = (id: string) => (document.getElementById(id) as HTMLInputElement).files![0]
    return {
      none: await m.videoExportSupport(),
      h264: await m.videoExportSupport(file('h264')),
      hevc: await m.videoExportSupport(file('hevc')),
      text: await m.videoExportSupport(new Blob(['not a video'], { type: 'video/mp4' })),
    }
  })
  expect(results.none).toEqual({ ok: true, encoders: ['avc', 'vp9'] })
  expect(results.h264).toEqual({ ok: true, encoders: ['avc', 'vp9'] })
  expect(results.hevc).toEqual({ ok: false, encoders: [], reason: 'cannot-decode' })
  expect(results.text).toEqual({ ok: false, encoders: [], reason: 'cannot-decode' })

  // A browser whose WebCodecs has no encoder for either codec.
  await page.addInitScript(() => {
    VideoEncoder.isConfigSupported = async (config) => ({ supported: false, config })
  })
  await page.reload()
  expect(await (await modules(page)).evaluate((m) => m.videoExportSupport())).toEqual({ ok: false, encoders: [], reason: 'no-encoder' })
})
