import { expect, test } from '@playwright/test'
import { newCreator, signIn } from './helpers'

// Times are the viewer's: a creator in New York sees a task's submission time in New York time.
// The server cannot know the zone, so its HTML shows UTC and the browser switches once React runs,
// without a hydration mismatch.

test.use({ timezoneId: 'America/New_York' })

const SRT = '1\n00:00:01,000 --> 00:00:02,000\nGood evening.\n\n2\n00:00:03,000 --> 00:00:04,000\nSee you tomorrow.\n'

test('task times are shown in the browser time zone (New York), with no hydration warning', async ({ page }) => {
  const problems: string[] = []
  page.on('console', (message) => (message.type() === 'error' || message.type() === 'warning') && problems.push(message.text()))
  page.on('pageerror', (error) => problems.push(error.message))
  await signIn(page, await newCreator(100))
  const task = await page.evaluate(async (srt) => {
    const form = new FormData()
    form.append('file', new File([srt], `zone-${Date.now()}.srt`, { type: 'application/x-subrip' }))
    form.append('targetLanguage', 'fr')
    form.append('service', 'deepseek')
    form.append('sourceLanguage', 'en')
    const json = await (await fetch('/api/tasks', { method: 'POST', body: form })).json()
    if (json.code !== 20000) throw new Error(json.msg)
    return json.data as { id: string; submitTime: string }
  }, SRT)

  await page.reload()
  const shown = page.locator(`[data-testid="task-row"][data-task-id="${task.id}"] time`)
  await expect(shown).toHaveAttribute('datetime', task.submitTime)
  const [newYork, shanghai, zone] = await page.evaluate((iso) => {
    const options = { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' } as const
    const date = new Date(iso)
    return [
      new Intl.DateTimeFormat('zh-CN', { ...options, timeZone: 'America/New_York' }).format(date),
      new Intl.DateTimeFormat('zh-CN', { ...options, timeZone: 'Asia/Shanghai' }).format(date),
      Intl.DateTimeFormat().resolvedOptions().timeZone,
    ]
  }, task.submitTime)
  expect(zone).toBe('America/New_York')
  // New York is 12 or 13 hours behind Shanghai: the two readings always differ.
  expect(newYork).not.toBe(shanghai)
  await expect(shown).toHaveText(newYork)
  expect(problems.filter((text) => /hydrat|did not match|server rendered/i.test(text))).toEqual([])
})
