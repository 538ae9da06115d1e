import { expect, test, type Page } from '@playwright/test'
import { E2E } from './env'
import { chooseTargetAndDeepSeek, DEMO, editorReady, newCreator, pageApi, signIn } from './helpers'

// Translation quality in the browser: a Chinese translation in the wrong script is flagged and
// converted with one click.

async function createTask(page: Page, srt: string, targetLanguage: string, extra: Record<string, string> = {}): Promise<string> {
  return page.evaluate(
    async ({ srt, targetLanguage, extra }) => {
      const form = new FormData()
      form.append('file', new File([srt], `script-${Date.now()}.srt`, { type: 'application/x-subrip' }))
      form.append('targetLanguage', targetLanguage)
      form.append('service', 'deepseek')
      form.append('sourceLanguage', 'en')
      for (const [key, value] of Object.entries(extra)) form.append(key, value)
      const json = await (await fetch('/api/tasks', { method: 'POST', body: form })).json()
      if (json.code !== 20000) throw new Error(json.msg)
      return json.data.id as string
    },
    { srt, targetLanguage, extra },
  )
}

const srtOf = (texts: string[]) => texts.map((text, i) => `${i + 1}\n00:00:0${i * 2},000 --> 00:00:0${i * 2 + 1},500\n${text}\n`).join('\n')

async function translated(page: Page, srt: string, targetLanguage: string, extra: Record<string, string> = {}) {
  const taskId = await createTask(page, srt, targetLanguage, extra)
  await expect.poll(async () => (await pageApi<Detail>(page, `/api/tasks/${taskId}`)).status, { timeout: 30_000 }).toBe('completed')
  return taskId
}

type Detail = { status: string; segments: { id: number; translatedText: string | null; translatedBy: string | null }[] }

test('a Simplified line of a zh-HK task is flagged and converted to Traditional', async ({ page }) => {
  await signIn(page, DEMO.user)
  const taskId = await createTask(page, '1\n00:00:01,000 --> 00:00:04,000\nMy hair is a mess.\n\n2\n00:00:05,000 --> 00:00:08,000\nHello.\n', 'zh-HK')
  await expect.poll(async () => (await pageApi<Detail>(page, `/api/tasks/${taskId}`)).status, { timeout: 30_000 }).toBe('completed')
  // As a provider that answers in Simplified would have written it.
  await pageApi(page, `/api/tasks/${taskId}/segments/1`, { method: 'PATCH', body: { translatedText: '我的头发乱了。' } })
  await pageApi(page, `/api/tasks/${taskId}/segments/2`, { method: 'PATCH', body: { translatedText: '你好。' } })

  await page.goto(`/edit/${taskId}`)
  await editorReady(page)
  const first = page.getByTestId('segment-row').nth(0)
  await expect(first.locator('[data-flag="script"]')).toBeVisible()
  await expect(page.getByTestId('segment-row').nth(1).locator('[data-flag="script"]')).toHaveCount(0)
  await first.getByTestId('segment-convert-script').click()

  await expect(first.locator('[data-field="translatedText"]')).toHaveValue('我的頭髮亂了。')
  await expect(first.locator('[data-flag="script"]')).toHaveCount(0)
  await expect.poll(async () => (await pageApi<Detail>(page, `/api/tasks/${taskId}`)).segments[0].translatedText).toBe('我的頭髮亂了。')
})

