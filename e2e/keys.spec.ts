import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { E2E } from './env'
import { editorReady, inEditorOfTranslation, pageApi } from './helpers'

// Every key of the editor's video and timing on a real video (ffmpeg's, 25 fps), on the China host
// (zh-CN): play and pause, a frame, 1 s and 5 s, the speed, start and end at the playhead, the
// edges nudged a frame, split at the playhead, merge with the next (both undone), the next and
// previous line and flag, the reading-speed key (lengthened, or the condense offer); none while
// typing. Each effect is read back: the video's time and speed, the rows on the server. Then the
// help in the three languages, each key in a <kbd>. It saves `keys-help-<locale>-<scheme>.png`,
// `keys-profile-select-<locale>-<scheme>.png`, `keys-profile-<locale>-<scheme>.png`,
// `keys-fix-timing-<locale>-<scheme>.png`, `keys-transport-zh-CN.png` and `keys-condense-zh-CN.png`
// (1280x800) under its `test-results/` folder.

// French, read by the French rules on Netflix timing (42 a line, 17 a second, 5/6 s to 7 s, 2
// frames at 25 fps). The fake translates as "[fr] <original>": line 3 reads too fast with no room
// after it (2 frames to line 4), line 5 too fast with time after it, line 6 is too short, line 7
// too long.
const SRT = `1
00:00:00,500 --> 00:00:02,500
Hello there.

2
00:00:03,000 --> 00:00:05,000
We should go.

3
00:00:05,500 --> 00:00:06,500
Where are we going tonight, you two?

4
00:00:06,580 --> 00:00:08,000
Home.

5
00:00:09,000 --> 00:00:10,000
This one needs a little more time.

6
00:00:12,000 --> 00:00:12,400
Bye.

7
00:00:14,000 --> 00:00:22,000
Silence, for a long while.
`

type Row = { id: number; startTime: string; endTime: string; originalText: string; translatedText: string | null; translatedBy: string | null }

const rowsOf = async (page: Page, taskId: string) => (await pageApi<{ segments: Row[] }>(page, `/api/tasks/${taskId}`)).segments
const times = async (page: Page, taskId: string) => (await rowsOf(page, taskId)).map((r) => `${r.startTime.slice(6)}-${r.endTime.slice(6)}`)
const row = (page: Page, index: number) => page.getByTestId('segment-row').nth(index)

