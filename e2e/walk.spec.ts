import { readFileSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { exportFileName } from '@/lib/subtitles/format'
import type Messages from '@/messages/en-US.json'
import { E2E } from './env'
import { editorReady, newCreator, signIn } from './helpers'

// A newcomer's walk at 1280x800, in the three languages: the landing page and the dashboard's
// empty state say that videos and recordings are transcribed, burned in or given tracks; the upload
// dialog prices the review pass only once it can, leaves the source language out of "Also
// translate into", keeps Start in view; the editor's times carry milliseconds; the task list's
// download names the subtitle file it delivers; the points and orders pages hydrate without error;
// a creator has no user-management item. Screens are saved as `<screen>-<locale>.png`.

test.use({ viewport: { width: 1280, height: 800 } })

const messagesOf = (locale: string): typeof Messages => JSON.parse(readFileSync(new URL(`../messages/${locale}.json`, import.meta.url), 'utf8'))

const LOCALES = [
  { locale: 'zh-CN', prefix: '', messages: messagesOf('zh-CN'), target: '日语' },
  { locale: 'en-US', prefix: '/en-US', messages: messagesOf('en-US'), target: 'Japanese' },
  { locale: 'ja-JP', prefix: '/ja-JP', messages: messagesOf('ja-JP'), target: '日本語' },
] as const

const SRT = Array.from({ length: 6 }, (_, i) => `${i + 1}\n00:00:0${i},250 --> 00:00:0${i + 1},125\nWelcome to line ${i + 1} of the walk.\n`).join('\n')

// A production build reports a hydration mismatch as React's minified errors 418, 423 and 425.
const HYDRATION = /hydrat|react\.dev\/errors\/(418|423|425)|#(418|423|425)/i

/** Hydration errors React reports (in the console, or as an uncaught error) while `run` goes on. */
async function hydrationErrors(page: Page, run: () => Promise<void>): Promise<string[]> {
  const errors: string[] = []
  const onConsole = (message: { type(): string; text(): string }) => {
    if (message.type() === 'error' && HYDRATION.test(message.text())) errors.push(message.text())
  }
  const onError = (error: Error) => {
    if (HYDRATION.test(error.message)) errors.push(error.message)
  }
  page.on('console', onConsole)
  page.on('pageerror', onError)
  await run()
  page.off('console', onConsole)
  page.off('pageerror', onError)
  return errors
}

const shot = (page: Page, name: string, locale: string) => page.screenshot({ path: test.info().outputPath(`${name}-${locale}.png`) })

for (const { locale, prefix, messages, target } of LOCALES) {
  test(`a newcomer's walk (${locale})`, async ({ page }) => {
    test.setTimeout(120_000)
    // The landing page of both editions says what a video gets.
    for (const base of [E2E.cnUrl, E2E.intlUrl]) {
      const path = base === E2E.intlUrl ? (locale === 'en-US' ? '/' : `/${locale}`) : prefix || '/'
      await page.goto(`${base}${path}`)
      await expect(page.getByText(messages.home.heroSubtitle)).toBeVisible()
    }
    await shot(page, 'landing', locale)

    const creator = await newCreator(500)
    await signIn(page, creator)
    if (prefix) await page.goto(`${E2E.cnUrl}${prefix}/dashboard`)
    await expect(page.getByText(messages.tasks.empty.body)).toBeVisible()
    await expect(page.getByTestId('open-upload').first()).toHaveText(messages.tasks.upload)
    await expect(page.getByTestId('menu-tasks')).toBeVisible()
    await expect(page.getByTestId('menu-users')).toHaveCount(0)
    await shot(page, 'dashboard-empty', locale)

    // The upload dialog.
    await page.getByTestId('open-upload').first().click()
    await page.getByTestId('upload-input').setInputFiles({ name: `walk-${locale}.srt`, mimeType: 'application/x-subrip', buffer: Buffer.from(SRT) })
    await expect(page.getByTestId('estimate-segments')).toHaveText('6')
    await expect(page.getByTestId('upload-review-label')).toHaveText(messages.upload.review.label)
    const submit = page.getByTestId('upload-submit')
    const inView = async () => {
      const box = (await submit.boundingBox())!
      expect(box.y + box.height).toBeLessThanOrEqual(800)
    }
    await inView()
    await page.getByTestId('upload-target').click()
    await page.getByRole('option', { name: target, exact: true }).click()
    // The detected source (English) is not offered as another target.
    await expect(page.getByTestId('upload-extra-target-ko')).toBeVisible()
    await expect(page.getByTestId('upload-extra-target-en')).toHaveCount(0)
    await expect(page.getByTestId('upload-review')).toBeEnabled()
    await expect(page.getByTestId('upload-review-label')).toContainText(/\+[1-9]/)
    await inView()
    await shot(page, 'upload-dialog', locale)
    await submit.click()
    await expect(page.getByTestId('upload-dialog')).toBeHidden({ timeout: 15_000 })

    // The task list names the file the download delivers.
    const row = page.getByTestId('task-row').first()
    await expect(row.getByTestId('task-status')).toHaveAttribute('data-status', 'completed', { timeout: 45_000 })
    const delivered = exportFileName(`walk-${locale}.srt`, 'srt', 'translated', 'ja')
    await expect(row.getByTestId('task-download')).toHaveAttribute('aria-label', new RegExp(delivered.replace(/\./g, '\\.')))
    await shot(page, 'task-list', locale)

    // The editor's time column, to the millisecond.
    await row.getByTestId('task-edit').click()
    await editorReady(page)
    await expect(page.getByTestId('segment-seek').first()).toHaveText('00:00.250')
    await expect(page.getByTestId('segment-row').nth(1)).toContainText('00:02.125')
    await shot(page, 'editor', locale)

    // The points and orders pages hydrate as rendered.
    for (const section of ['/dashboard/points', '/dashboard/orders']) {
      const errors = await hydrationErrors(page, async () => {
        await page.goto(`${E2E.cnUrl}${prefix}${section}`)
        await expect(page.getByTestId('balance-points')).toBeVisible()
        await page.waitForLoadState('networkidle')
      })
      expect(errors, section).toEqual([])
    }
  })
}
