import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { expect, test, type Page } from '@playwright/test'
import { chooseTargetAndDeepSeek, DEMO, editorReady, signIn } from './helpers'

// The whole translation flow end to end, on the China host (zh-CN) against the sandbox fakes:
// upload → estimate → submit → completed → edit (persisted) → retranslate → export.

const FIXTURE = fileURLToPath(new URL('./fixtures/ramen-episode.srt', import.meta.url))

const translationBox = (page: Page, index: number) => page.getByTestId('segment-row').nth(index).locator('[data-field="translatedText"]')

async function waitUntilSaved(page: Page) {
  await expect(page.getByTestId('save-summary')).toHaveAttribute('data-pending', '0')
}

test('upload an SRT file, translate it, edit, retranslate and export', async ({ page }) => {
  test.setTimeout(90_000)
  const fileName = `ramen-${Date.now()}.srt`
  await signIn(page, DEMO.user)

  // Upload dialog: client checks first, then the server's estimate.
  await page.getByTestId('open-upload').first().click()
  const dialog = page.getByTestId('upload-dialog')
  await expect(page.getByTestId('upload-submit')).toBeDisabled()
  await page.getByTestId('upload-input').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') })
  await expect(page.getByTestId('upload-file-error')).toBeVisible()
  await page.getByTestId('upload-input').setInputFiles({ name: fileName, mimeType: 'application/x-subrip', buffer: await readFile(FIXTURE) })
  await expect(page.getByTestId('estimate-segments')).toHaveText('12')
  await expect(page.getByTestId('estimate-language')).toHaveText('英语')
  await expect(page.getByTestId('estimate-cost')).toHaveText('20 积分（2 分钟）')
  await expect(page.getByTestId('upload-source')).toContainText('检测到：英语')
  // A target language is required before submitting.
  await expect(page.getByTestId('upload-submit')).toBeDisabled()
  const service = await chooseTargetAndDeepSeek(page, '日语')
  await expect(service).toContainText('DeepSeek')
  await page.getByTestId('upload-submit').click()
  await expect(dialog).toBeHidden({ timeout: 15_000 })

  // The list shows the new task and adopts its completion by polling.
  const row = page.getByTestId('task-row').filter({ hasText: fileName })
  await expect(row).toHaveCount(1)
  await expect(row.getByTestId('task-status')).toHaveAttribute('data-status', 'completed', { timeout: 45_000 })
  await row.getByTestId('task-edit').click()

  // Editor: times to the millisecond, translations come from the sandbox.
  await expect(page).toHaveURL(/\/edit\//)
  await expect(page.getByTestId('editor-file-name')).toHaveText(fileName)
  await expect(page.getByTestId('segment-row')).toHaveCount(12)
  await expect(page.getByTestId('segment-row').first()).toContainText('00:01.000')
  // Japanese is read at 4 characters a second: a line too long for its 3.5 s comes back shortened
  // (DeepSeek was asked once more), its first version one click away.
  await expect(translationBox(page, 0)).toHaveValue('[ja] Welcome.')
  await expect(page.getByTestId('segment-row').first().getByTestId('reviewed-badge')).toHaveAttribute('data-kind', 'shortened')

  // Edit a line; leaving the box saves it, and it is still there after a reload.
  await translationBox(page, 1).fill('今日はラーメンを一から作ります。')
  await translationBox(page, 1).press('Tab')
  await waitUntilSaved(page)
  await page.reload()
  await editorReady(page)
  await expect(translationBox(page, 1)).toHaveValue('今日はラーメンを一から作ります。')

  // Keyboard: Escape leaves a box, arrows move the active row, E opens the pop-up editor.
  await translationBox(page, 1).click()
  await page.keyboard.press('Escape')
  await page.keyboard.press('ArrowDown')
  await expect(page.getByTestId('segment-row').nth(2)).toHaveAttribute('aria-current', 'true')
  await page.keyboard.press('e')
  await expect(page.getByTestId('dialog-translated')).toBeFocused()
  await page.keyboard.press('Escape')

  // Retranslate one line: a hand-written translation is replaced by the service's.
  await translationBox(page, 2).fill('手書きの訳')
  await translationBox(page, 2).press('Tab')
  await waitUntilSaved(page)
  await page.getByTestId('segment-row').nth(2).getByTestId('segment-retranslate').click()
  await expect(translationBox(page, 2)).toHaveValue('[ja] <i>First, the broth.</i>', { timeout: 15_000 })

  // Export: the downloaded SRT carries the edit and the retranslation.
  await page.getByTestId('export-menu').click()
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-srt-translated').click()])
  expect(download.suggestedFilename()).toBe(fileName.replace(/\.srt$/, '.ja.translated.srt'))
  const exported = await readFile(await download.path(), 'utf8')
  expect(exported).toContain('00:00:01,000 --> 00:00:04,500')
  // Lines are broken for Japanese by phrase (13 characters a line), markup kept with its text.
  expect(exported).toContain('今日はラーメンを\n一から作ります。')
  expect(exported).toContain('[ja] <i>First,\nthe broth.</i>')

  // With "break lines for the language" off, the lines come as the service wrote them.
  await page.getByTestId('export-menu').click()
  await page.getByTestId('export-reflow').click()
  await expect(page.getByTestId('export-reflow')).toHaveAttribute('aria-checked', 'false')
  const [vtt] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-vtt-bilingual').click()])
  const bilingual = await readFile(await vtt.path(), 'utf8')
  expect(bilingual.startsWith('WEBVTT')).toBe(true)
  expect(bilingual).toContain('Welcome back to the channel.\n[ja] Welcome.')

  // Tidy up: delete the task from the dashboard (with confirmation).
  await page.getByTestId('editor-back').click()
  await row.getByTestId('task-delete').click()
  await page.getByTestId('confirm-delete').click()
  await expect(row).toHaveCount(0)
})

test('a missing task shows "task does not exist" with a way back', async ({ page }) => {
  await signIn(page, DEMO.user)
  await page.goto('/edit/does-not-exist')
  await expect(page.getByTestId('task-missing')).toContainText('任务不存在')
  await page.getByTestId('task-missing').getByRole('link').click()
  await expect(page).toHaveURL(/\/dashboard/)
})
