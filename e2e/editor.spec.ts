import { readFile } from 'node:fs/promises'
import { expect, test, type Page } from '@playwright/test'
import { DEMO, editorReady, pageApi, postTranslation, recordTestVideo, signIn } from './helpers'

// The editor's tools end to end on the China host (zh-CN) against the sandbox DeepSeek fake, which
// answers "[fr] <original>": video preview, quality flags, find and replace with undo, retranslating
// a selection, timing shifts in the export, and edits made while the task is still translating.

type Cue = { start: number; end: number; text: string }

const pad = (n: number, size = 2) => String(n).padStart(size, '0')
const stamp = (ms: number) => `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)},${pad(ms % 1000, 3)}`
const srtOf = (cues: Cue[]) => cues.map((c, i) => `${i + 1}\n${stamp(c.start)} --> ${stamp(c.end)}\n${c.text}\n`).join('\n')

// One-second cues back to back, short enough to pass every quality check in French.
const TEXTS = ['Hi Anna.', 'Anna runs.', 'Go, Anna!', 'Bye.', 'Yes.', 'No.', 'Maybe.', 'Okay.']
const CUES: Cue[] = TEXTS.map((text, i) => ({ start: i * 1000, end: i * 1000 + 1000, text }))

type ServerSegment = { id: number; startTime: string; endTime: string; originalText: string; translatedText: string | null }

/** Creates a task through the API (as the signed-in user) and answers its id. */
const createTask = (page: Page, cues: Cue[], name = `editor-${Date.now()}.srt`, batchSize?: number) => postTranslation(page, { srt: srtOf(cues), fileName: name, batchSize })

const segments = (page: Page, taskId: string) => pageApi<{ status: string; segments: ServerSegment[] }>(page, `/api/tasks/${taskId}`)

async function openCompleted(page: Page, cues: Cue[] = CUES) {
  await signIn(page, DEMO.user)
  const taskId = await createTask(page, cues)
  await expect.poll(async () => (await segments(page, taskId)).status, { timeout: 30_000 }).toBe('completed')
  await page.goto(`/edit/${taskId}`)
  await expect(page.getByTestId('segment-row')).toHaveCount(cues.length)
  await editorReady(page)
  return taskId
}

const row = (page: Page, index: number) => page.getByTestId('segment-row').nth(index)
const translationBox = (page: Page, index: number) => row(page, index).locator('[data-field="translatedText"]')
const waitUntilSaved = (page: Page) => expect(page.getByTestId('save-summary')).toHaveAttribute('data-pending', '0')

test('video preview: a row\'s time seeks the video, playback moves the current row', async ({ page }) => {
  test.setTimeout(90_000)
  await openCompleted(page)
  const webm = await recordTestVideo(page)
  await page.getByTestId('toolbar-video').click()
  await expect(page.getByTestId('video-pane')).toBeVisible()
  await page.getByTestId('video-input').setInputFiles({ name: 'clip.webm', mimeType: 'video/webm', buffer: webm })
  const video = page.getByTestId('video')
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThan(0)

  // Clicking the time of segment 3 (00:00:02) moves the video there and shows its subtitle.
  await row(page, 2).getByTestId('segment-seek').click()
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeCloseTo(2, 1)
  await expect(page.getByTestId('video-overlay')).toHaveText('[fr] Go, Anna!')
  await expect(page.locator('[data-playing]')).toHaveAttribute('data-row', '3')

  // The overlay follows typing at once, before anything is saved.
  await translationBox(page, 2).fill('Vas-y, Anna !')
  await expect(page.getByTestId('video-overlay')).toHaveText('Vas-y, Anna !')

  // Space on a row (not in a text box) plays; the current row follows the picture.
  await page.keyboard.press('Escape')
  await page.keyboard.press(' ')
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused)).toBe(true)
  // Past row 3 (a loaded machine may show row 5 before a look catches row 4).
  await expect.poll(async () => Number(await page.locator('[data-playing]').getAttribute('data-row')), { timeout: 5000 }).toBeGreaterThan(3)
  await page.keyboard.press(' ')
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true)

  // Both texts of the row it stopped on on the picture (row 4, or a later one on a loaded machine), then the pane hides.
  await page.getByTestId('overlay-both').click()
  const bothTexts = async () => {
    const text = TEXTS[Number(await page.locator('[data-playing]').getAttribute('data-row')) - 1]
    return (await page.getByTestId('video-overlay').textContent()) === `${text}[fr] ${text}`
  }
  await expect.poll(bothTexts).toBe(true)
  await page.getByTestId('video-hide').click()
  await expect(page.getByTestId('video-pane')).toBeHidden()
})