/** A 14-second WebM of a moving test pattern at 25 fps, made by ffmpeg (Debian's, with libvpx). */
function testVideo(): Buffer {
  const dir = mkdtempSync(path.join(tmpdir(), 'keys-video-'))
  try {
    const file = path.join(dir, 'clip.webm')
    execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=s=320x180:r=25:d=14', '-c:v', 'libvpx', '-b:v', '300k', '-g', '25', '-deadline', 'realtime', '-cpu-used', '8', file], { timeout: 120_000 })
    return readFileSync(file)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** A new creator in the editor of the file translated, lines 3 and 5 as long as the fake wrote them (the fit stage shortened them). */
async function inEditor(page: Page, prefix = ''): Promise<string> {
  const taskId = await inEditorOfTranslation(page, { srt: SRT, fileName: 'night-walk.srt', prefix })
  await pageApi(page, `/api/tasks/${taskId}/segments`, { method: 'PATCH', body: { segments: [{ id: 3, translatedText: '[fr] Where are we going tonight, you two?' }, { id: 5, translatedText: '[fr] This one needs a little more time.' }] } })
  await page.reload()
  await editorReady(page)
  return taskId
}

test('every video and timing key: playback, frames, speed, set, nudge, split, merge, lines, flags, reading speed', async ({ page }) => {
  test.setTimeout(180_000)
  const taskId = await inEditor(page)
  const video = page.getByTestId('video')
  const now = () => video.evaluate((v: HTMLVideoElement) => v.currentTime)
  const key = async (combo: string, times = 1) => {
    for (let i = 0; i < times; i++) await page.keyboard.press(combo)
  }

  await page.getByTestId('toolbar-video').click()
  await page.getByTestId('video-input').setInputFiles({ name: 'clip.webm', mimeType: 'video/webm', buffer: testVideo() })
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThan(0)
  // The keys go to the rows: the first row's box, left with Escape.
  await row(page, 0).locator('[data-field="translatedText"]').click()
  await page.keyboard.press('Escape')

  // Play and pause: Space, then K.
  for (const combo of [' ', 'k']) {
    await key(combo)
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused)).toBe(true)
    await key(combo)
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true)
  }

  // 5 s back stops at 0; a second on with →, back with ←; 5 s with Shift.
  await key('Shift+ArrowLeft')
  await expect.poll(now).toBe(0)
  await key('ArrowRight', 3)
  await expect.poll(now).toBeCloseTo(3, 2)
  await key('ArrowLeft')
  await expect.poll(now).toBeCloseTo(2, 2)
  await key('Shift+ArrowRight')
  await expect.poll(now).toBeCloseTo(7, 2)
  await key('Shift+ArrowLeft')
  await expect.poll(now).toBeCloseTo(2, 2)

  // A frame on, two back: the middle of frames 51 and 49 at 25 fps; the playhead shows each frame's start.
  await key('.')
  await expect.poll(now).toBeCloseTo(2.06, 3)
  await expect(page.getByTestId('transport-time')).toHaveText('00:00:02.040')
  await key(',', 2)
  await expect.poll(now).toBeCloseTo(1.98, 3)
  await expect(page.getByTestId('transport-time')).toHaveText('00:00:01.960')

  // Speed: ] faster up to 2x, [ slower down to 0.5x, back to 1x.
  const rate = () => video.evaluate((v: HTMLVideoElement) => v.playbackRate)
  await key(']')
  await expect.poll(rate).toBe(1.25)
  await key(']', 4)
  await expect.poll(rate).toBe(2)
  await expect(page.getByTestId('transport-speed')).toHaveValue('2')
  await key('[', 6)
  await expect.poll(rate).toBe(0.5)
  await key(']', 2)
  await expect.poll(rate).toBe(1)
  await page.screenshot({ path: test.info().outputPath('keys-transport-zh-CN.png') })

  // The next and previous line; the next and previous flag (lines 3, 5, 6 and 7 are flagged).
  const active = page.locator('[data-testid="segment-row"][aria-current="true"]')
  await key('ArrowDown')
  await expect(active).toHaveAttribute('data-row', '2')
  await key('ArrowUp')
  await expect(active).toHaveAttribute('data-row', '1')
  await expect(row(page, 2)).toHaveAttribute('data-flags', /cps/)
  await expect(row(page, 5)).toHaveAttribute('data-flags', /tooShort/)
  for (const [keys, flagged] of [
    ['F8', '3'],
    ['F8', '5'],
    ['Shift+F8', '3'],
  ]) {
    await key(keys)
    await expect(active).toHaveAttribute('data-row', flagged)
    await key('Escape')
  }

  // Line 2: its start at the playhead (3.22 s, frame 80: 3.200), its end a second later.
  await key('ArrowUp')
  await expect(active).toHaveAttribute('data-row', '2')
  await key('ArrowRight')
  await key('.', 6)
  await expect.poll(now).toBeCloseTo(3.22, 3)
  await key('i')
  await expect.poll(async () => (await times(page, taskId))[1]).toBe('03,200-05,000')
  await key('ArrowRight')
  await key('o')
  await expect.poll(async () => (await times(page, taskId))[1]).toBe('03,200-04,200')

  // Its edges a frame later and back: Shift for the start, Alt for the end.
  for (const [combo, expected] of [
    ['Shift+Period', '03,240-04,200'],
    ['Shift+Comma', '03,200-04,200'],
    ['Alt+Period', '03,200-04,240'],
    ['Alt+Comma', '03,200-04,200'],
  ]) {
    await key(combo)
    await expect.poll(async () => (await times(page, taskId))[1]).toBe(expected)
  }

  // Split at the playhead (3.62 s: frame 90, 3.600), the first part ending 2 frames before; then merged again.
  await key('ArrowLeft')
  await key('.', 10)
  await expect.poll(now).toBeCloseTo(3.62, 3)
  await key('s')
  await expect.poll(async () => (await times(page, taskId)).slice(1, 3)).toEqual(['03,200-03,520', '03,600-04,200'])
  const parts = (await rowsOf(page, taskId)).slice(1, 3)
  expect(parts.map((r) => r.originalText).join(' ')).toBe('We should go.')
  expect(await rowsOf(page, taskId)).toHaveLength(8)
  await expect(page.getByTestId('segment-row')).toHaveCount(8)
  await key('m')
  await expect.poll(async () => (await rowsOf(page, taskId)).length).toBe(7)
  expect((await rowsOf(page, taskId))[1]).toMatchObject({ startTime: '00:00:03,200', endTime: '00:00:04,200', originalText: parts.map((r) => r.originalText).join('\n') })
  // Undo takes back the merge, then the split: the provider's line is the provider's again.
  await key('Control+z')
  await expect.poll(async () => (await rowsOf(page, taskId)).length).toBe(8)
  await key('Control+z')
  await expect.poll(async () => (await rowsOf(page, taskId)).length).toBe(7)
  expect((await rowsOf(page, taskId))[1]).toMatchObject({ startTime: '00:00:03,200', endTime: '00:00:04,200', originalText: 'We should go.', translatedText: '[fr] We should go.', translatedBy: 'deepseek' })
  await expect(page.getByTestId('segment-row')).toHaveCount(7)

  // The reading-speed key: line 5 (39 characters in 1 s) takes the time it needs, 39 / 17 s on the next frame.
  await key('ArrowDown', 3)
  await expect(active).toHaveAttribute('data-row', '5')
  await key('d')
  await expect.poll(async () => (await times(page, taskId))[4]).toBe('09,000-11,320')
  await expect(row(page, 4)).not.toHaveAttribute('data-flags', /cps/)
  // Line 3 has no time to take: the key offers to condense it, counting as it is typed; DeepSeek
  // suggests a line within the 17 characters its second holds.
  await key('ArrowUp', 2)
  await expect(active).toHaveAttribute('data-row', '3')
  await key('d')
  await expect(page.getByTestId('condense-dialog')).toBeVisible()
  await expect(page.getByTestId('condense-count')).toHaveAttribute('data-fits', 'false')
  await page.getByTestId('condense-suggest').click()
  await expect(page.getByTestId('condense-count')).toHaveAttribute('data-fits', 'true')
  await page.screenshot({ path: test.info().outputPath('keys-condense-zh-CN.png') })
  const suggested = await page.getByTestId('condense-text').inputValue()
  expect(suggested).toMatch(/^\[fr\] Where/)
  await page.getByTestId('condense-save').click()
  await expect.poll(async () => (await rowsOf(page, taskId))[2].translatedText).toBe(suggested)
  await expect(row(page, 2)).not.toHaveAttribute('data-flags', /cps/)

  // None of them while typing: the letters, Space and the arrows go into the box.
  const box = row(page, 0).locator('[data-field="translatedText"]')
  await box.click()
  await box.press('End')
  await page.keyboard.type(' s m i o d k,.[]')
  await page.keyboard.press('ArrowLeft')
  await expect(box).toHaveValue('[fr] Hello there. s m i o d k,.[]')
  await expect.poll(async () => (await rowsOf(page, taskId))[0].translatedText).toBe('[fr] Hello there. s m i o d k,.[]')
  expect(await rowsOf(page, taskId)).toHaveLength(7)
  expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true)
  expect(await rate()).toBe(1)

  // Each transport button carries its key.
  for (const [id, keys] of [
    ['transport-play', 'Space K'],
    ['transport-frame-back', ','],
    ['transport-frame-forward', '.'],
    ['transport-back1', 'ArrowLeft'],
    ['transport-forward5', 'Shift+ArrowRight'],
    ['transport-speed', '[ ]'],
    ['transport-set-start', 'I'],
    ['transport-set-end', 'O'],
    ['transport-split', 'S'],
    ['transport-merge', 'M'],
    ['transport-reading-speed', 'D'],
  ]) {
    await expect(page.getByTestId(id)).toHaveAttribute('aria-keyshortcuts', keys)
  }

  // "Fix timing" on the whole file: line 6 (0.4 s) lengthened to 5/6 s on a frame; line 7 (8 s) is
  // left for a split, and said so with a way to it.
  await page.getByTestId('toolbar-fix-timing').click()
  await expect(page.getByTestId('fix-timing-result')).toHaveAttribute('data-changed', '1')
  await expect(page.getByTestId('fix-timing-unfixed').locator('li')).toHaveAttribute('data-row', '7')
  await expect.poll(async () => (await times(page, taskId))[5]).toBe('12,000-12,840')
  await page.getByTestId('fix-timing-goto').click()
  await expect(active).toHaveAttribute('data-row', '7')
  // Left: line 7, and line 2, which reads too fast in the second it was given above.
  await expect(page.locator('[data-flags]')).toHaveCount(2)
  await expect(row(page, 6)).toHaveAttribute('data-flags', 'tooLong')
  await expect(row(page, 1)).toHaveAttribute('data-flags', 'cps')
})

