import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { E2E } from './env'
import { DEMO, editorReady, newCreator, signIn, taskStatus } from './helpers'
import { makeSpeechVideo } from './speech-video'

// Issue 29 item 4: the screens a new user meets, at 1280x800 in the three languages. No dashboard
// section and no editor (a translated subtitle file, a recording transcribed without translation)
// scrolls sideways or lets an element stick out of its column; a transcript shows what it is; the
// recording dialog's cost panel keeps to its columns; the points page states the real prices.
// Each screen is saved as `<screen>-<locale>.png` under this spec's test-results folder for a look.

test.use({ viewport: { width: 1280, height: 800 } })

const LOCALES = [
  { locale: 'zh-CN', prefix: '' },
  { locale: 'en-US', prefix: '/en-US' },
  { locale: 'ja-JP', prefix: '/ja-JP' },
] as const

const SECTIONS = ['/dashboard', '/dashboard/glossary', '/dashboard/memory', '/dashboard/points', '/dashboard/orders']

const STAMP = Date.now().toString(36)
// A long name, as creators' files have: the table must truncate it, not widen.
const SUBTITLE_FILE = `product-launch-interview-with-the-whole-team-final-cut-v3-${STAMP}.srt`
const RECORDING_FILE = `creator-talk-${STAMP}.webm`
const pad = (n: number) => String(n).padStart(2, '0')
const SRT = Array.from({ length: 8 }, (_, i) => `${i + 1}\n00:00:${pad(i * 3)},000 --> 00:00:${pad(i * 3 + 2)},500\nLine ${i + 1} of a conversation about the launch.\n`).join('\n')

let dir: string
let recording: string

test.beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'screens-e2e-'))
  recording = path.join(dir, RECORDING_FILE)
  makeSpeechVideo(recording, { sentences: [{ text: 'Welcome to the channel.', atMs: 800 }, { text: 'Today we talk about subtitles.', atMs: 4000 }], totalMs: 8000 })
})

test.afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

type Overflow = string[]

/**
 * What scrolls or sticks out sideways: the document itself, any element inside `root` wider than
 * the root's box (unless an ancestor clips it: that ancestor is reported instead), and any element
 * whose content is wider than itself, except text cut short with an ellipsis on purpose.
 */
function sidewaysOverflow(page: Page, root: string): Promise<Overflow> {
  return page.evaluate((selector) => {
    const found: string[] = []
    const doc = document.scrollingElement!
    if (doc.scrollWidth > doc.clientWidth) found.push(`the page scrolls sideways: ${doc.scrollWidth} > ${doc.clientWidth}`)
    const container = document.querySelector(selector)
    if (!container) return [`${selector} is missing`]
    const box = container.getBoundingClientRect()
    const name = (el: Element) => {
      const id = el.getAttribute('data-testid')
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 50)
      return `<${el.tagName.toLowerCase()}${id ? ` data-testid="${id}"` : ''}> "${text}"`
    }
    const clips = (el: Element) => getComputedStyle(el).overflowX !== 'visible'
    const clippedAbove = (el: Element) => {
      for (let up = el.parentElement; up && up !== container; up = up.parentElement) if (clips(up)) return true
      return false
    }
    for (const el of container.querySelectorAll('*')) {
      const style = getComputedStyle(el)
      const rect = el.getBoundingClientRect()
      // Screen-reader-only labels are 1 px boxes; hidden elements have no box.
      if (rect.width <= 1 || rect.height <= 1 || style.visibility === 'hidden') continue
      if ((rect.right > box.right + 1 || rect.left < box.left - 1) && !clippedAbove(el)) found.push(`${name(el)} sticks out: ${Math.round(rect.left)}..${Math.round(rect.right)} outside ${Math.round(box.left)}..${Math.round(box.right)}`)
      if (el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0 && style.textOverflow !== 'ellipsis' && !(el instanceof SVGElement)) found.push(`${name(el)} overflows: ${el.scrollWidth} > ${el.clientWidth}`)
    }
    return found
  }, root)
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle')
  // Skeletons and spinners gone: the screen at its final size.
  await expect(page.locator('main [aria-busy="true"], main [role="status"] .animate-pulse')).toHaveCount(0, { timeout: 60_000 })
}