// The same lines 200 ms apart: no cue is flagged for its gap (French reads on Netflix timing: 2 frames at least).
const SPACED: Cue[] = TEXTS.map((text, i) => ({ start: i * 1200, end: i * 1200 + 1000, text }))

test('quality flags: a translation read too fast is flagged and counted as it is typed', async ({ page }) => {
  await openCompleted(page, SPACED)
  const count = page.getByTestId('flag-count')
  const before = Number(await count.getAttribute('data-count'))
  await expect(row(page, 3)).not.toHaveAttribute('data-flags', /cps/)
  await translationBox(page, 3).fill('Au revoir, et merci pour tout ce que tu as fait pour nous.')
  await expect(row(page, 3)).toHaveAttribute('data-flags', /cps/)
  await expect(row(page, 3).getByTestId('row-flags')).toContainText('语速过快')
  await expect(count).toHaveAttribute('data-count', String(before + 1))

  // The custom profile's numbers are the user's (French starts from its own rules): a faster reading
  // speed clears the flag, and it stays after a reload.
  await page.getByTestId('toolbar-profile').click()
  await expect(page.getByTestId('profile-option-custom')).toHaveAttribute('aria-checked', 'true')
  await expect(page.getByTestId('profile-maxCps')).toHaveValue('17')
  await page.getByTestId('profile-maxCps').fill('60')
  await page.getByTestId('profile-save').click()
  await expect(row(page, 3)).not.toHaveAttribute('data-flags', /cps/)
  await waitUntilSaved(page)
  await page.reload()
  await editorReady(page)
  await expect(translationBox(page, 3)).toHaveValue('Au revoir, et merci pour tout ce que tu as fait pour nous.')
  await expect(row(page, 3)).not.toHaveAttribute('data-flags', /cps/)
  await page.getByTestId('toolbar-profile').click()
  await expect(page.getByTestId('profile-maxCps')).toHaveValue('60')
  await page.getByTestId('profile-reset').click()
  await page.getByTestId('profile-save').click()
  await expect(row(page, 3)).toHaveAttribute('data-flags', /cps/)
  await expect(count).toHaveAttribute('data-count', String(before + 1))

  // "Flagged only" shows just that row; F8 jumps to it from anywhere.
  await page.getByTestId('toolbar-flagged').click()
  await expect(page.getByTestId('segment-row')).toHaveCount(before + 1)
  await page.getByTestId('toolbar-flagged').click()
  await translationBox(page, 0).click()
  await page.keyboard.press('F8')
  await expect(translationBox(page, 3)).toBeFocused()
})

