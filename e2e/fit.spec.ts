import { expect, test, type Page } from '@playwright/test'
import { E2E } from './env'
import { editorReady, newCreator, pageApi, signIn } from './helpers'

// Translations that fit their time (issue 30) in the browser, against the sandbox DeepSeek fake:
// a German line too long for its cue comes back shortened with its first version one click away,
// a stubborn one is flagged still too long, and a Google task's long line is flagged, in three languages.

const LINES = [
  { text: 'Hello.', ms: 2000 },
  { text: 'Well, I think we should all go home now, before the storm comes.', ms: 2500 },
  { text: 'You know, I honestly cannot remember the last time anybody here was on time. [[condense:stubborn]]', ms: 2000 },
  { text: 'Then we walk.', ms: 2000 },
]
const time = (ms: number) => `00:00:${String(Math.floor(ms / 1000)).padStart(2, '0')},${String(ms % 1000).padStart(3, '0')}`
const SRT = LINES.map((line, i) => `${i + 1}\n${time(i * 6000)} --> ${time(i * 6000 + line.ms)}\n${line.text}\n`).join('\n')

type Detail = { status: string; segments: { id: number; translatedText: string; translatedBy: string; firstTranslation: string | null; fit?: string | null }[] }

async function translated(page: Page, service: string): Promise<string> {
  const taskId = await page.evaluate(
    async ({ srt, service }) => {
      const form = new FormData()
      form.append('file', new File([srt], `storm-${Date.now()}.srt`, { type: 'application/x-subrip' }))
      for (const [key, value] of Object.entries({ targetLanguage: 'de', sourceLanguage: 'en', service, useMemory: 'false' })) form.append(key, value)
      const json = await (await fetch('/api/tasks', { method: 'POST', body: form })).json()
      if (json.code !== 20000) throw new Error(json.msg)
      return json.data.id as string
    },
    { srt: SRT, service },
  )
  await expect.poll(async () => (await pageApi<Detail>(page, `/api/tasks/${taskId}`)).status, { timeout: 30_000 }).toBe('completed')
  return taskId
}

const row = (page: Page, id: number) => page.locator(`[data-testid="segment-row"][data-row="${id}"]`)
const box = (page: Page, id: number) => row(page, id).locator('[data-field="translatedText"]')

test('a line too long for its cue is shortened, its first version one click away; a stubborn one is flagged; in three languages', async ({ page }) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 1280, height: 800 })
  await signIn(page, await newCreator(100))
  const taskId = await translated(page, 'deepseek')
  const first = `[de] ${LINES[1].text}`

  for (const [prefix, locale, badge, firstVersion, stillLong] of [
    ['', 'zh-CN', '已缩短', '初译', '缩短后仍超出显示时长'],
    ['/en-US', 'en-US', 'Shortened', 'First version', 'Still too long after shortening'],
    ['/ja-JP', 'ja-JP', '短縮済み', '最初の訳', '短縮後も表示時間に収まりません'],
  ] as const) {
    await page.goto(`${E2E.cnUrl}${prefix}/edit/${taskId}`)
    await editorReady(page)
    await expect(box(page, 1)).toHaveValue('[de] Hello.')
    await expect(row(page, 1).getByTestId('reviewed-badge')).toHaveCount(0)
    await expect(box(page, 2)).toHaveValue('[de] I think we should all go home.')
    await expect(row(page, 2).getByTestId('reviewed-badge')).toHaveText(badge)
    await expect(row(page, 2).getByTestId('fit-flag')).toHaveCount(0)
    await expect(row(page, 3).getByTestId('fit-flag')).toHaveText(new RegExp(stillLong))
    await expect(row(page, 3).getByTestId('reviewed-badge')).toHaveText(badge)

    await row(page, 2).getByTestId('reviewed-badge').click()
    await expect(row(page, 2).getByTestId('first-version')).toContainText(firstVersion)
    await expect(row(page, 2).getByTestId('first-version-text')).toHaveText(first)
    await page.screenshot({ path: test.info().outputPath(`editor-fit-${locale}.png`) })
  }

  // One click puts the first version back, saved as the person's edit.
  await row(page, 2).getByTestId('restore-first').click()
  await expect(box(page, 2)).toHaveValue(first)
  await expect.poll(async () => (await pageApi<Detail>(page, `/api/tasks/${taskId}`)).segments[1]).toMatchObject({ translatedText: first, translatedBy: 'edited', fit: 'shortened' })
})

test('a Google line too long for its cue is flagged, not shortened', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await signIn(page, await newCreator(100))
  const taskId = await translated(page, 'google')
  const segments = (await pageApi<Detail>(page, `/api/tasks/${taskId}`)).segments
  expect(segments[1]).toMatchObject({ translatedText: `[de] ${LINES[1].text}`, firstTranslation: null, fit: 'over' })
  await page.goto(`${E2E.cnUrl}/en-US/edit/${taskId}`)
  await editorReady(page)
  await expect(row(page, 2).getByTestId('fit-flag')).toHaveText(/Too long for its time/)
  await expect(row(page, 2).getByTestId('fit-flag')).toHaveAttribute('data-fit', 'over')
  await expect(page.getByTestId('reviewed-badge')).toHaveCount(0)
  // Shortened by hand to fit, the line loses its flag.
  await box(page, 2).fill('[de] Lass uns heimgehen.')
  await expect(row(page, 2).getByTestId('fit-flag')).toHaveCount(0)
  await page.screenshot({ path: test.info().outputPath('editor-fit-google-en-US.png') })
})