test('the translation memory: the upload dialog counts what it covers, the dashboard lists and edits it', async ({ page }, info) => {
  // Two translations, three languages and two upload dialogs: more than the default 45 s on two busy cores.
  test.setTimeout(120_000)
  const creator = await newCreator(1000)
  await signIn(page, creator)
  const texts = ['Where did the ferry go?', 'It left without us.', 'Then we wait for the morning.', 'Kenji knows the harbour master.']
  await translated(page, srtOf(texts), 'zh-CN')

  // The same file again: the dialog says the memory covers all four lines.
  await page.goto('/dashboard')
  await page.getByTestId('open-upload').first().click()
  await page.getByTestId('upload-input').setInputFiles({ name: 'episode-2.srt', mimeType: 'text/plain', buffer: Buffer.from(srtOf(texts)) })
  await expect(page.getByTestId('estimate-segments')).toHaveText('4')
  await chooseTargetAndDeepSeek(page, '简体中文')
  await expect(page.getByTestId('upload-memory-covered')).toHaveAttribute('data-count', '4')
  await expect(page.getByTestId('upload-use-memory')).toBeChecked()
  await page.screenshot({ path: info.outputPath('upload-memory-review.png') })
  await page.keyboard.press('Escape')

  // The dashboard's view: one language pair, its lines, an edit that becomes the user's own.
  await page.goto('/dashboard/memory')
  await expect(page.getByTestId('memory-row')).toHaveCount(4)
  await page.getByTestId('memory-search').fill('Kenji')
  await expect(page.getByTestId('memory-row')).toHaveCount(1)
  await page.getByTestId('memory-edit').click()
  await page.getByTestId('memory-target').fill('健二认识港务长。')
  await page.getByTestId('memory-save').click()
  await expect(page.getByTestId('memory-row')).toContainText('健二认识港务长。')
  await page.getByTestId('memory-search').fill('')
  await expect(page.getByTestId('memory-row')).toHaveCount(4)
  await page.screenshot({ path: info.outputPath('memory-view.png'), fullPage: true })

  // The same screens in English and Japanese, for a look by eye.
  await signIn(page, { ...creator, baseUrl: E2E.intlUrl })
  await page.goto(`${E2E.intlUrl}/dashboard/memory`)
  await expect(page.getByTestId('memory-row')).toHaveCount(4)
  await page.screenshot({ path: info.outputPath('memory-view-en.png'), fullPage: true })
  await page.goto(`${E2E.intlUrl}/dashboard`)
  await page.getByTestId('open-upload').first().click()
  await page.getByTestId('upload-input').setInputFiles({ name: 'episode-2.srt', mimeType: 'text/plain', buffer: Buffer.from(srtOf(texts)) })
  await page.getByTestId('upload-target').click()
  await page.getByRole('option', { name: 'Chinese (Simplified)', exact: true }).click()
  await expect(page.getByTestId('upload-memory-covered')).toHaveAttribute('data-count', '4')
  await page.getByTestId('upload-use-memory').scrollIntoViewIfNeeded()
  await page.screenshot({ path: info.outputPath('upload-memory-review-en.png') })
  await page.keyboard.press('Escape')
  await page.goto(`${E2E.intlUrl}/ja-JP/dashboard/memory`)
  await expect(page.getByTestId('memory-row')).toHaveCount(4)
  await page.screenshot({ path: info.outputPath('memory-view-ja.png'), fullPage: true })

  // A task of the same lines now takes the edit from the memory.
  const again = await translated(page, srtOf(texts), 'zh-CN')
  const segments = (await pageApi<Detail>(page, `/api/tasks/${again}`)).segments
  expect(segments.map((s) => s.translatedBy)).toEqual(['memory', 'memory', 'memory', 'memory'])
  expect(segments[3].translatedText).toBe('健二认识港务长。')
})

test('"Fix line breaks" breaks a long line for Japanese, as one undoable step', async ({ page }) => {
  const creator = await newCreator(1000)
  await signIn(page, creator)
  const taskId = await translated(page, srtOf(['Where did the ferry go?', 'It left at noon.', 'We wait.']), 'ja')
  // A long Japanese line on one line, as a provider may write it.
  await pageApi(page, `/api/tasks/${taskId}/segments/1`, { method: 'PATCH', body: { translatedText: '私はそのことについてまったく知りませんでした' } })
  await page.goto(`/edit/${taskId}`)
  await editorReady(page)
  const rows = page.getByTestId('segment-row')
  const box = (index: number) => rows.nth(index).locator('[data-field="translatedText"]')

  await rows.nth(0).click({ position: { x: 10, y: 10 } })
  await page.getByTestId('toolbar-reflow').click()
  await expect(box(0)).toHaveValue('私はそのことについて\nまったく知りませんでした')

  await expect.poll(async () => (await pageApi<Detail>(page, `/api/tasks/${taskId}`)).segments[0].translatedText).toBe('私はそのことについて\nまったく知りませんでした')
  await page.getByTestId('toolbar-undo').click()
  await expect(box(0)).toHaveValue('私はそのことについてまったく知りませんでした')
})
