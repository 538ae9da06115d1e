import { expect, test, type Page } from '@playwright/test'
import { E2E } from './env'
import { chooseTargetAndDeepSeek, editorReady, newCreator, pageApi, signIn } from './helpers'

// The review pass end to end against the sandbox DeepSeek fake, which corrects the lines marked
// [[review:fix]] in a review request (their translation + " (reviewed)"), into French with cues of
// 5 s, long enough for every line (none is shortened to fit its time): chosen in the upload
// dialog (priced with the file), the corrected rows' "reviewed" badge with the first version one
// click away in the three languages, putting the first version back, and "review this segment".

const FIX = '[[review:fix]]'
const TEXTS = ['Hi Anna.', `Anna runs. ${FIX}`, 'Go, Anna!', 'Bye.', `Yes. ${FIX}`, 'No.']
const pad = (n: number) => String(n).padStart(2, '0')
const SRT = TEXTS.map((text, i) => `${i + 1}\n00:00:${pad(i * 5)},000 --> 00:00:${pad(i * 5 + 5)},000\n${text}\n`).join('\n')

const balance = async (page: Page) => (await pageApi<{ point: number }>(page, '/api/user/get_point', { method: 'POST' })).point
const row = (page: Page, id: number) => page.locator(`[data-testid="segment-row"][data-row="${id}"]`)

async function upload(page: Page, name: string, { review }: { review: boolean }) {
  await page.getByTestId('open-upload').first().click()
  await page.getByTestId('upload-input').setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from(SRT) })
  await expect(page.getByTestId('estimate-segments')).toBeVisible()
  await chooseTargetAndDeepSeek(page, '法语')
  if (review) {
    // 30 s of subtitles: 10 points to translate, 5 to review.
    await expect(page.getByTestId('upload-review-label')).toContainText('+5 积分')
    await page.getByTestId('upload-review').check()
    await expect(page.getByTestId('upload-review-total')).toHaveAttribute('data-points', '15')
    await page.getByTestId('upload-dialog').screenshot({ path: test.info().outputPath('upload-review-zh-CN.png') })
  }
  await page.getByTestId('upload-submit').click()
  await expect(page.getByTestId('upload-dialog')).toBeHidden({ timeout: 15_000 })
  const taskRow = page.getByTestId('task-row').filter({ hasText: name })
  await expect(taskRow.getByTestId('task-status')).toHaveAttribute('data-status', 'completed', { timeout: 45_000 })
  const tasks = await pageApi<{ list: { id: string; fileName: string }[] }>(page, '/api/tasks?page=1&size=10')
  return tasks.list.find((task) => task.fileName === name)!.id
}

test('the review pass from the upload dialog: two rows reviewed, the first version one click away, in three languages', async ({ page }) => {
  // A translation and the editor in three languages: more than the default 45 s on two busy cores.
  test.setTimeout(120_000)
  await signIn(page, await newCreator(100))
  const taskId = await upload(page, `review-${Date.now()}.srt`, { review: true })
  expect(await balance(page)).toBe(85)

  for (const [prefix, locale, badge, first, note] of [
    ['', 'zh-CN', '已校对', '初译', 'DeepSeek 已校对全部字幕行'],
    ['/en-US', 'en-US', 'Reviewed', 'First version', 'DeepSeek reviewed every line'],
    ['/ja-JP', 'ja-JP', '見直し済み', '最初の訳', 'DeepSeek がすべての行を見直しました'],
  ] as const) {
    await page.goto(`${E2E.cnUrl}${prefix}/edit/${taskId}`)
    await expect(page.getByTestId('segment-row')).toHaveCount(TEXTS.length)
    await editorReady(page)
    // The task says what became of its review pass: done here, nothing refunded.
    await expect(page.getByTestId('review-pass-note')).toHaveAttribute('data-outcome', 'reviewed')
    await expect(page.getByTestId('review-pass-note')).toContainText(note)
    await expect(page.getByTestId('reviewed-badge')).toHaveCount(2)
    await expect(row(page, 2).getByTestId('reviewed-badge')).toHaveText(badge)
    await expect(row(page, 5).getByTestId('reviewed-badge')).toBeVisible()
    await expect(row(page, 2).locator('[data-field="translatedText"]')).toHaveValue(`[fr] ${TEXTS[1]} (reviewed)`)
    await expect(row(page, 1).locator('[data-field="translatedText"]')).toHaveValue(`[fr] ${TEXTS[0]}`)

    await row(page, 2).getByTestId('reviewed-badge').click()
    await expect(row(page, 2).getByTestId('first-version')).toContainText(first)
    await expect(row(page, 2).getByTestId('first-version-text')).toHaveText(`[fr] ${TEXTS[1]}`)
    await row(page, 2).screenshot({ path: test.info().outputPath(`reviewed-row-${locale}.png`) })
  }

  // One more click puts the first version back, saved as the person's edit; the badge stays.
  await row(page, 2).getByTestId('restore-first').click()
  await expect(row(page, 2).locator('[data-field="translatedText"]')).toHaveValue(`[fr] ${TEXTS[1]}`)
  await expect.poll(async () => (await pageApi<{ segments: { id: number; translatedText: string; translatedBy: string }[] }>(page, `/api/tasks/${taskId}`)).segments[1]).toMatchObject({
    translatedText: `[fr] ${TEXTS[1]}`,
    translatedBy: 'edited',
  })
  await expect(row(page, 2).getByTestId('restore-first')).toHaveCount(0)
  // Charged once: 10 for the translation, 5 for the review.
  expect(await balance(page)).toBe(85)
})

test('review this segment: a task without the review pass, one row reviewed from the editor, free', async ({ page }) => {
  await signIn(page, await newCreator(100))
  const taskId = await upload(page, `review-one-${Date.now()}.srt`, { review: false })
  expect(await balance(page)).toBe(90)
  await page.goto(`${E2E.cnUrl}/en-US/edit/${taskId}`)
  await editorReady(page)
  await expect(page.getByTestId('reviewed-badge')).toHaveCount(0)

  await row(page, 1).getByTestId('segment-review').click()
  await expect(page.getByText('The review found nothing to correct in segment 1')).toBeVisible()
  await row(page, 5).getByTestId('segment-review').click()
  await expect(page.getByText('Segment 5 corrected by the review')).toBeVisible()
  await expect(row(page, 5).getByTestId('reviewed-badge')).toBeVisible()
  await expect(row(page, 5).locator('[data-field="translatedText"]')).toHaveValue(`[fr] ${TEXTS[4]} (reviewed)`)
  await expect(page.getByTestId('reviewed-badge')).toHaveCount(1)
  expect(await balance(page)).toBe(90)
})
