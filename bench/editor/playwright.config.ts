import { fileURLToPath } from 'node:url'
import { defineConfig } from '@playwright/test'
import base from '../../playwright.config'

// The editor benchmark runs like the browser tests (production build, fresh database, fakes) but
// from its own folder, so `npm run test:e2e` never runs it. Usage: npm run build && npm run bench:editor
export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: 'editor.bench.ts',
  timeout: 180_000,
  // Playwright's trace recorder streams screenshots from the page; it would be measured with the editor.
  use: { ...base.use, trace: 'off', screenshot: 'off', video: 'off' },
  reporter: [['list']],
  globalSetup: fileURLToPath(new URL('../../e2e/global-setup.ts', import.meta.url)),
  webServer: { ...base.webServer, cwd: fileURLToPath(new URL('../..', import.meta.url)) } as typeof base.webServer,
})
