import { expect, test, type Locator, type Page } from '@playwright/test'
import { inEditorOfTranslation, pageApi } from './helpers'
import { ffprobeJson, makeTestVideo, openVideoExport, packetDigests, savedFile, withSavePicker } from './video/harness'

// Dubbing in a browser, in zh-CN, en-US and ja-JP, one flow each: the creator's video is opened
// beside the lines of a translated subtitle file; the Dub dialog shows each speaker's voice and
// the price before anything is spent, and keeps the video's own sound (its audio track copied out
// in the browser and sent as it is); the dub is made on the server (the sandbox voice, espeak-ng).
// The preview then plays the dub with the video: the dub's player follows the video's time and the
// video is muted while the dub replaces its sound. Each row shows its line's speed factor; a line
// edited afterwards is spoken again from its row and charged alone. Last, the track export carries
// the dub and the original sound: two audio streams tagged with their languages, the video's
// packets as they were. Saves `dub-dialog-<locale>-<theme>.png` and `dub-editor-<locale>-<theme>.png`
// (1280x800, light and dark) for a look by eye.

// Each line its own phrase (0.4 s apart), with 1.9 s to be said in; the second, edited after the
// dub, is longer: about 2.1 s in the sandbox voice, so it is spoken faster.
const SRT = ['Good morning, everyone.', 'Today we visit the old harbour.', 'The boats leave at nine.', 'See you there.']
  .map((text, i) => `${i + 1}\n00:00:0${i * 2},000 --> 00:00:0${i * 2 + 1},600\n${text}\n`)
  .join('\n')
const EDITED = 'Nous visitons le vieux port de la ville.'

type Texts = { title: string; allLines: string; start: RegExp; ready: RegExp; dub: string; both: string }
const LOCALES: [prefix: string, locale: string, texts: Texts][] = [
  ['', 'zh-CN', { title: '为视频配音', allLines: '全部台词', start: /^配音（\d+ 积分）$/, ready: /配音已完成，扣除 \d+ 积分。/, dub: '配音', both: '配音 + 原声' }],
  ['/en-US', 'en-US', { title: 'Dub this video', allLines: 'Every line', start: /^Dub for \d+ points?$/, ready: /Your dub is ready\. Charged: \d+ points?\./, dub: 'Dub', both: 'Dub + original' }],
  ['/ja-JP', 'ja-JP', { title: 'この動画を吹き替える', allLines: 'すべてのセリフ', start: /^\d+ ポイントで吹き替える$/, ready: /吹き替えが完成しました。\d+ ポイントを使用しました。/, dub: '吹き替え', both: '吹き替え＋元の音声' }],
]

type Probe = { streams: { index: number; codec_type: string; codec_name?: string; tags?: Record<string, string>; disposition?: Record<string, number> }[] }

const balance = async (page: Page) => Number((await pageApi<{ point: number }>(page, '/api/user/get_point', { method: 'POST', body: {} })).point)