test('replace all is one request and one undo step, and the server follows undo and redo', async ({ page }) => {
  const taskId = await openCompleted(page)
  const original = (await segments(page, taskId)).segments.map((s) => s.translatedText)
  const bulkWrites: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'PATCH' && /\/api\/tasks\/[^/]+\/segments$/.test(request.url())) bulkWrites.push(request.postData() ?? '')
  })

  await page.getByTestId('segment-list').click({ position: { x: 5, y: 5 } })
  await page.keyboard.press('Control+f')
  await expect(page.getByTestId('find-query')).toBeFocused()
  await page.keyboard.type('anna')
  await page.getByTestId('find-word').click()
  await expect(page.getByTestId('find-count')).toHaveText('第 1 个，共 3 个')
  await expect(page.getByTestId('find-current')).toHaveCount(1)
  await page.getByTestId('find-next').click()
  await expect(page.getByTestId('find-count')).toHaveText('第 2 个，共 3 个')
  await page.keyboard.press('Control+h')
  await expect(page.getByTestId('find-replacement')).toBeFocused()
  await page.keyboard.type('Hanna')
  await page.getByTestId('replace-all').click()

  await expect.poll(async () => (await segments(page, taskId)).segments.map((s) => s.translatedText)).toEqual(original.map((t) => t?.replace(/\bAnna\b/g, 'Hanna') ?? null))
  expect(bulkWrites).toHaveLength(1)
  await expect(translationBox(page, 1)).toHaveValue('[fr] Hanna runs.')

  // Undo puts every row back on the server in one more request; redo does it again.
  await page.keyboard.press('Escape')
  await page.keyboard.press('Control+z')
  await expect.poll(async () => (await segments(page, taskId)).segments.map((s) => s.translatedText)).toEqual(original)
  await expect(translationBox(page, 1)).toHaveValue('[fr] Anna runs.')
  expect(bulkWrites).toHaveLength(2)
  await page.keyboard.press('Control+Shift+z')
  await expect.poll(async () => (await segments(page, taskId)).segments[0].translatedText).toBe('[fr] Hi Hanna.')
})

test('undoing replace all gives the rows back to the provider, in the editor, on the server and in the memory', async ({ page }) => {
  // Lines of this run only, so the demo user's memory holds nothing else for them.
  const run = Date.now().toString(36)
  // Two seconds each, so the fake's "[fr] …" lines fit their time and stay as translated.
  const cues = [`Hi Zora ${run}.`, `Zora runs ${run}.`, `Bye ${run}.`].map((text, i) => ({ start: i * 2000, end: i * 2000 + 2000, text }))
  const taskId = await openCompleted(page, cues)
  type Row = { id: number; translatedText: string; translatedBy: string }
  const origins = async () => ((await pageApi<{ segments: Row[] }>(page, `/api/tasks/${taskId}`)).segments).map((s) => s.translatedBy)
  const remembered = async () =>
    Object.fromEntries((await pageApi<{ list: { sourceText: string; targetText: string; origin: string }[] }>(page, `/api/memory?q=${encodeURIComponent(run)}&size=100`)).list.map((e) => [e.sourceText, `${e.origin}: ${e.targetText}`]))
  expect(await origins()).toEqual(['deepseek', 'deepseek', 'deepseek'])

  await page.getByTestId('segment-list').click({ position: { x: 5, y: 5 } })
  await page.keyboard.press('Control+f')
  await page.getByTestId('find-query').fill('Zora')
  await page.keyboard.press('Control+h')
  await page.getByTestId('find-replacement').fill('Nora')
  await page.getByTestId('replace-all').click()
  await expect(translationBox(page, 1)).toHaveValue(`[fr] Nora runs ${run}.`)
  await expect.poll(origins).toEqual(['edited', 'edited', 'deepseek'])
  await expect(row(page, 0).getByTestId('translated-by')).toHaveAttribute('data-by', 'edited')
  await expect.poll(remembered).toMatchObject({ [`Zora runs ${run}.`]: `edited: [fr] Nora runs ${run}.` })

  // Undo: the provider's lines, the provider's again, and the memory no longer calls them the creator's.
  await page.keyboard.press('Escape')
  await page.keyboard.press('Control+z')
  await expect(translationBox(page, 1)).toHaveValue(`[fr] Zora runs ${run}.`)
  await expect.poll(origins).toEqual(['deepseek', 'deepseek', 'deepseek'])
  await expect(row(page, 0).getByTestId('translated-by')).toHaveAttribute('data-by', 'deepseek')
  await expect(row(page, 1).getByTestId('translated-by')).toHaveAttribute('data-by', 'deepseek')
  await expect.poll(remembered).toMatchObject({ [`Hi Zora ${run}.`]: `machine: [fr] Hi Zora ${run}.`, [`Zora runs ${run}.`]: `machine: [fr] Zora runs ${run}.` })

  // Redo: the person's replacement again.
  await page.keyboard.press('Control+Shift+z')
  await expect.poll(origins).toEqual(['edited', 'edited', 'deepseek'])
  await expect(row(page, 1).getByTestId('translated-by')).toHaveAttribute('data-by', 'edited')
  await expect.poll(remembered).toMatchObject({ [`Zora runs ${run}.`]: `edited: [fr] Nora runs ${run}.` })
})

