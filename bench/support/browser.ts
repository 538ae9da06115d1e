// Shared by the benchmarks that drive Chromium against the production server (the pipeline, the
// timeline): the browser, the creator signed in, and the runs, each on a page of its own.
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright'

/** The figure in the middle of a run's list (the upper one of two). */
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

/** Chromium (CHROMIUM_PATH, else the system's) without the background work that would skew a timing; `extraArgs` added. */
export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic', ...extraArgs],
  })
}

async function signIn(page: Page, base: string, creator: { email: string; password: string }) {
  await page.goto(`${base}/login`)
  await page.getByTestId('login-email').fill(creator.email)
  await page.getByTestId('login-password').fill(creator.password)
  await page.getByTestId('login-submit').click()
  await page.waitForURL(/\/dashboard/, { timeout: 30_000 })
}

/**
 * `count` runs of `oneRun`, each on a new page of `context`, the creator signed in first on a page
 * of its own, closed after: the run's page is then the only tab, in front, as a creator's is (a tab
 * behind another may have its timers throttled by Chromium). Prints each run as it ends.
 */
export async function signedInRuns<R>(context: BrowserContext, { base, creator, count, oneRun }: { base: string; creator: { email: string; password: string }; count: number; oneRun: (page: Page, i: number) => Promise<R> }): Promise<R[]> {
  const signInPage = await context.newPage()
  await signIn(signInPage, base, creator)
  await signInPage.close()
  const runs: R[] = []
  for (let i = 0; i < count; i++) {
    const page = await context.newPage()
    const run = await oneRun(page, i)
    await page.close()
    runs.push(run)
    console.log(`run ${i + 1}:`, JSON.stringify(run))
  }
  return runs
}
