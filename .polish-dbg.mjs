import { chromium } from '@playwright/test'
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] })
const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } })
const page = await ctx.newPage()
await page.goto('http://intl.localhost:3000/ja-JP/login')
await page.getByTestId('login-email').fill('demo@example.com')
await page.getByTestId('login-password').fill('demo123456')
await page.getByTestId('login-submit').click()
await page.waitForURL(/\/dashboard/); await page.getByTestId('task-table').waitFor()
console.log(await page.evaluate(() => {
  const out = [document.documentElement.scrollWidth]
  for (const el of document.querySelectorAll('body *')) { const r = el.getBoundingClientRect(); if (r.right > 395 && r.width > 0) out.push(el.tagName + '.' + (el.className?.toString?.() ?? '').slice(0, 80) + ' ' + Math.round(r.right)) }
  return out.slice(0, 25).join('\n')
}))
await browser.close()
