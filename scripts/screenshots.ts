// Screenshots of the product for /tutorial and /guide (public/screens/<name>-<locale>.webp).
// Run against a production server with the sandbox services and the demo accounts:
//   npx next build && E2E_PORT=3800 npm run start:e2e   (another shell; it starts from an empty database)
//   E2E_PORT=3800 npx tsx scripts/screenshots.ts
// The translation is the sandbox's, so the script types real translations of the visible lines, as a user would.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { chromium, type Page } from '@playwright/test'
import sharp from 'sharp'
import { E2E } from '../e2e/env'
import { DEMO } from '../e2e/helpers'

const OUT = path.resolve('public/screens')
const SIZE = { width: 960, height: 600 }
const LOCALES = ['zh-CN', 'en-US', 'ja-JP'] as const
const FIXTURE = path.resolve('e2e/fixtures/ramen-episode.srt')
const TRANSLATIONS = ['欢迎回到我的频道。', '今天我们从零开始做拉面。', '<i>首先是汤底。</i>', '要小火慢炖十二个小时，\n所以前一天晚上就要开始。', '猪骨、鸡爪，再加大量的水。', '每半小时撇一次浮沫。', '趁熬汤的时候，我们来做酱汁。', '酱油、味醂，再加一点清酒。', '接下来是面条。', '把面团揉到光滑为止。']
const TARGET = { 'zh-CN': '简体中文', 'en-US': 'Chinese (Simplified)', 'ja-JP': '中国語（簡体字）' } as const

const prefix = (locale: string) => (locale === 'zh-CN' ? '' : `/${locale}`)

/** The sandbox notices are true in this harness but not part of the product a visitor buys: hidden from the pictures. */
async function hideSandboxNotices(page: Page, locale: (typeof LOCALES)[number]) {
  const messages = JSON.parse(await readFile(path.resolve(`messages/${locale}.json`), 'utf8'))
  const texts = [messages.dashboard.sandboxNotice, messages.upload.sandbox]
  await page.evaluate((texts) => {
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      if (!texts.includes(el.textContent?.trim() ?? '')) continue
      let top = el
      while (top.parentElement && top.parentElement.textContent?.trim() === top.textContent?.trim()) top = top.parentElement
      top.style.display = 'none'
    }
  }, texts)
}

async function shoot(page: Page, name: string, locale: (typeof LOCALES)[number]) {
  await hideSandboxNotices(page, locale)
  const png = await page.screenshot({ type: 'png' })
  const file = path.join(OUT, `${name}-${locale}.webp`)
  await sharp(png).webp({ quality: 72 }).toFile(file)
  console.log('wrote', path.relative(process.cwd(), file))
}

async function main() {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] })
  const page = await browser.newPage({ viewport: SIZE, deviceScaleFactor: 1 })
  const base = E2E.cnUrl
  await page.goto(`${base}/login`)
  await page.getByTestId('login-email').fill(DEMO.user.email)
  await page.getByTestId('login-password').fill(DEMO.user.password)
  await page.getByTestId('login-submit').click()
  await page.waitForURL(/\/dashboard/)

  const srt = await readFile(FIXTURE)
  let editUrl = ''
  for (const locale of LOCALES) {
    await page.goto(`${base}${prefix(locale)}/dashboard`)
    await page.getByTestId('open-upload').first().click()
    await page.getByTestId('upload-input').setInputFiles({ name: 'ramen-episode-12.srt', mimeType: 'application/x-subrip', buffer: srt })
    await page.getByTestId('estimate-segments').waitFor()
    await shoot(page, 'upload', locale)
    await page.getByTestId('upload-target').click()
    await page.getByRole('option', { name: TARGET[locale], exact: true }).click()
    await page.getByTestId('upload-service').click()
    await page.getByRole('option', { name: /DeepSeek/ }).click()
    await shoot(page, 'options', locale)
    if (locale !== 'zh-CN') {
      await page.keyboard.press('Escape')
      continue
    }
    await page.getByTestId('upload-submit').click()
    await page.getByTestId('upload-dialog').waitFor({ state: 'hidden' })
    const row = page.getByTestId('task-row').filter({ hasText: 'ramen-episode-12.srt' }).first()
    await row.locator('[data-testid="task-status"][data-status="completed"]').waitFor({ timeout: 60_000 })
    await row.getByTestId('task-edit').click()
    await page.waitForURL(/\/edit\//)
    editUrl = new URL(page.url()).pathname.replace(/^\/(zh-CN|en-US|ja-JP)/, '')
    const boxes = page.getByTestId('segment-row').locator('[data-field="translatedText"]')
    for (const [i, text] of TRANSLATIONS.entries()) {
      await boxes.nth(i).fill(text)
      await boxes.nth(i).press('Tab')
    }
    await page.waitForSelector('[data-testid="save-summary"][data-pending="0"]')
  }

  for (const locale of LOCALES) {
    await page.goto(`${base}${prefix(locale)}/dashboard`)
    await page.getByTestId('task-row').first().waitFor()
    await shoot(page, 'dashboard', locale)
    await page.goto(`${base}${prefix(locale)}${editUrl}`)
    await page.getByTestId('segment-row').first().waitFor()
    await page.mouse.move(0, 0)
    await shoot(page, 'editor', locale)
    const box = page.getByTestId('segment-row').nth(1).locator('[data-field="translatedText"]')
    await box.click()
    await box.press('End')
    await shoot(page, 'edit-row', locale)
    await page.keyboard.press('Escape')
    await page.getByTestId('segment-row').nth(2).hover()
    await page.getByTestId('segment-row').nth(2).getByTestId('segment-retranslate').focus()
    await shoot(page, 'retranslate', locale)
    await page.getByTestId('export-menu').click()
    await page.getByTestId('export-srt-translated').waitFor()
    await shoot(page, 'export', locale)
    await page.keyboard.press('Escape')
  }
  await browser.close()
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
