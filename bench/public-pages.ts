// Lighthouse on the public pages of a running production build, on both hosts:
//   npx next build && E2E_PORT=3800 npm run start:e2e    (another shell)
//   E2E_PORT=3800 npm run bench:public-pages             (BENCH_PRESET=desktop for the desktop profile)
// Prints performance, accessibility, best practices and SEO scores, LCP, TBT, CLS, and the gzipped
// JavaScript the page loads first (every script its HTML names). Figures are printed, never asserted.
import { gzipSync } from 'node:zlib'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse, { desktopConfig } from 'lighthouse'

const port = Number(process.env.E2E_PORT ?? 3100)
const PAGES = [
  `http://cn.localhost:${port}/`,
  `http://cn.localhost:${port}/srt-translation`,
  `http://intl.localhost:${port}/`,
  `http://intl.localhost:${port}/srt-translation`,
  `http://intl.localhost:${port}/ja-JP`,
]
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const

/** Gzipped bytes of the scripts a page's HTML loads (chromium resolves *.localhost, Node does not: ask 127.0.0.1 with a Host header). */
async function firstLoadJs(url: string): Promise<number> {
  const target = new URL(url)
  const get = (path: string) => fetch(`http://127.0.0.1:${target.port}${path}`, { headers: { host: target.host } })
  const html = await (await get(target.pathname)).text()
  // noModule scripts (polyfills) are skipped by every browser that runs modules.
  const tags = [...html.matchAll(/<script[^>]+src="([^"]+)"[^>]*>/g)].filter((m) => !/noModule/i.test(m[0]))
  const scripts = [...new Set(tags.map((m) => m[1]))]
  let total = 0
  for (const src of scripts) total += gzipSync(Buffer.from(await (await get(new URL(src, url).pathname)).arrayBuffer())).length
  return total
}

async function main() {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  })
  const rows: Record<string, string | number>[] = []
  // The mobile profile's 4x CPU slowdown is applied to this host's own speed, printed with the scores.
  const benchmarkIndexes: number[] = []
  try {
    for (const url of PAGES) {
      const config = process.env.BENCH_PRESET === 'desktop' ? desktopConfig : undefined
      const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] }, config)
      if (!result) throw new Error(`no result for ${url}`)
      const { categories, audits, environment } = result.lhr
      benchmarkIndexes.push(environment.benchmarkIndex)
      const score = (key: (typeof CATEGORIES)[number]) => Math.round((categories[key]?.score ?? 0) * 100)
      const failed = Object.values(audits).filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary').map((a) => a.id)
      rows.push({
        page: url.replace(`:${port}`, ''),
        perf: score('performance'),
        a11y: score('accessibility'),
        bp: score('best-practices'),
        seo: score('seo'),
        'LCP ms': Math.round(audits['largest-contentful-paint'].numericValue ?? 0),
        'TBT ms': Math.round(audits['total-blocking-time'].numericValue ?? 0),
        CLS: Number((audits['cumulative-layout-shift'].numericValue ?? 0).toFixed(3)),
        'JS KB gz': Number(((await firstLoadJs(url)) / 1024).toFixed(1)),
        failed: failed.join(' '),
      })
    }
  } finally {
    await chrome.kill()
  }
  console.log(`Lighthouse ${process.env.BENCH_PRESET === 'desktop' ? 'desktop' : 'mobile (default)'} profile`)
  console.table(rows)
  console.log(`host CPU benchmark index (Lighthouse): ${benchmarkIndexes.map((i) => Math.round(i)).join(' / ')}`)
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
