import { chromium } from '@playwright/test'
import { readFileSync } from 'node:fs'
const [, , step = 'setup', filter = ''] = process.argv
const FAKES = ['http://127.0.0.1:38537', 'http://127.0.0.1:40609', 'http://127.0.0.1:39253']
const fault = async (spec) => { for (const f of FAKES) await fetch(`${f}/__faults`, spec ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(spec) } : { method: 'DELETE' }) }
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] })
const LOCALES = { zh: 'http://cn.localhost:3000', en: 'http://intl.localhost:3000', ja: 'http://intl.localhost:3000/ja-JP' }
const SIZES = { d: { width: 1366, height: 860 }, p: { width: 390, height: 844 } }
const shot = async (page, name, full = false) => { if (filter && !name.includes(filter)) return; await page.waitForTimeout(400); await page.screenshot({ path: `/tmp/polish-shots/${name}.png`, fullPage: full }); console.log(name) }
async function login(ctx, base, who) {
  const page = await ctx.newPage()
  await page.goto(`${base}/login`)
  await page.getByTestId('login-email').fill(who === 'admin' ? 'admin@example.com' : 'demo@example.com')
  await page.getByTestId('login-password').fill(who === 'admin' ? 'admin123456' : 'demo123456')
  await page.getByTestId('login-submit').click()
  await page.waitForURL(/\/dashboard/, { timeout: 20000 })
  await page.waitForLoadState('networkidle')
  return page
}
async function upload(page, name, buffer, targetLabel) {
  await page.getByTestId('open-upload').first().click()
  await page.getByTestId('upload-input').setInputFiles({ name, mimeType: 'application/x-subrip', buffer })
  await page.getByTestId('upload-estimate').waitFor({ timeout: 30000 })
  await page.getByTestId('upload-target').click()
  await page.getByRole('option', { name: targetLabel, exact: true }).click()
  await page.getByTestId('upload-submit').click()
  await page.getByTestId('upload-dialog').waitFor({ state: 'hidden', timeout: 60000 })
}
const ramen = readFileSync('e2e/fixtures/ramen-episode.srt')
if (step === 'setup') {
  const ctx = await browser.newContext({ viewport: SIZES.d })
  const page = await login(ctx, LOCALES.en, 'demo')
  await fault(null)
  await upload(page, 'ramen-episode-12.srt', ramen, 'Japanese')
  await page.waitForTimeout(8000)
  await fault({ kind: '5xx' })
  await upload(page, 'interview-take-3.srt', ramen, 'Chinese (Simplified)')
  console.log('waiting for failure'); await page.waitForTimeout(60000)
  await fault(null)
  await fault({ kind: 'slow', delayMs: 6000 })
  await upload(page, 'feature-film-3000-cues.srt', readFileSync('/tmp/polish-long-3000.srt'), 'Chinese (Simplified)')
  await page.waitForTimeout(3000)
  await shot(page, 'setup-dashboard')
}
if (step === 'clear') await fault(null)
if (step === 'slow') await fault({ kind: 'slow', delayMs: 6000 })
if (step === 'dash') {
  for (const [lk, base] of Object.entries(LOCALES))
    for (const [sk, viewport] of Object.entries(SIZES))
      for (const colorScheme of ['light', 'dark']) {
        const ctx = await browser.newContext({ viewport, colorScheme })
        const page = await login(ctx, base, 'demo')
        const tag = `${lk}-${sk}-${colorScheme}`
        await page.getByTestId('task-table').waitFor()
        await shot(page, `dash-tasks-${tag}`, true)
        if (sk === 'd' || lk === 'zh') {
          await page.getByTestId('open-upload').first().click()
          await page.waitForTimeout(300)
          await shot(page, `upload-empty-${tag}`)
          await page.getByTestId('upload-input').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') })
          await shot(page, `upload-badfile-${tag}`)
          await page.getByTestId('upload-input').setInputFiles({ name: 'ramen-episode-12.srt', mimeType: 'application/x-subrip', buffer: ramen })
          await page.getByTestId('upload-estimate').waitFor()
          await shot(page, `upload-estimate-${tag}`)
          await page.keyboard.press('Escape')
        }
        for (const view of ['purchase', 'orders']) {
          await page.getByTestId(`menu-${view}`).click().catch(() => {})
          await page.waitForTimeout(500)
          await shot(page, `dash-${view}-${tag}`, true)
        }
        await ctx.close()
      }
}
if (step === 'empty') {
  for (const [lk, base] of Object.entries(LOCALES))
    for (const [sk, viewport] of Object.entries(SIZES))
      for (const colorScheme of ['light', 'dark']) {
        const ctx = await browser.newContext({ viewport, colorScheme })
        const page = await login(ctx, base, 'admin')
        await page.waitForTimeout(800)
        await shot(page, `dash-admin-${lk}-${sk}-${colorScheme}`, true)
        await ctx.close()
      }
}
if (step === 'editor') {
  for (const [lk, base] of Object.entries(LOCALES))
    for (const [sk, viewport] of Object.entries(SIZES))
      for (const colorScheme of ['light', 'dark']) {
        const ctx = await browser.newContext({ viewport, colorScheme })
        const page = await login(ctx, base, 'demo')
        const tag = `${lk}-${sk}-${colorScheme}`
        await page.getByTestId('task-table').waitFor()
        for (const [key, file] of [['small', 'ramen-episode-12.srt'], ['big', 'feature-film-3000-cues.srt'], ['failed', 'interview-take-3.srt']]) {
          const row = page.getByTestId('task-row').filter({ hasText: file })
          const id = await row.getAttribute('data-task-id')
          const ep = page.url().replace(/\/dashboard.*/, `/edit/${id}`)
          const ed = await ctx.newPage()
          await ed.goto(ep); await ed.getByTestId('editor').waitFor({ timeout: 20000 }).catch(() => {})
          await ed.waitForTimeout(500)
          if (key === 'small') { await ed.getByTestId('segment-row').nth(1).locator('[data-field="translatedText"]').click(); await ed.keyboard.type(' (edit)') }
          await shot(ed, `editor-${key}-${tag}`)
          if (key === 'big' && sk === 'd') {
            const list = ed.getByTestId('segment-list'); await list.evaluate((el) => (el.scrollTop = el.scrollHeight / 2)); await shot(ed, `editor-bigmid-${tag}`)
            await ed.getByTestId('segment-row').first().click(); await ed.keyboard.press('Escape'); await ed.keyboard.press('e'); await shot(ed, `editor-dialog-${tag}`); await ed.keyboard.press('Escape')
            await ed.getByTestId('export-menu').click(); await shot(ed, `editor-export-${tag}`); await ed.keyboard.press('Escape')
          }
          await ed.close()
        }
        if (sk === 'd') { const ed = await ctx.newPage(); await ed.goto(page.url().replace(/\/dashboard.*/, '/edit/00000000-0000-0000-0000-000000000000')); await ed.waitForTimeout(2500); await shot(ed, `editor-missing-${tag}`); await ed.close() }
        await ctx.close()
      }
}
if (step === 'verify') {
  for (const [lk, sk, colorScheme] of [['en', 'd', 'light'], ['ja', 'p', 'dark'], ['zh', 'p', 'light']]) {
    const ctx = await browser.newContext({ viewport: SIZES[sk], colorScheme })
    const page = await login(ctx, LOCALES[lk], 'demo')
    const tag = `${lk}-${sk}-${colorScheme}`
    await page.getByTestId('task-table').waitFor()
    await shot(page, `v-tasks-${tag}`, true)
    await page.getByTestId('menu-orders').click(); await page.getByTestId('balance-card').waitFor(); await page.waitForTimeout(1000)
    await shot(page, `v-orders-${tag}`, true)
    await page.getByTestId('menu-purchase').click(); await page.waitForTimeout(1500)
    await shot(page, `v-purchase-${tag}`, true)
    await page.getByTestId('menu-tasks').click(); await page.getByTestId('task-table').waitFor()
    for (const [key, file] of [['big', 'feature-film-3000-cues.srt'], ['failed', 'interview-take-3.srt']]) {
      const id = await page.getByTestId('task-row').filter({ hasText: file }).getAttribute('data-task-id')
      const ed = await ctx.newPage()
      await ed.goto(page.url().replace(/\/dashboard.*/, `/edit/${id}`)); await ed.getByTestId('segment-row').first().waitFor(); await ed.waitForTimeout(500)
      await shot(ed, `v-editor-${key}-${tag}`)
      if (key === 'big') { await ed.getByTestId('segment-open').nth(2).click(); await ed.waitForTimeout(500); await shot(ed, `v-dialog-${tag}`); await ed.keyboard.press('Escape') }
      await ed.close()
    }
    await ctx.close()
  }
}
await browser.close()