test('three selected rows are retranslated in one request', async ({ page }) => {
  const taskId = await openCompleted(page)
  await pageApi(page, `/api/tasks/${taskId}/segments`, { method: 'PATCH', body: { segments: [2, 3, 4, 6].map((id) => ({ id, translatedText: `à la main ${id}` })) } })
  await page.reload()
  await editorReady(page)
  await expect(translationBox(page, 1)).toHaveValue('à la main 2')

  const calls: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/retranslate')) calls.push(request.url())
  })
  await row(page, 1).click({ position: { x: 10, y: 10 } })
  await row(page, 3).click({ position: { x: 10, y: 10 }, modifiers: ['Shift'] })
  await expect(page.getByTestId('selection-count')).toContainText('3')
  await page.getByTestId('toolbar-retranslate').click()
  await expect(translationBox(page, 1)).toHaveValue('[fr] Anna runs.')
  await expect(translationBox(page, 2)).toHaveValue('[fr] Go, Anna!')
  await expect(translationBox(page, 3)).toHaveValue('[fr] Bye.')
  await expect(translationBox(page, 5)).toHaveValue('à la main 6')
  expect(calls).toEqual([expect.stringMatching(/\/segments\/retranslate$/)])
})

test('shifting every cue by +500 ms is saved, exported and undone', async ({ page }) => {
  const taskId = await openCompleted(page)
  await page.getByTestId('toolbar-shift').click()
  await page.getByTestId('shift-amount').fill('500')
  await page.getByTestId('shift-later').check()
  await page.getByTestId('shift-all').check()
  await page.getByTestId('shift-apply').click()
  await expect(page.getByTestId('shift-form')).toBeHidden()

  await page.getByTestId('export-menu').click()
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-srt-translated').click()])
  const exported = await readFile(await download.path(), 'utf8')
  const times = [...exported.matchAll(/(\S+) --> (\S+)/g)].map((m) => [m[1], m[2]])
  expect(times).toEqual(CUES.map((c) => [stamp(c.start + 500), stamp(c.end + 500)]))

  // The shift is one undo step: Ctrl+Z puts every time back on the server.
  await page.getByTestId('segment-list').click({ position: { x: 5, y: 5 } })
  await page.keyboard.press('Escape')
  await page.keyboard.press('Control+z')
  await expect.poll(async () => (await segments(page, taskId)).segments.map((s) => [s.startTime, s.endTime])).toEqual(CUES.map((c) => [stamp(c.start), stamp(c.end)]))
})

