// Runs the dialog's own extraction (lib/client/recording/extract-audio.ts and its workers) in Chromium
// on a file picked through a real <input type=file>, as a user's pick would be: the file stays on
// disk and the workers read it through a File, never as a copy in memory. Used by
// bench/transcribe/browser.ts; the pipeline benchmark (bench/pipeline.ts) runs the whole app instead.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { chromium } from 'playwright'
import { bundleForBrowser } from '@/test/chromium-page'

export type BrowserExtraction = { ms: number; longestTaskMs: number; durationMs: number; mode: string; parts: { startMs: number; format: string; audio: Buffer }[] }

const PAGE_ENTRY = `
import { startExtraction } from './extract-audio'
window.extract = async (file) => {
  let longest = 0
  const observer = new PerformanceObserver((list) => { for (const e of list.getEntries()) longest = Math.max(longest, e.duration) })
  observer.observe({ type: 'longtask', buffered: false })
  const started = performance.now()
  const extraction = await startExtraction(file, { createWorker: () => new Worker('/worker.js') })
  const parts = await Promise.all(extraction.parts.map(async (part) => {
    const bytes = new Uint8Array(await new Response(part.stream).arrayBuffer())
    let binary = ''
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
    return { startMs: await part.startMs, format: await part.format, durationMs: await part.durationMs, base64: btoa(binary) }
  }))
  await extraction.done
  const ms = performance.now() - started
  observer.disconnect()
  return { ms, longestTaskMs: longest, durationMs: extraction.durationMs, mode: extraction.plan.mode, parts }
}`

function serve(page: string, worker: string): Promise<Server> {
  const html = '<!doctype html><meta charset="utf-8"><input type="file" id="pick"><script src="/page.js"></script>'
  const server = createServer((req, res) => {
    if (req.url === '/page.js' || req.url === '/worker.js') res.writeHead(200, { 'content-type': 'text/javascript' }).end(req.url === '/page.js' ? page : worker)
    else res.writeHead(200, { 'content-type': 'text/html' }).end(html)
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)))
}

/** Extracts the sound of `file` `runs` times in a fresh page each time; answers each run's figures. */
export async function extractInChromium(file: string, runs = 1): Promise<BrowserExtraction[]> {
  const server = await serve(await bundleForBrowser({ contents: PAGE_ENTRY, resolveDir: 'lib/client/recording' }), await bundleForBrowser({ file: 'lib/client/recording/extract-worker.ts' }))
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] })
  try {
    const results: BrowserExtraction[] = []
    for (let run = 0; run < runs; run++) {
      const page = await browser.newPage()
      // 127.0.0.1 is a secure context, which WebCodecs needs.
      await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`)
      await page.setInputFiles('#pick', file)
      const out = await page.evaluate(async () => {
        const picked = (document.getElementById('pick') as HTMLInputElement).files![0]
        type Out = Omit<BrowserExtraction, 'parts'> & { parts: { startMs: number; format: string; base64: string }[] }
        return (window as unknown as { extract: (f: File) => Promise<Out> }).extract(picked)
      })
      await page.close()
      results.push({ ...out, parts: out.parts.map((p) => ({ ...p, base64: undefined, audio: Buffer.from(p.base64, 'base64') })) })
    }
    return results
  } finally {
    await browser.close()
    server.close()
  }
}