/** A translated subtitle file and a recording transcribed without translation, both completed. */
async function makeTasks(page: Page): Promise<{ subtitleId: string; transcriptId: string }> {
  const subtitleId = await page.evaluate(
    async ({ srt, name }) => {
      const form = new FormData()
      form.append('file', new File([srt], name, { type: 'application/x-subrip' }))
      // The longest language names there are, as a Filipino creator subtitling for Hong Kong meets them.
      for (const [key, value] of Object.entries({ targetLanguage: 'zh-HK', sourceLanguage: 'tl', service: 'deepseek', includeOriginalText: 'true' })) form.append(key, value)
      const json = await (await fetch('/api/tasks', { method: 'POST', body: form })).json()
      if (json.code !== 20000) throw new Error(json.msg)
      return json.data.id as string
    },
    { srt: SRT, name: SUBTITLE_FILE },
  )
  // Posted from the page (Node cannot resolve cn.localhost), as the upload dialog would send it.
  const transcriptId = await page.evaluate(
    async ({ base64, name }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
      const form = new FormData()
      form.append('sourceLanguage', 'en')
      form.append('file', new File([bytes], name, { type: 'video/webm' }))
      const json = await (await fetch('/api/tasks/transcribe', { method: 'POST', body: form })).json()
      if (json.code !== 20000) throw new Error(`${json.code} ${json.msg}`)
      return json.data.id as string
    },
    { base64: (await readFile(recording)).toString('base64'), name: RECORDING_FILE },
  )
  for (const id of [subtitleId, transcriptId]) {
    await expect.poll(() => taskStatus(page, id), { timeout: 60_000 }).toBe('completed')
  }
  return { subtitleId, transcriptId }
}

/** Every row's delete button, and download once completed, is on screen inside the table (issue 29: they were scrolled off). */
async function expectActionsInView(page: Page) {
  const table = (await page.getByTestId('task-table').boundingBox())!
  for (const button of [...(await page.getByTestId('task-delete').all()), ...(await page.getByTestId('task-download').all())]) {
    const box = (await button.boundingBox())!
    expect(box.x + box.width, await button.getAttribute('aria-label') ?? '').toBeLessThanOrEqual(table.x + table.width)
    expect(box.x + box.width).toBeLessThanOrEqual(1280)
  }
}

const TRANSCRIPT_OF: Record<string, string> = { 'zh-CN': '英语（仅转写）', 'en-US': 'English transcript', 'ja-JP': '英語（文字起こしのみ）' }

/**
 * A translation shows its pair, service and translation tools; a transcript (issue 29) its spoken
 * language, where it came from, and none of them.
 */
async function expectEditorFor(page: Page, kind: 'subtitle' | 'transcript', locale: string) {
  const header = page.locator('header').first()
  if (kind === 'subtitle') {
    await expect(header.getByTestId('editor-languages')).toContainText('→')
    await expect(header.getByTestId('service-badge')).toHaveText('DeepSeek')
    await expect(page.getByTestId('toolbar-retranslate')).toBeVisible()
    await expect(page.getByTestId('segment-retranslate').first()).toBeVisible()
    await expect(page.getByTestId('segment-review').first()).toBeVisible()
    return
  }
  await expect(header.getByTestId('editor-languages')).toHaveText(TRANSCRIPT_OF[locale])
  await expect(header.getByTestId('editor-kind')).toBeVisible()
  for (const gone of ['editor-format', 'service-badge', 'toolbar-retranslate', 'segment-retranslate', 'segment-review']) await expect(page.getByTestId(gone), gone).toHaveCount(0)
}

test('no dashboard section or editor scrolls sideways at 1280x800, in zh-CN, en-US and ja-JP', async ({ page, browser }) => {
  test.setTimeout(900_000)
  await signIn(page, await newCreator(2000))
  const { subtitleId, transcriptId } = await makeTasks(page)
  const problems: string[] = []

  for (const { locale, prefix } of LOCALES) {
    for (const section of SECTIONS) {
      await page.goto(`${prefix}${section}`)
      await settle(page)
      if (section === '/dashboard') await expect(page.getByTestId('task-row')).toHaveCount(2)
      for (const found of await sidewaysOverflow(page, 'main')) problems.push(`${locale} ${section}: ${found}`)
      if (section === '/dashboard') {
        await expectActionsInView(page)
        // A transcript's row says where it came from, not a format it was never uploaded in.
        const transcriptRow = page.getByTestId('task-row').filter({ hasText: RECORDING_FILE })
        await expect(transcriptRow.getByTestId('task-kind')).toBeVisible()
        await expect(transcriptRow.getByTestId('task-format')).toHaveCount(0)
      }
      // Issue 29: the points page stated 10 points a minute while a translated recording costs 20.
      if (section === '/dashboard/points') for (const id of ['balance-rate', 'purchase-rates']) await expect(page.getByTestId(id)).toContainText('20')
      await page.screenshot({ path: test.info().outputPath(`${section.slice(1).replace(/\//g, '-')}-${locale}.png`) })
    }
    for (const [kind, id] of [['subtitle', subtitleId], ['transcript', transcriptId]] as const) {
      await page.goto(`${prefix}/edit/${id}`)
      await editorReady(page)
      await settle(page)
      for (const found of await sidewaysOverflow(page, '[data-testid="editor"]')) problems.push(`${locale} editor (${kind}): ${found}`)
      await expectEditorFor(page, kind, locale)
      await page.screenshot({ path: test.info().outputPath(`editor-${kind}-${locale}.png`) })
    }
  }

  // User management is a manager's section.
  const manager = await browser.newPage({ viewport: { width: 1280, height: 800 } })
  await signIn(manager, DEMO.manager)
  for (const { locale, prefix } of LOCALES) {
    await manager.goto(`${prefix}/dashboard/users`)
    await settle(manager)
    for (const found of await sidewaysOverflow(manager, 'main')) problems.push(`${locale} /dashboard/users: ${found}`)
    await manager.screenshot({ path: test.info().outputPath(`dashboard-users-${locale}.png`) })
  }
  await manager.close()

  expect(problems).toEqual([])
})

