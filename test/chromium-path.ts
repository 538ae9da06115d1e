import { existsSync } from 'node:fs'

// The browser the tests drive: CHROMIUM_PATH when set, else Debian's headless shell (the same
// Chromium build without the desktop browser's compositing and UI, so each page costs less CPU;
// scripts/test-all.sh installs it), else the full Chromium.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell'
const FULL_BROWSER = '/usr/bin/chromium'

/** Where the Chromium the tests launch is. */
export function testChromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_BROWSER)
}
