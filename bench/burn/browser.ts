// Chromium for bench:burn: bundles bench/burn/page.ts and the export's worker with esbuild, serves
// them on 127.0.0.1 (a secure context, which WebCodecs needs), picks the video through a real <input type=file> so the page
// reads it from disk as a user's pick would, and samples the page's memory from /proc.
import { readFileSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { build } from 'esbuild'
import { chromium, type Browser, type CDPSession } from 'playwright'
import type { PageRun } from './page'

let ready: Promise<{ browser: Browser; cdp: CDPSession; url: string }> | null = null
/** Where the open page's burn-in is written when it POSTs it to /save. */
let saveTo: string | null = null

async function start() {
  const bundle = (entry: string, format: 'iife' | 'esm') =>
    build({ entryPoints: [path.resolve(entry)], bundle: true, format, platform: 'browser', target: 'es2022', write: false, logLevel: 'error', tsconfig: path.resolve('tsconfig.json'), define: { 'process.env.NODE_ENV': '"production"' } }).then((b) => b.outputFiles[0].text)
  const [script, worker] = await Promise.all([bundle('bench/burn/page.ts', 'iife'), bundle('components/video-export/export-worker.ts', 'esm')])
  const html = '<!doctype html><meta charset="utf-8"><input type="file" id="pick"><script src="/bench.js"></script>'
  const server = createServer((req, res) => {
    if (req.url === '/bench.js') res.writeHead(200, { 'content-type': 'text/javascript' }).end(script)
    else if (req.url === '/export-worker.js') res.writeHead(200, { 'content-type': 'text/javascript' }).end(worker)
    else if (req.url === '/save' && req.method === 'POST') {
      const parts: Buffer[] = []
      req.on('data', (part: Buffer) => parts.push(part))
      req.on('end', () => {
        if (saveTo) writeFileSync(saveTo, Buffer.concat(parts))
        res.writeHead(saveTo ? 204 : 409).end()
      })
    }
    else res.writeHead(200, { 'content-type': 'text/html' }).end(html)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  server.unref()
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] })
  // The browser's own view of its processes: the page's renderer is found by pid, not by guessing.
  const cdp = await browser.newBrowserCDPSession()
  return { browser, cdp, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` }
}

/** Closes the browser (at the end of the bench). */
export async function closeBench() {
  if (ready) await (await ready).browser.close()
}

/** A fresh page with `file` picked; run() calls window.bench[name](args) in it; a burn-in it keeps is written to `keepAs`. */
export async function openBenchPage(file: string, keepAs: string | null = null) {
  ready ??= start()
  saveTo = keepAs
  const { browser, cdp, url } = await ready
  const page = await browser.newPage()
  page.on('crash', () => console.error('the page crashed'))
  await page.goto(url)
  await page.setInputFiles('#pick', file)
  return {
    /** The pids of this browser's renderer processes (one page open: this page's). */
    rendererPids: async () => {
      const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as { processInfo: { type: string; id: number }[] }
      return processInfo.filter((p) => p.type === 'renderer').map((p) => p.id)
    },
    run: (name: 'burn' | 'tracks', args: unknown) =>
      page.evaluate(({ name, args }) => (window as unknown as { bench: Record<string, (a: unknown) => Promise<PageRun>> }).bench[name](args), { name, args }),
    close: () => page.close(),
  }
}

/** Samples the resident memory of `pids` (the page's renderer) every 200 ms; stop() answers the peak. */
export function peakRendererMemory(pids: number[]) {
  let peak = 0
  const sample = () => {
    let total = 0
    for (const pid of pids) {
      try {
        const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
        total += rss ? Number(rss[1]) * 1024 : 0
      } catch {
        // The process has ended.
      }
    }
    peak = Math.max(peak, total)
  }
  const timer = setInterval(sample, 200)
  sample()
  return { stop: () => (clearInterval(timer), sample(), peak) }
}
