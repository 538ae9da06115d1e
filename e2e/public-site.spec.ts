import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { E2E } from './env'
import { newCreator, signIn } from './helpers'

// The public site as a crawler and a visitor see it: every public path on the China host (zh-CN),
// the international host (en-US) and its Japanese prefix, read as raw HTML (no JavaScript).

const SLUGS = [
  'srt-translation', 'subtitle-editor', 'multilingual-subtitle', 'ai-subtitle-translation', 'subtitle-translation-tool',
  'video-subtitle-translation', 'online-subtitle-translator', 'subtitle-maker', 'subtitle-converter',
  'chinese-subtitle-translation', 'english-subtitle-translation', 'japanese-subtitle-translation',
  'korean-subtitle-translation', 'help', 'pricing', 'blog', 'faq', 'tutorial', 'guide',
]
const PATHS = ['/', '/about', '/contact', '/terms', '/privacy', ...SLUGS.map((s) => `/${s}`)]

const EDITIONS = [
  { name: 'cn zh-CN', host: E2E.cnHost, prefix: '', lang: 'zh-CN', origin: 'http://cn.localhost', licence: true },
  { name: 'intl en-US', host: E2E.intlHost, prefix: '', lang: 'en-US', origin: 'http://intl.localhost', licence: false },
  { name: 'intl ja-JP', host: E2E.intlHost, prefix: '/ja-JP', lang: 'ja-JP', origin: 'http://intl.localhost/ja-JP', licence: false },
] as const

/** A page's HTML as served, through 127.0.0.1 with the Host header (Node does not resolve *.localhost). */
async function raw(request: APIRequestContext, host: string, path: string) {
  const res = await request.get(`${E2E.apiUrl}${path}`, { headers: { host }, maxRedirects: 0 })
  return { status: res.status(), html: await res.text(), headers: res.headers() }
}

const decode = (s: string) => s.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>')
const first = (html: string, re: RegExp) => decode(re.exec(html)?.[1] ?? '')

function head(html: string) {
  const alternates = Object.fromEntries([...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"/g)].map((m) => [m[1], m[2]]))
  return {
    lang: first(html, /<html lang="([^"]+)"/),
    title: first(html, /<title>([^<]*)<\/title>/),
    description: first(html, /<meta name="description" content="([^"]*)"/),
    h1: first(html, /<h1[^>]*>([^<]*)<\/h1>/),
    canonical: first(html, /<link rel="canonical" href="([^"]+)"/),
    alternates,
    jsonLdTypes: [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) => JSON.parse(m[1])['@type'] as string),
  }
}

const canonicalOf = (origin: string, path: string) => (path === '/' ? origin : `${origin}${path}`)
const urlOf = (locale: string, path: string) =>
  ({ 'zh-CN': canonicalOf('http://cn.localhost', path), 'en-US': canonicalOf('http://intl.localhost', path), 'ja-JP': canonicalOf('http://intl.localhost/ja-JP', path) })[locale]!

for (const edition of EDITIONS) {
  test(`${edition.name}: every public path answers with its own title, description, H1, canonical and hreflang`, async ({ request }) => {
    const seen = { title: new Set<string>(), description: new Set<string>(), h1: new Set<string>() }
    for (const path of PATHS) {
      const url = edition.prefix ? `${edition.prefix}${path === '/' ? '' : path}` : path
      const { status, html } = await raw(request, edition.host, url)
      expect(status, url).toBe(200)
      const page = head(html)
      expect(page.lang, url).toBe(edition.lang)
      for (const key of ['title', 'description', 'h1'] as const) {
        expect(page[key], `${url} ${key}`).not.toBe('')
        expect(seen[key].has(page[key]), `${url} repeats the ${key} "${page[key]}"`).toBe(false)
        seen[key].add(page[key])
      }
      expect(page.canonical, url).toBe(canonicalOf(edition.origin, path))
      expect(page.alternates, url).toEqual({ 'zh-CN': urlOf('zh-CN', path), 'en-US': urlOf('en-US', path), 'ja-JP': urlOf('ja-JP', path), 'x-default': urlOf('en-US', path) })
      // Host-dependent parts are in the HTML itself, not added after hydration.
      if (edition.licence) {
        expect(html, url).toContain('data-testid="licence-line"')
        expect(html, url).toContain('ICP')
        expect(html, url).not.toContain('data-testid="language-switcher"')
      } else {
        expect(html, url).toContain('data-testid="language-switcher"')
        expect(html, url).not.toContain('licence-line')
        expect(html, url).not.toContain('ICP')
      }
      // Structured data: the product on the landing page, questions on /faq, breadcrumbs on the SEO paths.
      if (path === '/') expect(page.jsonLdTypes).toEqual(['SoftwareApplication'])
      else if (path === '/faq') expect(page.jsonLdTypes).toEqual(['FAQPage', 'BreadcrumbList'])
      else if (SLUGS.includes(path.slice(1))) expect(page.jsonLdTypes, url).toEqual(['BreadcrumbList'])
    }
  })
}

