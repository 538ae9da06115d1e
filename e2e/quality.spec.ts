import { expect, test, type Page } from '@playwright/test'
import { DEMO, editorReady, signIn } from './helpers'

// Translation quality in the browser: a Chinese translation in the wrong script is flagged and
// converted with one click.

async function api<T>(page: Page, path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  return page.evaluate(
    async ({ path, init }) => {
      const res = await fetch(path, { method: init.method ?? 'GET', headers: { 'content-type': 'application/json' }, body: init.body === undefined ? undefined : JSON.stringify(init.body) })
      const json = await res.json()
      if (json.code !== 20000) throw new Error(`${path}: ${json.code} ${json.msg}`)
      return json.data
    },
    { path, init },
  )
}

async function createTask(page: Page, srt: string, targetLanguage: string): Promise<string> {
  return page.evaluate(
    async ({ srt, targetLanguage }) => {
      const form = new FormData()
      form.append('file', new File([srt], `script-${Date.now()}.srt`, { type: 'application/x-subrip' }))
      form.append('targetLanguage', targetLanguage)
      form.append('service', 'deepseek')
      form.append('sourceLanguage', 'en')
      const json = await (await fetch('/api/tasks', { method: 'POST', body: form })).json()
      if (json.code !== 20000) throw new Error(json.msg)
      return json.data.id as string
    },
    { srt, targetLanguage },
  )
}

type Detail = { status: string; segments: { id: number; translatedText: string | null; translatedBy: string | null }[] }

test('a Simplified line of a zh-HK task is flagged and converted to Traditional', async ({ page }) => {
  await signIn(page, DEMO.user)
  const taskId = await createTask(page, '1\n00:00:01,000 --> 00:00:04,000\nMy hair is a mess.\n\n2\n00:00:05,000 --> 00:00:08,000\nHello.\n', 'zh-HK')
  await expect.poll(async () => (await api<Detail>(page, `/api/tasks/${taskId}`)).status, { timeout: 30_000 }).toBe('completed')
  // As a provider that answers in Simplified would have written it.
  await api(page, `/api/tasks/${taskId}/segments/1`, { method: 'PATCH', body: { translatedText: '我的头发乱了。' } })
  await api(page, `/api/tasks/${taskId}/segments/2`, { method: 'PATCH', body: { translatedText: '你好。' } })

  await page.goto(`/edit/${taskId}`)
  await editorReady(page)
  const first = page.getByTestId('segment-row').nth(0)
  await expect(first.locator('[data-flag="script"]')).toBeVisible()
  await expect(page.getByTestId('segment-row').nth(1).locator('[data-flag="script"]')).toHaveCount(0)
  await first.getByTestId('segment-convert-script').click()

  await expect(first.locator('[data-field="translatedText"]')).toHaveValue('我的頭髮亂了。')
  await expect(first.locator('[data-flag="script"]')).toHaveCount(0)
  await expect.poll(async () => (await api<Detail>(page, `/api/tasks/${taskId}`)).segments[0].translatedText).toBe('我的頭髮亂了。')
})