const DIALOG_TEXTS = {
  'zh-CN': { target: '翻译为日语', started: `已开始转写：${RECORDING_FILE}` },
  'en-US': { target: 'Translated into Japanese', started: `Transcription started: ${RECORDING_FILE}` },
  'ja-JP': { target: '日本語に翻訳', started: `文字起こしを開始しました：${RECORDING_FILE}` },
} as const

test('the recording dialog keeps its figures in their columns, and a transcript starts with its own toast', async ({ page }) => {
  test.setTimeout(420_000)
  await signIn(page, await newCreator(500))
  for (const { locale, prefix } of LOCALES) {
    await page.goto(`${prefix}/dashboard`)
    await page.getByTestId('open-upload').first().click()
    await page.getByTestId('upload-input').setInputFiles(recording)
    await expect(page.getByTestId('recording-estimate')).toBeVisible({ timeout: 120_000 })
    // With a translation the cost is the longest figure ("20 points (1 min of sound)").
    await page.getByTestId('recording-target').click()
    await page.getByRole('option', { name: DIALOG_TEXTS[locale].target, exact: true }).click()
    await expect(page.getByTestId('recording-cost').locator('[data-points]')).toHaveAttribute('data-points', '20')
    const figures = await page.getByTestId('recording-estimate').evaluate((panel) => [...panel.querySelectorAll('dd')].map((dd) => ({ text: dd.textContent, overflow: dd.scrollWidth - dd.clientWidth })))
    // A figure wider than its column runs under the one beside it.
    for (const figure of figures) expect(figure.overflow, `${locale}: "${figure.text}" is wider than its column`).toBeLessThanOrEqual(0)
    expect(await sidewaysOverflow(page, '[role="dialog"]')).toEqual([])
    await page.getByRole('dialog').screenshot({ path: test.info().outputPath(`recording-dialog-${locale}.png`) })
    if (locale !== 'en-US') {
      await page.keyboard.press('Escape')
      await expect(page.getByRole('dialog')).toBeHidden()
      continue
    }
    // Submitted as a transcript alone: the toast says a transcription started, not a translation.
    await page.getByTestId('recording-target').click()
    await page.getByRole('option').first().click()
    await page.getByTestId('upload-submit').click()
    await expect(page.getByText(DIALOG_TEXTS[locale].started)).toBeVisible({ timeout: 30_000 })
    await page.screenshot({ path: test.info().outputPath('transcript-started-en-US.png') })
  }
})

const WECHAT = {
  'zh-CN': { lang: 'zh-CN', scan: '模拟扫码登录', nickname: '昵称' },
  'en-US': { lang: 'en', scan: 'Simulate a scan', nickname: 'Nickname' },
  'ja-JP': { lang: 'ja', scan: 'スキャンを模擬する', nickname: 'ニックネーム' },
} as const

test('the WeChat sandbox panel speaks the login page\'s language', async ({ page, context }) => {
  test.setTimeout(180_000)
  const panel = await context.newPage()
  for (const { locale, prefix } of LOCALES) {
    await page.goto(`${E2E.cnUrl}${prefix}/login`)
    const frame = page.getByTestId('wechat-sandbox-frame')
    await expect(frame).toBeVisible({ timeout: 30_000 })
    // The sandbox's QR page is another origin; it is read by its address, as the frame loads it.
    await panel.goto((await frame.getAttribute('src'))!)
    await expect(panel.getByTestId('wechat-simulate-scan')).toHaveText(WECHAT[locale].scan)
    await expect(panel.locator('html')).toHaveAttribute('lang', WECHAT[locale].lang)
    await expect(panel.locator('label')).toContainText(WECHAT[locale].nickname)
    await page.waitForTimeout(500)
    await page.getByTestId('wechat-panel').screenshot({ path: test.info().outputPath(`wechat-panel-${locale}.png`) })
  }
})
