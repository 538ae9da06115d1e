import { readdirSync } from 'node:fs'
import path from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'
import { vendorJassub } from './vendor-jassub'

// `npm run dev` (README line 1) writes generated files into the checkout; `npm test` (line 2) lints
// the same checkout afterwards, so nothing generated may reach the linter.
const ROOT = path.resolve(__dirname, '..')

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  )
}

describe('ESLint and generated files', () => {
  const eslint = new ESLint({ cwd: ROOT })

  it('ignores the libass files next.config.ts writes into public/vendor/', async () => {
    vendorJassub(ROOT)
    const written = filesUnder(path.join(ROOT, 'public', 'vendor'))
    expect(written.some((file) => file.endsWith('.js'))).toBe(true)
    for (const file of written) expect(await eslint.isPathIgnored(file), file).toBe(true)
  }, 60_000)

  it('ignores every other place git ignores as generated', async () => {
    const generated = ['bench/out/run.js', 'blob-report/report.js', 'test-results/trace.js', 'playwright-report/index.js', '.next/server/page.js', '.data/x.js']
    for (const file of generated) expect(await eslint.isPathIgnored(path.join(ROOT, file)), file).toBe(true)
  })

  it('still lints the sources', async () => {
    for (const file of ['next.config.ts', 'scripts/vendor-jassub.ts', 'lib/db/index.ts', 'public/sw.js']) {
      expect(await eslint.isPathIgnored(path.join(ROOT, file)), file).toBe(false)
    }
  })
})