const LOCALES = [
  { prefix: '', locale: 'zh-CN', playback: '播放', timing: '时间轴', split: '在播放头处拆分', fixed: '时间轴已修正' },
  { prefix: '/en-US', locale: 'en-US', playback: 'Playback', timing: 'Timing', split: 'Split at the playhead', fixed: 'Timing fixed' },
  { prefix: '/ja-JP', locale: 'ja-JP', playback: '再生', timing: 'タイミング', split: '再生位置で分割', fixed: 'タイミングを修正しました' },
]

test('the keys\' help, the timing profile and Fix timing in zh-CN, en-US and ja-JP, light and dark', async ({ page }) => {
  test.setTimeout(300_000)
  const taskId = await inEditor(page)
  const shot = (name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`) })
  for (const { prefix, locale, playback, timing, split, fixed } of LOCALES) {
    await page.goto(`${E2E.cnUrl}${prefix}/edit/${taskId}`)
    await editorReady(page)
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme })
      // Nothing focused (a click would select a row): the keys are the editor's.
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
      await page.keyboard.press('?')
      const help = page.getByTestId('help-sheet')
      await expect(help).toBeVisible()
      await expect(help.locator('[data-group="playback"] h3')).toHaveText(playback)
      await expect(help.locator('[data-group="timing"] h3')).toHaveText(timing)
      await expect(help.locator('[data-help="split"]')).toContainText(split)
      // Every video and timing key in its own <kbd> (read once per language).
      if (scheme === 'light') for (const [name, keys] of Object.entries({ playPause: ['Space', 'K'], frame: [',', '.'], jump1: ['←', '→'], jump5: ['Shift', '←', '→'], speed: ['[', ']'], setStart: ['I'], setEnd: ['O'], split: ['S'], merge: ['M'], nudgeStart: ['Shift', ',', '.'], nudgeEnd: ['Alt', ',', '.'], move: ['↑', '↓'], nextIssue: ['F8'], prevIssue: ['Shift', 'F8'], readingSpeed: ['D'] })) {
        const kbd = help.locator(`[data-help="${name}"] kbd`)
        for (const k of keys) await expect(kbd.filter({ hasText: new RegExp(`^${k.replace(/[.[\]]/g, '\\$&')}$`) }).first(), `${locale} ${name} ${k}`).toBeVisible()
      }
      await shot(`keys-help-${locale}-${scheme}`)
      await page.keyboard.press('Escape')
      await expect(help).toBeHidden()

      // The toolbar's choice of profile, each with its numbers.
      await page.getByTestId('timing-profile').click()
      await expect(page.getByRole('option')).toHaveCount(4)
      await shot(`keys-profile-select-${locale}-${scheme}`)
      await page.keyboard.press('Escape')
      await page.getByTestId('toolbar-profile').click()
      await expect(page.getByTestId('profile-option-custom')).toHaveAttribute('aria-checked', 'true')
      await shot(`keys-profile-${locale}-${scheme}`)
      await page.keyboard.press('Escape')

      await page.getByTestId('toolbar-fix-timing').click()
      await expect(page.getByRole('dialog')).toContainText(fixed)
      await shot(`keys-fix-timing-${locale}-${scheme}`)
      await page.getByTestId('fix-timing-close').click()
      // One undo step: the file as it was for the next language.
      await page.keyboard.press('Control+z')
      await expect.poll(async () => (await times(page, taskId))[5]).toBe('12,000-12,400')
    }
  }
})
