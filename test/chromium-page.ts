// For tests of browser-only code (WebCodecs): a script bundled with esbuild from the project's own
// modules, run in a real Chromium page served from 127.0.0.1 (a secure context, which WebCodecs
// needs), with an <input type=file> to pick files from disk as a user would.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { build } from 'esbuild'
import { chromium, type Page } from 'playwright'
import { testChromiumPath } from './chromium-path'

export type ChromiumPage = { page: Page; pick: (file: string) => Promise<void>; close: () => Promise<void> }

/** One browser script from a module file, or from TypeScript `contents` whose imports resolve from `resolveDir`. */
export async function bundleForBrowser(entry: { file: string } | { contents: string; resolveDir: string }): Promise<string> {
  const bundled = await build({
    ...('file' in entry ? { entryPoints: [path.resolve(entry.file)] } : { stdin: { contents: entry.contents, resolveDir: path.resolve(entry.resolveDir), loader: 'ts' as const } }),
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'error',
    tsconfig: path.resolve('tsconfig.json'),
  })
  return bundled.outputFiles[0].text
}

/** Opens a page running `script` (TypeScript, imports resolved from `resolveDir`). */
export async function openChromiumPage(script: string, resolveDir: string): Promise<ChromiumPage> {
  const js = await bundleForBrowser({ contents: script, resolveDir })
  const html = '<!doctype html><meta charset="utf-8"><input type="file" id="pick"><script src="/page.js"></script>'
  const server = createServer((req, res) => {
    if (req.url === '/page.js') res.writeHead(200, { 'content-type': 'text/javascript' }).end(js)
    else res.writeHead(200, { 'content-type': 'text/html' }).end(html)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const browser = await chromium.launch({ executablePath: testChromiumPath(), args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] })
  const page = await browser.newPage()
  await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`)
  return {
    page,
    pick: (file) => page.setInputFiles('#pick', file),
    close: async () => {
      await browser.close()
      server.close()
    },
  }
}