test('the search-intent pages carry their own content: packs and the price of a minute, questions, formats, steps with screenshots', async ({ request }) => {
  const cnPricing = (await raw(request, E2E.cnHost, '/pricing')).html
  expect(cnPricing.match(/data-testid="pricing-pack"/g)).toHaveLength(4)
  expect(cnPricing).toContain('¥19.90')
  expect(first(cnPricing, /data-testid="price-per-minute"[^>]*>([^<]*)</)).toBe('10 积分')
  const intlPricing = (await raw(request, E2E.intlHost, '/pricing')).html
  expect(intlPricing.match(/data-testid="pricing-pack"/g)).toHaveLength(2)
  expect(intlPricing).toContain('$8.99')
  const landing = (await raw(request, E2E.intlHost, '/')).html
  expect(landing).toContain('"priceCurrency":"USD"')

  const faq = (await raw(request, E2E.intlHost, '/ja-JP/faq')).html
  const faqLd = JSON.parse(/<script type="application\/ld\+json">([^<]*)<\/script>/.exec(faq)![1])
  expect(faqLd.mainEntity.length).toBeGreaterThanOrEqual(6)
  for (const q of faqLd.mainEntity) expect(decode(faq)).toContain(q.name)

  const converter = (await raw(request, E2E.intlHost, '/subtitle-converter')).html
  for (const word of ['SRT', 'WebVTT', 'ASS', 'WEBVTT']) expect(converter).toContain(word)
  expect(decode(first((await raw(request, E2E.intlHost, '/japanese-subtitle-translation')).html, /<h1[^>]*>([^<]*)<\/h1>/))).toContain('Japanese')

  for (const [host, path, locale] of [[E2E.cnHost, '/tutorial', 'zh-CN'], [E2E.intlHost, '/guide', 'en-US'], [E2E.intlHost, '/ja-JP/tutorial', 'ja-JP']] as const) {
    const html = (await raw(request, host, path)).html
    const images = [...html.matchAll(/<img[^>]+src="(\/screens\/[^"]+)"/g)].map((m) => m[1])
    expect(images, path).toHaveLength(4)
    for (const src of images) {
      expect(src).toContain(`-${locale}.webp`)
      const res = await request.get(`${E2E.apiUrl}${src}`, { headers: { host } })
      expect(res.status(), src).toBe(200)
      expect(res.headers()['content-type']).toBe('image/webp')
    }
  }
})

test('Open Graph images exist per locale and pages name their own', async ({ request }) => {
  for (const locale of ['zh-CN', 'en-US', 'ja-JP']) {
    const res = await request.get(`${E2E.apiUrl}/og/${locale}`, { headers: { host: E2E.intlHost } })
    expect(res.status()).toBe(200)
    expect(res.headers()['content-type']).toBe('image/png')
  }
  const html = (await raw(request, E2E.intlHost, '/ja-JP/about')).html
  expect(html).toContain('<meta property="og:image" content="http://intl.localhost/og/ja-JP"/>')
})

