import { chromium } from '@playwright/test'
const [, , group = 'public', filter = ''] = process.argv
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] })
const LOCALES = { zh: 'http://cn.localhost:3000', en: 'http://intl.localhost:3000', ja: 'http://intl.localhost:3000/ja-JP' }
const SIZES = { d: { width: 1366, height: 860 }, p: { width: 390, height: 844 } }
const THEMES = ['light', 'dark']
const PUBLIC = { home: '/', about: '/about', contact: '/contact', terms: '/terms', privacy: '/privacy', pricing: '/pricing', '404': '/no-such-page' }
async function shot(page, name, full = true) {
  await page.waitForTimeout(300)
  await page.screenshot({ path: `/tmp/polish-shots/${name}.png`, fullPage: full })
  console.log(name)
}
if (group === 'public') {
  for (const [lk, base] of Object.entries(LOCALES))
    for (const [sk, viewport] of Object.entries(SIZES))
      for (const theme of THEMES) {
        const page = await browser.newPage({ viewport, colorScheme: theme })
        for (const [pk, path] of Object.entries(PUBLIC)) {
          const name = `pub-${pk}-${lk}-${sk}-${theme}`
          if (filter && !name.includes(filter)) continue
          await page.goto(base + (path === '/' && lk === 'ja' ? '' : path), { waitUntil: 'networkidle' })
          await shot(page, name)
        }
        await page.close()
      }
}
await browser.close()