/** The page as it is, and again in the dark theme. */
async function shots(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}-light.png`), animations: 'disabled' })
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.screenshot({ path: test.info().outputPath(`${name}-dark.png`), animations: 'disabled' })
  await page.emulateMedia({ colorScheme: 'light' })
}

const media = (locator: Locator) => locator.evaluate((m: HTMLMediaElement) => ({ time: m.currentTime, isPaused: m.paused, isMuted: m.muted, src: m.currentSrc }))
/** How far the dub's player is from the video, both read in one task of the page (two reads apart would add the time between them). */
const drift = (page: Page) =>
  page.evaluate(() => {
    const audio = document.querySelector<HTMLMediaElement>('[data-testid="dub-preview-audio"]')!
    const video = document.querySelector<HTMLMediaElement>('[data-testid="video"]')!
    return Math.abs(audio.currentTime - video.currentTime)
  })
const row = (page: Page, id: number) => page.locator(`[data-testid="segment-row"][data-row="${id}"]`)

for (const [prefix, locale, texts] of LOCALES) {
  test(`dub: voices and price, the video's own sound kept, played with the video, a line spoken again from its row, exported with both sounds (${locale})`, async ({ page }, testInfo) => {
    test.setTimeout(300_000)
    const source = testInfo.outputPath('harbour.mp4')
    makeTestVideo(source, { seconds: 8, width: 640, height: 360 })
    await withSavePicker(page)
    const taskId = await inEditorOfTranslation(page, { srt: SRT, fileName: 'harbour.srt', prefix })
    await page.getByTestId('toolbar-video').click()
    await page.getByTestId('video-input').setInputFiles(source)
    const video = page.getByTestId('video')
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThan(1)

    // The Dub dialog: each speaker's voice, the video's sound kept, the price before anything is spent.
    await page.getByTestId('toolbar-dub').click()
    const dialog = page.getByRole('dialog')
    await expect(dialog.getByRole('heading', { level: 2 })).toHaveText(texts.title)
    await expect(page.getByTestId('dub-form')).toContainText(texts.allLines)
    await expect(page.getByTestId('dub-voice-all')).toContainText('alloy')
    await expect(page.getByTestId('dub-original')).toHaveAttribute('data-source', 'video')
    await expect(page.getByTestId('dub-with-original')).toBeChecked()
    await expect(page.getByTestId('dub-original')).toContainText('harbour.mp4')
    const start = page.getByTestId('dub-start')
    await expect(start).toHaveText(texts.start)
    const price = Number((await start.textContent())!.match(/\d+/)![0])
    await shots(page, `dub-dialog-${locale}`)
    const before = await balance(page)

    await page.getByTestId('dub-voice-all').click()
    await page.getByRole('option', { name: 'nova' }).click()
    await start.click()
    await expect(page.getByTestId('dub-result')).toBeVisible({ timeout: 90_000 })
    await expect(page.getByTestId('dub-result')).toContainText(texts.ready)
    expect(await balance(page)).toBe(before - price)
    // Mixed over the video's own sound, sent from the browser as it is (AAC copied into M4A).
    const estimate = await pageApi<{ original: { source: string; codec: string; durationMs: number } }>(page, `/api/tasks/${taskId}/dubs/estimate`)
    expect(estimate.original).toMatchObject({ source: 'upload', codec: 'aac' })
    expect(Math.abs(estimate.original.durationMs - 8000)).toBeLessThan(150)
    const { dubs } = await pageApi<{ dubs: { withOriginal: boolean }[] }>(page, `/api/tasks/${taskId}/dubs`)
    expect(dubs[0].withOriginal).toBe(true)
    const csv = await page.evaluate(async (href) => (await fetch(href)).text(), (await page.getByTestId('dub-report-csv').getAttribute('href'))!)
    expect(csv.trim().split('\r\n')).toHaveLength(5)
    expect(csv).toContain(',nova,')
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()

    // The preview plays the dub: its player follows the video, the video's own sound muted.
    const dubSound = page.getByTestId('dub-sound')
    await expect(dubSound).toBeVisible()
    await page.getByTestId('dub-sound-dub').click()
    await expect(page.getByTestId('dub-sound-dub')).toHaveText(texts.dub)
    const audio = page.getByTestId('dub-preview-audio')
    // currentSrc is the source the element chose, which it does a moment after the source is set.
    await expect.poll(async () => (await media(audio)).src).toMatch(/\/audio\?kind=voices&format=m4a&v=/)
    expect((await media(video)).isMuted).toBe(true)
    await video.evaluate((v: HTMLVideoElement) => void v.play())
    await expect.poll(async () => (await media(audio)).time, { timeout: 15_000 }).toBeGreaterThan(1.5)
    expect((await media(audio)).isPaused).toBe(false)
    await expect.poll(() => drift(page), { timeout: 5000 }).toBeLessThan(0.25)
    // A seek of the video takes the dub with it.
    await video.evaluate((v: HTMLVideoElement) => void (v.currentTime = 5))
    await expect.poll(() => drift(page), { timeout: 5000 }).toBeLessThan(0.25)
    await video.evaluate((v: HTMLVideoElement) => v.pause())
    await expect.poll(async () => (await media(audio)).isPaused).toBe(true)
    // The original: the dub silent, the video's sound back.
    await page.getByTestId('dub-sound-original').click()
    await expect(audio).toHaveCount(0)
    expect((await media(video)).isMuted).toBe(false)
    // Dub + original: the server's mix, the video muted under it.
    await page.getByTestId('dub-sound-both').click()
    await expect(page.getByTestId('dub-sound-both')).toHaveText(texts.both)
    await expect.poll(async () => (await media(audio)).src).toMatch(/\/audio\?kind=mix&format=m4a&v=/)
    expect((await media(video)).isMuted).toBe(true)
    // Each row plays its own line as dubbed, from its start for as long as it was spoken.
    await expect(page.getByTestId('row-dub')).toHaveCount(4)
    const playLine = row(page, 4).getByTestId('row-dub-play')
    await playLine.click()
    await expect(playLine).toHaveAttribute('aria-pressed', 'true')
    await expect(playLine).toHaveAttribute('aria-pressed', 'false', { timeout: 10_000 })

    // Line 2 edited after the dub, longer: its row offers to speak it again, charged for it alone.
    const translation = row(page, 2).locator('[data-field="translatedText"]')
    await translation.fill(EDITED)
    await translation.press('Tab')
    await expect.poll(async () => (await pageApi<{ segments: { id: number; translatedText: string }[] }>(page, `/api/tasks/${taskId}`)).segments[1].translatedText).toBe(EDITED)
    const respeak = row(page, 2).getByTestId('row-dub-respeak')
    await expect(respeak).toBeVisible()
    await expect(row(page, 1).getByTestId('row-dub-respeak')).toHaveCount(0)
    const afterDub = await balance(page)
    const respoken = page.waitForResponse((res) => res.url().endsWith('/respeak') && res.request().method() === 'POST')
    await respeak.click()
    expect((await respoken).status()).toBe(200)
    expect(await balance(page)).toBe(afterDub - 1)
    await expect.poll(async () => (await pageApi<{ dubs: { status: string }[] }>(page, `/api/tasks/${taskId}/dubs`)).dubs[0].status, { timeout: 60_000 }).toBe('completed')
    await expect(row(page, 2).getByTestId('row-dub-respeak')).toHaveCount(0, { timeout: 15_000 })
    expect(await balance(page)).toBe(afterDub - 1)
    // Each row shows the speed its line was spoken at where it was sped up: line 2 now.
    const dubId = (await pageApi<{ dubs: { id: string }[] }>(page, `/api/tasks/${taskId}/dubs`)).dubs[0].id
    const { lines } = await page.evaluate(async (href) => (await (await fetch(href)).json()) as { lines: { segmentId: number; speedFactor: number }[] }, `/api/tasks/${taskId}/dubs/${dubId}/report`)
    const faster = lines.filter((l) => l.speedFactor > 1.004)
    expect(faster.map((l) => l.segmentId)).toContain(2)
    await expect(page.locator('[data-testid="row-dub-flag"][data-flag="speed"]')).toHaveText(faster.map((l) => new RegExp(`^${l.speedFactor.toFixed(2).replace('.', '\\.')}x`)))
    await page.getByTestId('video-follow').uncheck()
    await shots(page, `dub-editor-${locale}`)

    // The track export with the dub first and the original second, the video's packets copied.
    await openVideoExport(page)
    await page.getByTestId('export-kind-tracks').click()
    await page.getByTestId('tracks-container-mkv').click()
    await page.getByTestId('export-audio-both').click()
    await expect(page.getByTestId('export-audio-track')).toHaveText([/Français.*fre/, /English.*eng/])
    await page.getByTestId('burn-start').click()
    await expect(page.getByTestId('burn-done')).toBeVisible({ timeout: 90_000 })
    const out = testInfo.outputPath('dubbed.mkv')
    expect(await savedFile(page, 'harbour.fr.dubbed.tracks.mkv', out)).toBeGreaterThan(50_000)
    const { streams } = ffprobeJson<Probe>(out, ['-show_streams'])
    const sounds = streams.filter((s) => s.codec_type === 'audio')
    expect(sounds.map((s) => [s.codec_name, s.tags?.language, s.disposition?.default])).toEqual([['aac', 'fre', 1], ['aac', 'eng', 0]])
    expect(streams.filter((s) => s.codec_type === 'video')).toHaveLength(1)
    expect(packetDigests(out, 'v:0')).toEqual(packetDigests(source, 'v:0'))
    expect(packetDigests(out, 'a:1')).toEqual(packetDigests(source, 'a:0'))

    if (locale === 'zh-CN') {
      // The same in MP4: its text tracks are added to the movie box after the muxer, beside both sounds.
      await page.getByTestId('tracks-container-mp4').click()
      await page.getByTestId('burn-start').click()
      // The MKV's "done" may still show for a moment: wait for the one that names the MP4.
      await expect(page.getByTestId('burn-done').locator('xpath=..')).toContainText('harbour.fr.dubbed.tracks.mp4', { timeout: 90_000 })
      const mp4 = testInfo.outputPath('dubbed.mp4')
      expect(await savedFile(page, 'harbour.fr.dubbed.tracks.mp4', mp4)).toBeGreaterThan(50_000)
      const probe = ffprobeJson<Probe>(mp4, ['-show_streams'])
      expect(probe.streams.filter((st) => st.codec_type === 'audio').map((st) => [st.codec_name, st.tags?.language])).toEqual([['aac', 'fra'], ['aac', 'eng']])
      expect(probe.streams.filter((st) => st.codec_type === 'subtitle').map((st) => st.codec_name)).toEqual(['mov_text', 'mov_text'])
      expect(packetDigests(mp4, 'v:0')).toEqual(packetDigests(source, 'v:0'))
    }
    if (locale === 'en-US') {
      // Burned in (one language is enough: the same audio code as the tracks), the dub alone as its sound.
      await page.getByTestId('export-kind-burn').click()
      await page.getByTestId('export-audio-dubbed').click()
      await expect(page.getByTestId('export-audio-track')).toHaveText([/Français.*fra/])
      await page.getByTestId('burn-start').click()
      await expect(page.getByTestId('burn-done')).toBeVisible({ timeout: 120_000 })
      const burned = testInfo.outputPath('dubbed.mp4')
      expect(await savedFile(page, 'harbour.fr.dubbed.mp4', burned)).toBeGreaterThan(20_000)
      const probe = ffprobeJson<Probe & { format: { duration: string } }>(burned, ['-show_streams', '-show_format'])
      expect(probe.streams.filter((st) => st.codec_type === 'audio').map((st) => [st.codec_name, st.tags?.language])).toEqual([['aac', 'fra']])
      expect(Math.abs(Number(probe.format.duration) - 8)).toBeLessThan(0.2)
    }
    await page.keyboard.press('Escape')

    // No video open: the dub is the pane's player, and the lines follow it.
    await page.getByTestId('video-hide').click()
    await page.getByTestId('toolbar-video').click()
    const alone = page.getByTestId('dub-alone')
    await expect(alone).toBeVisible()
    await alone.getByTestId('dub-preview-audio').evaluate((a: HTMLAudioElement) => {
      a.currentTime = 6.2
      void a.play()
    })
    await expect(row(page, 4)).toHaveAttribute('data-playing', 'true')
    await alone.getByTestId('dub-preview-audio').evaluate((a: HTMLAudioElement) => a.pause())
  })
}
