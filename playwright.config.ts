import { defineConfig, devices } from '@playwright/test'
import { E2E } from './e2e/env'
import { testChromiumPath } from './test/chromium-path'

// Browser tests run against a production build (`next build` first) served by `npm run start:e2e`:
// a fresh database, the sandbox fakes on fixed ports, and a test SMTP server with an HTTP inbox.
export default defineConfig({
  testDir: './e2e',
  timeout: 45_000,
  expect: { timeout: 10_000 },
  // Three spec files at a time on our two cores: part of a browser test is waiting on the server, the
  // fakes and polling, and with two the cores still sat idle a sixth of the run. Tests that count a
  // balance, an order or a lot do it as a creator of their own (`newCreator`), so side-by-side specs
  // never move their figures.
  workers: Number(process.env.E2E_WORKERS ?? 3),
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  globalSetup: './e2e/global-setup.ts',
  use: {
    baseURL: E2E.cnUrl,
    // No trace unless asked for (E2E_TRACE=1): recording one snapshots the DOM around every action,
    // a fifth of the browser's work in the editor's specs, for a file kept only when a test fails,
    // which CI's printed log does not carry. Asked for, DOM snapshots only: the screenshot stream
    // costs a third of the suite's time on two cores and slows pages enough to hide races.
    trace: process.env.E2E_TRACE ? { mode: 'retain-on-failure', screenshots: false, snapshots: true } : 'off',
    screenshot: 'only-on-failure',
    // A user who asks for less motion (app/globals.css): spinners and pulses stand still. Turning,
    // each drew 60 frames a second in the page and the compositor for as long as a test waited on
    // it; no test is about motion.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: testChromiumPath(),
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], baseURL: E2E.cnUrl } }],
  webServer: {
    command: 'npm run start:e2e',
    // Node cannot resolve *.localhost, so readiness is checked on 127.0.0.1.
    url: `http://127.0.0.1:${E2E.port}/api/health`,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: E2E.serverEnv,
  },
})