test('a row edited while the task translates keeps the edit after completion', async ({ page }) => {
  test.setTimeout(90_000)
  await signIn(page, DEMO.user)
  // Batches of 10 (the batch-size override): the second batch (cues 11-20) is refused three times
  // with a rate limit, so the task stays translating for several seconds after the first arrived.
  const cues: Cue[] = Array.from({ length: 20 }, (_, i) => ({ start: i * 2000, end: i * 2000 + 1500, text: i === 14 ? 'Wait [[fault:429*3]]' : `Line ${i + 1}.` }))
  const taskId = await createTask(page, cues, undefined, 10)
  await page.goto(`/edit/${taskId}`)
  await editorReady(page)
  await expect(page.getByTestId('editor')).toHaveAttribute('data-status', 'translating')
  await expect(translationBox(page, 0)).toHaveValue('[fr] Line 1.')
  await expect(page.getByTestId('editor')).toHaveAttribute('data-status', 'translating')
  // Timings cannot be shifted until the translation ends (the server refuses it too).
  await expect(page.getByTestId('toolbar-shift')).toBeDisabled()
  await translationBox(page, 0).fill('Ligne un, corrigée à la main.')
  await translationBox(page, 0).press('Tab')
  await waitUntilSaved(page)

  await expect(page.getByTestId('editor')).toHaveAttribute('data-status', 'completed', { timeout: 45_000 })
  await expect(page.getByTestId('toolbar-shift')).toBeEnabled()
  const done = await segments(page, taskId)
  expect(done.segments[0].translatedText).toBe('Ligne un, corrigée à la main.')
  expect(done.segments[14].translatedText).toContain('Wait')
  await page.reload()
  await editorReady(page)
  await expect(translationBox(page, 0)).toHaveValue('Ligne un, corrigée à la main.')
})

test('the help sheet lists the shortcuts, opened with ?', async ({ page }) => {
  await openCompleted(page)
  await page.getByTestId('segment-list').click({ position: { x: 5, y: 5 } })
  await page.keyboard.press('Escape')
  await page.keyboard.press('?')
  await expect(page.getByTestId('help-sheet')).toContainText('撤销')
  await expect(page.getByTestId('help-sheet')).toContainText('F8')
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('help-sheet')).toBeHidden()
})

test('the editor page arrives with its task and first rows rendered on the server, and hydrates cleanly', async ({ page }) => {
  const errors: string[] = []
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()))
  const taskId = await openCompleted(page)
  // The raw HTML, as fetched with the session cookie, before any script runs: the rows are there.
  const html = await page.evaluate(async (path) => (await fetch(path)).text(), `/edit/${taskId}`)
  expect(html).toContain('data-testid="segment-row"')
  expect(html).toContain(CUES[0].text)
  expect(html).toContain(`[fr] ${CUES[0].text}`)
  // Read-only until React runs, so nothing typed before then is lost; editable once it has.
  const boxes = html.match(/<textarea[^>]*>/g) ?? []
  expect(boxes.length).toBeGreaterThan(0)
  expect(boxes.filter((box) => !/readonly/i.test(box))).toEqual([])
  await expect(translationBox(page, 0)).toBeEditable()
  expect(errors.filter((e) => /hydrat/i.test(e))).toEqual([])
})

test('an edit typed just before leaving the editor is saved: by a link inside the app, and by the tab going elsewhere', async ({ page }) => {
  const taskId = await openCompleted(page)
  const saved = async () => (await segments(page, taskId)).segments.map((s) => s.translatedText)
  // Typed, then at once (well inside the typing pause that would save it) back to the dashboard.
  await translationBox(page, 0).fill('Salut Anna, à tout de suite.')
  await page.getByTestId('editor-back').click()
  await expect(page).toHaveURL(/\/dashboard/)
  await expect.poll(async () => (await saved())[0], { timeout: 10_000 }).toBe('Salut Anna, à tout de suite.')
  await page.goto(`/edit/${taskId}`)
  await editorReady(page)
  await expect(translationBox(page, 0)).toHaveValue('Salut Anna, à tout de suite.')

  // Typed, then the tab loads another page (pagehide): the save is sent with keepalive.
  page.on('dialog', (dialog) => void dialog.accept())
  await translationBox(page, 1).fill('Anna court vite.')
  await page.goto('/dashboard')
  await expect.poll(async () => (await saved())[1], { timeout: 10_000 }).toBe('Anna court vite.')
  await page.goto(`/edit/${taskId}`)
  await editorReady(page)
  await expect(translationBox(page, 1)).toHaveValue('Anna court vite.')
})
