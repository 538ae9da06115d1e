import { expect, test } from '@playwright/test'
import { E2E } from './env'
import { DEMO } from './helpers'

test.describe('hosts and locales', () => {
  test('the China host serves zh-CN at clean paths, without switcher, with the licence line', async ({ page }) => {
    await page.goto(`${E2E.cnUrl}/`)
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN')
    await expect(page.getByRole('heading', { level: 1 })).toContainText('字幕')
    await expect(page.getByTestId('licence-line')).toBeVisible()
    await expect(page.getByTestId('language-switcher')).toHaveCount(0)
    await expect(page.getByTestId('footer-links').getByRole('link')).toHaveCount(4)
  })

  test('the international host serves en-US, with switcher, without the licence line', async ({ page }) => {
    await page.goto(`${E2E.intlUrl}/`)
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US')
    await expect(page.getByTestId('language-switcher')).toBeVisible()
    await expect(page.getByTestId('footer-links')).toBeVisible()
    await expect(page.getByTestId('licence-line')).toHaveCount(0)
  })

  test('localhost follows the development rules: zh-CN, switcher and licence line', async ({ page }) => {
    await page.goto(`${E2E.localUrl}/`)
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN')
    await expect(page.getByTestId('language-switcher')).toBeVisible()
    await expect(page.getByTestId('licence-line')).toBeVisible()
  })

  test('a prefixed locale is served under its prefix and the switcher keeps the path', async ({ page }) => {
    await page.goto(`${E2E.intlUrl}/ja-JP/about`)
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja-JP')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Subtitle Studio について')
    await page.getByTestId('language-switcher').getByRole('link', { name: 'English' }).click()
    await expect(page).toHaveURL(`${E2E.intlUrl}/about`)
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US')
    await page.getByTestId('language-switcher').getByRole('link', { name: '简体中文' }).click()
    await expect(page).toHaveURL(`${E2E.intlUrl}/zh-CN/about`)
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN')
  })

  test('the host default locale prefix redirects to the clean path', async ({ page }) => {
    await page.goto(`${E2E.cnUrl}/zh-CN/terms`)
    await expect(page).toHaveURL(`${E2E.cnUrl}/terms`)
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN')
  })

  test('pages carry title, description, canonical and hreflang alternates with x-default', async ({ page }) => {
    await page.goto(`${E2E.intlUrl}/srt-translation`)
    await expect(page).toHaveTitle('SRT translation – Subtitle Studio')
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /SRT/)
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', 'http://intl.localhost/srt-translation')
    const alternates = await page.locator('link[rel="alternate"][hreflang]').evaluateAll((links) =>
      Object.fromEntries(links.map((l) => [l.getAttribute('hreflang'), l.getAttribute('href')])),
    )
    expect(alternates).toEqual({
      'zh-CN': 'http://cn.localhost/srt-translation',
      'en-US': 'http://intl.localhost/srt-translation',
      'ja-JP': 'http://intl.localhost/ja-JP/srt-translation',
      'x-default': 'http://intl.localhost/srt-translation',
    })
  })

  test('unknown paths get the localised 404', async ({ page }) => {
    const res = await page.goto(`${E2E.intlUrl}/ja-JP/no-such-page`)
    expect(res?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('ページが見つかりません')
  })

  test('legal pages go back home when there is no previous page', async ({ page }) => {
    await page.goto(`${E2E.cnUrl}/privacy`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('隐私政策')
    await page.getByTestId('back-button').click()
    await expect(page).toHaveURL(`${E2E.cnUrl}/`)
  })

  test('the contact form validates, makes no call and clears on success', async ({ page }) => {
    await page.goto(`${E2E.intlUrl}/contact`)
    await expect(page.getByTestId('contact-email')).toHaveText('support@subtitle-studio.example')
    const form = page.getByTestId('contact-form')
    await form.getByRole('button').click()
    await expect(form.getByRole('alert')).toHaveCount(4)
    await form.getByLabel('Name').fill('Ann')
    await form.getByLabel('Email').fill('ann@example.com')
    await form.getByLabel('Subject').fill('Hello')
    await form.getByLabel('Message').fill('Great tool')
    // The contact form makes no call: nothing may leave the page on submit. The router's
    // prefetches of the footer's links (GETs of `?_rsc=`) and the code chunks it loads late
    // (GETs under /_next/static/) are navigation and code, not the form.
    const calls: string[] = []
    page.on('request', (request) => {
      const url = new URL(request.url())
      const isNavigationOrCode = request.method() === 'GET' && (url.searchParams.has('_rsc') || url.pathname.startsWith('/_next/static/'))
      if (!isNavigationOrCode) calls.push(`${request.method()} ${request.url()}`)
    })
    await form.getByRole('button').click()
    await expect(page.getByText('Thank you. Your message has been sent.')).toBeVisible()
    await expect(form.getByLabel('Name')).toHaveValue('')
    expect(calls).toEqual([])
  })
})

test.describe('API conventions', () => {
  test('a malformed JSON body answers 400 with the envelope and code 40000 (a signed-in call checks the caller first)', async ({ request }) => {
    const headers = { 'content-type': 'application/json', host: E2E.cnHost }
    const broken = Buffer.from('{"broken":')
    const signedInPaths = ['/api/user/profile', '/api/user/get_point', '/api/tasks/estimate']
    // Without a session the caller is refused before a byte of the body is read.
    for (const path of signedInPaths) {
      const anonymous = await request.post(`${E2E.apiUrl}${path}`, { headers, data: broken })
      expect(anonymous.status(), path).toBe(401)
      expect(await anonymous.json(), path).toMatchObject({ code: 40100, data: null })
    }
    const signIn = await (await request.post(`${E2E.apiUrl}/api/email/auth`, { headers, data: { email: DEMO.user.email, pass: DEMO.user.password } })).json()
    expect(signIn.code).toBe(20000)
    const signedIn = { ...headers, authorization: `Bearer ${signIn.data.token}` }
    for (const path of ['/api/email/auth', ...signedInPaths]) {
      const res = await request.post(`${E2E.apiUrl}${path}`, { headers: path === '/api/email/auth' ? headers : signedIn, data: broken })
      expect(res.status(), path).toBe(400)
      expect(await res.json(), path).toMatchObject({ code: 40000, data: null })
    }
  })

  test('health answers when the database does', async ({ request }) => {
    const res = await request.get(`${E2E.apiUrl}/api/health`, { headers: { host: E2E.cnHost } })
    expect(res.status()).toBe(200)
    expect(await res.json()).toEqual({ code: 20000, msg: 'ok', data: { status: 'ok', ffmpeg: { version: expect.stringMatching(/^\d+\.\d+/), source: 'system' }, ffprobe: { version: expect.stringMatching(/^\d+\.\d+/), source: 'system' } } })
  })
})
