// Runs the dialog's own extraction module (lib/client/media/extract-audio.ts) in Chromium on a file
// picked through a real <input type=file>, as a user's pick would be: the file stays on disk and
// the page reads it through a File, never as a copy in memory. Used by bench/transcribe.ts.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { build } from 'esbuild'
import { chromium } from 'playwright'

export type BrowserExtraction = { ms: number; bytes: number; durationMs: number; audio: Buffer }

async function bundle(): Promise<string> {
  const result = await build({
    entryPoints: [path.resolve('lib/client/media/extract-audio.ts')],
    bundle: true,
    format: 'iife',
    globalName: 'extraction',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'error',
    tsconfig: path.resolve('tsconfig.json'),
  })
  return result.outputFiles[0].text
}

function serve(script: string): Promise<Server> {
  const page = '<!doctype html><meta charset="utf-8"><input type="file" id="pick"><script src="/extract.js"></script>'
  const server = createServer((req, res) => {
    if (req.url === '/extract.js') res.writeHead(200, { 'content-type': 'text/javascript' }).end(script)
    else res.writeHead(200, { 'content-type': 'text/html' }).end(page)
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)))
}

/** Extracts the sound of `file` `runs` times in a fresh page each time; answers each run's figures. */
export async function extractInChromium(file: string, runs = 1): Promise<BrowserExtraction[]> {
  const server = await serve(await bundle())
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] })
  try {
    const results: BrowserExtraction[] = []
    for (let run = 0; run < runs; run++) {
      const page = await browser.newPage()
      // 127.0.0.1 is a secure context, which WebCodecs needs.
      await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`)
      await page.setInputFiles('#pick', file)
      const out = await page.evaluate(async () => {
        type Api = { extractAudio: (f: Blob) => Promise<{ audio: Blob; durationMs: number }> }
        const picked = (document.getElementById('pick') as HTMLInputElement).files![0]
        const started = performance.now()
        const { audio, durationMs } = await (window as unknown as { extraction: Api }).extraction.extractAudio(picked)
        const ms = performance.now() - started
        const bytes = new Uint8Array(await audio.arrayBuffer())
        let binary = ''
        for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
        return { ms, durationMs, base64: btoa(binary) }
      })
      await page.close()
      const audio = Buffer.from(out.base64, 'base64')
      results.push({ ms: out.ms, bytes: audio.length, durationMs: out.durationMs, audio })
    }
    return results
  } finally {
    await browser.close()
    server.close()
  }
}