test('the sitemap lists every public URL of every locale with its alternates, and each answers 200', async ({ request }) => {
  const xml = await (await request.get(`${E2E.apiUrl}/sitemap.xml`, { headers: { host: E2E.intlHost } })).text()
  const entries = [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((m) => ({
    loc: /<loc>([^<]+)<\/loc>/.exec(m[1])![1],
    alternates: Object.fromEntries([...m[1].matchAll(/hreflang="([^"]+)"\s+href="([^"]+)"/g)].map((a) => [a[1], a[2]])),
  }))
  const expected = PATHS.flatMap((path) => ['zh-CN', 'en-US', 'ja-JP'].map((locale) => urlOf(locale, path)))
  expect(entries.map((e) => e.loc).sort()).toEqual([...expected].sort())
  for (const entry of entries) {
    expect(Object.keys(entry.alternates).sort(), entry.loc).toEqual(['en-US', 'ja-JP', 'x-default', 'zh-CN'])
    const url = new URL(entry.loc)
    const res = await request.get(`${E2E.apiUrl}${url.pathname}`, { headers: { host: `${url.hostname}:${E2E.port}` }, maxRedirects: 0 })
    expect(res.status(), entry.loc).toBe(200)
  }
})

test('security headers on pages and API answers; scripts allowed by hash or nonce, never unsafe-inline', async ({ request }) => {
  const answers = [
    await raw(request, E2E.cnHost, '/'),
    await raw(request, E2E.intlHost, '/ja-JP/pricing'),
    await raw(request, E2E.cnHost, '/login'),
    await raw(request, E2E.cnHost, '/no-such-page'),
  ]
  const api = await request.post(`${E2E.apiUrl}/api/user/profile`, { headers: { host: E2E.cnHost, 'content-type': 'application/json' }, data: {} })
  for (const headers of [...answers.map((a) => a.headers), api.headers()]) {
    const csp = headers['content-security-policy']
    expect(csp).toContain("frame-ancestors 'none'")
    expect(headers['x-content-type-options']).toBe('nosniff')
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    expect(headers['permissions-policy']).toContain('camera=()')
    expect(headers['strict-transport-security']).toContain('max-age=')
    const scriptSrc = /script-src ([^;]+)/.exec(csp)?.[1] ?? ''
    expect(scriptSrc).not.toContain('unsafe-inline')
  }
  // A prerendered page is allowed its own inline scripts by hash; a page rendered per request gets a nonce on its scripts.
  expect(answers[0].headers['content-security-policy']).toMatch(/'sha256-[A-Za-z0-9+/=]+'/)
  const nonce = /'nonce-([^']+)'/.exec(answers[2].headers['content-security-policy'])?.[1]
  expect(nonce).toBeTruthy()
  expect(answers[2].html).toContain(`nonce="${nonce}"`)
})

/** Records CSP violations (the DOM event and console reports) from the first script a page runs. */
async function watchCsp(page: Page) {
  const violations: string[] = []
  page.on('console', (msg) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(msg.text())) violations.push(`${page.url()}: ${msg.text()}`)
  })
  await page.exposeFunction('__reportCsp', (text: string) => violations.push(text))
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      ;(window as unknown as { __reportCsp: (t: string) => void }).__reportCsp(`${location.href}: ${e.violatedDirective} ${e.blockedURI}`)
    })
  })
  return violations
}

test('no page breaks its Content-Security-Policy: public pages on both hosts, sign-in, dashboard, editor route', async ({ page }) => {
  test.setTimeout(120_000)
  const violations = await watchCsp(page)
  const visit = async (url: string) => {
    await page.goto(url)
    await page.waitForLoadState('networkidle')
  }
  for (const base of [E2E.cnUrl, E2E.intlUrl]) {
    for (const path of ['/', '/srt-translation', '/pricing', '/faq', '/tutorial', '/contact', '/about', '/no-such-page', '/register']) await visit(`${base}${path}`)
  }
  await visit(`${E2E.intlUrl}/ja-JP/guide`)
  // Client navigation and an interactive island on a prerendered page.
  await visit(`${E2E.intlUrl}/`)
  await page.getByTestId('language-switcher').getByRole('link', { name: '日本語' }).click()
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja-JP')
  // The China host's sign-in page frames the WeChat sandbox QR panel.
  await visit(`${E2E.cnUrl}/login`)
  // A creator of its own: the demo user's dashboard polls while other specs' tasks of theirs run,
  // and a page that polls never goes network-idle.
  await signIn(page, { ...(await newCreator(0)), baseUrl: E2E.cnUrl })
  await page.waitForLoadState('networkidle')
  await visit(`${E2E.cnUrl}/dashboard/points`)
  await visit(`${E2E.cnUrl}/dashboard/orders`)
  await visit(`${E2E.cnUrl}/dashboard/glossary`)
  await visit(`${E2E.cnUrl}/edit/00000000-0000-0000-0000-000000000000`)
  await visit(`${E2E.intlUrl}/login`)
  expect(violations).toEqual([])
})
