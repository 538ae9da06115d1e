import { expect, test, type Page } from '@playwright/test'
import { E2E } from './env'
import { chooseTargetAndDeepSeek, DEMO, setFault, signIn } from './helpers'

// The translation engine seen from the interface, on the China host (zh-CN) against the sandbox
// fakes: the glossary view, glossary help in the upload dialog, the translated-by badge of a line
// DeepSeek refuses, and Retry of a failed task.

/** A capitalised made-up name, new each run (the demo user keeps its glossary between runs). */
const freshName = () => `Zo${Array.from({ length: 6 }, () => 'abcdefghijklmnopqrstuvwxyz'[Math.floor(Math.random() * 26)]).join('')}`

function srt(lines: string[]): string {
  const time = (s: number) => `00:00:${String(s).padStart(2, '0')},000`
  return lines.map((text, i) => `${i + 1}\n${time(i * 3 + 1)} --> ${time(i * 3 + 3)}\n${text}\n`).join('\n')
}

async function upload(page: Page, fileName: string, body: string) {
  await page.getByTestId('open-upload').first().click()
  await page.getByTestId('upload-input').setInputFiles({ name: fileName, mimeType: 'application/x-subrip', buffer: Buffer.from(body) })
  await expect(page.getByTestId('estimate-segments')).toHaveText(String(body.split('\n\n').length))
  await chooseTargetAndDeepSeek(page, '日语')
}

async function removeTask(page: Page, fileName: string) {
  const row = page.getByTestId('task-row').filter({ hasText: fileName })
  await row.getByTestId('task-delete').click()
  await page.getByTestId('confirm-delete').click()
  await expect(row).toHaveCount(0)
}

test('glossary view: add, edit and delete an entry', async ({ page }) => {
  const term = freshName()
  await signIn(page, DEMO.user)
  await page.getByTestId('menu-glossary').click()
  await expect(page).toHaveURL(/\/dashboard\/glossary$/)
  await expect(page.getByRole('heading', { name: '我的术语表' })).toBeVisible()

  await page.getByTestId('glossary-add').first().click()
  await page.getByTestId('glossary-save').click()
  await expect(page.getByTestId('glossary-form')).toContainText('请输入术语')
  await page.getByTestId('glossary-term').fill(term)
  await page.getByTestId('glossary-translation').fill('ゾラ')
  await page.getByTestId('glossary-target').click()
  await page.getByRole('option', { name: '日语', exact: true }).click()
  await page.getByTestId('glossary-save').click()
  const row = page.getByTestId('glossary-row').filter({ hasText: term })
  await expect(row).toContainText('ゾラ')
  await expect(row).toContainText('任意语言 → 日语')

  await row.getByTestId('glossary-edit').click()
  await page.getByTestId('glossary-translation').fill('ゾーラ')
  await page.getByTestId('glossary-save').click()
  await expect(row).toContainText('ゾーラ')

  await row.getByTestId('glossary-delete').click()
  await expect(row).toHaveCount(0)
})

test('upload suggests recurring names to add; a line DeepSeek refuses is translated by Google and marked so', async ({ page }) => {
  test.setTimeout(90_000)
  const name = freshName()
  const fileName = `engine-${Date.now()}.srt`
  await signIn(page, DEMO.user)
  await upload(page, fileName, srt([`Where is ${name}?`, `Tell ${name} to wait.`, `We saw ${name} at the station.`, 'Secret plans [[fault:risk]]', 'Good night.']))

  const help = page.getByTestId('upload-glossary')
  await expect(help.getByTestId('upload-glossary-applies')).toHaveAttribute('data-count', '0')
  await help.getByTestId('glossary-suggestion').filter({ hasText: name }).click()
  // Where the name first occurs: cue 1, at 00:01.000 (one second in).
  await expect(help.getByTestId('glossary-suggestion-first')).toHaveAttribute('data-cue', '1')
  await expect(help.getByTestId('glossary-suggestion-first')).toContainText('00:01.000')
  await help.getByTestId('glossary-suggestion-translation').fill('ゾラ')
  await help.getByTestId('glossary-suggestion-add').click()
  await expect(help.getByTestId('upload-glossary-applies')).toHaveAttribute('data-count', '1')
  await expect(help.getByTestId('glossary-suggestion').filter({ hasText: name })).toHaveCount(0)
  await page.getByTestId('upload-submit').click()
  await expect(page.getByTestId('upload-dialog')).toBeHidden({ timeout: 15_000 })

  const row = page.getByTestId('task-row').filter({ hasText: fileName })
  await expect(row.getByTestId('task-status')).toHaveAttribute('data-status', 'completed', { timeout: 45_000 })
  await row.getByTestId('task-edit').click()
  await expect(page.getByTestId('segment-row')).toHaveCount(5)
  await expect(page.getByTestId('segment-row').nth(3).getByTestId('translated-by')).toHaveAttribute('data-by', 'google')
  await expect(page.getByTestId('segment-row').nth(0).getByTestId('translated-by')).toHaveAttribute('data-by', 'deepseek')

  await page.getByTestId('editor-back').click()
  await removeTask(page, fileName)
  await page.getByTestId('menu-glossary').click()
  await page.getByTestId('glossary-row').filter({ hasText: name }).getByTestId('glossary-delete').click()
})

test('a task every provider failed is retried from the list and completes', async ({ page }) => {
  test.setTimeout(150_000)
  const fileName = `retry-${Date.now()}.srt`
  await signIn(page, DEMO.user)
  // DeepSeek refuses one line and Google answers it blank: no provider can translate it.
  await setFault(E2E.fakes.googleTranslate, { kind: 'blank' })
  try {
    await upload(page, fileName, srt(['Hello there.', 'Secret plans [[fault:risk]]', 'Good night.']))
    // The test before put Google's translation of the refused line in the demo user's memory: without it, every provider is asked.
    await page.getByTestId('upload-use-memory').uncheck()
    await page.getByTestId('upload-submit').click()
    await expect(page.getByTestId('upload-dialog')).toBeHidden({ timeout: 15_000 })
    const row = page.getByTestId('task-row').filter({ hasText: fileName })
    await expect(row.getByTestId('task-status')).toHaveAttribute('data-status', 'failed', { timeout: 90_000 })
  } finally {
    await setFault(E2E.fakes.googleTranslate, null)
  }
  const row = page.getByTestId('task-row').filter({ hasText: fileName })
  await row.getByTestId('task-retry').click()
  await expect(row.getByTestId('task-status')).toHaveAttribute('data-status', 'completed', { timeout: 45_000 })
  await removeTask(page, fileName)
})
