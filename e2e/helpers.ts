import { execFileSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, request, type APIRequestContext, type Page } from '@playwright/test'
import { E2E } from './env'

/** A new address no other test run uses, `prefix-…@example.com`. */
export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.com`

/**
 * Sets a new password in a form whose fields are `{fields}-pass` and `{fields}-confirm`: first with
 * `typo` as the confirmation, which the form refuses with `mismatch` (in the page's language), then
 * with the password twice; `submit` is the submit button's test id.
 */
export async function setPasswordAfterTypo(page: Page, { fields, submit, password, typo, mismatch }: { fields: string; submit: string; password: string; typo: string; mismatch: string }) {
  await page.getByTestId(`${fields}-pass`).fill(password)
  await page.getByTestId(`${fields}-confirm`).fill(typo)
  await page.getByTestId(submit).click()
  await expect(page.getByText(mismatch)).toBeVisible()
  await page.getByTestId(`${fields}-confirm`).fill(password)
  await page.getByTestId(submit).click()
}

/** The newest verification code the test SMTP server received for an address. */
export async function readMailedCode(to: string, { timeoutMs = 10_000 } = {}): Promise<string> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const res = await fetch(`${E2E.fakes.smtpInbox}/messages?to=${encodeURIComponent(to)}`)
    const { messages } = (await res.json()) as { messages: { code: string | null }[] }
    const code = messages.findLast((m) => m.code)?.code
    if (code) return code
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`no code mailed to ${to}`)
}

/** Steers a fake's fault injection (see fakes/faults.ts for the fault's shape). */
export async function setFault(fakeUrl: string, spec: Record<string, unknown> | null) {
  await fetch(`${fakeUrl}/__faults`, spec ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(spec) } : { method: 'DELETE' })
}

/** Signs in through the email form, on its page, and lands on the dashboard. */
export async function signInWithForm(page: Page, { email, password, baseUrl = E2E.cnUrl }: { email: string; password: string; baseUrl?: string }) {
  await page.goto(`${baseUrl}/login`)
  await page.getByTestId('login-email').fill(email)
  await page.getByTestId('login-password').fill(password)
  await page.getByTestId('login-submit').click()
  await expect(page).toHaveURL(/\/dashboard/, { timeout: 15_000 })
}

/**
 * Signs in through the API the form calls (the form itself: accounts.spec.ts, signInWithForm) and
 * opens the dashboard of `baseUrl`. The session cookie is given to the page's browser for that
 * host, as the form's answer would; loading and filling the form in every test cost CPU the suite
 * has none of.
 */
export async function signIn(page: Page, { email, password, baseUrl = E2E.cnUrl }: { email: string; password: string; baseUrl?: string }) {
  const site = new URL(baseUrl)
  const cookies = await signedInApi(site.host, { email, password }, async (_api, login) => login.setCookies.map((header) => sessionCookieOf(header, site.origin)))
  await page.context().addCookies(cookies)
  await page.goto(`${baseUrl}/dashboard`)
  await expect(page).toHaveURL(/\/dashboard/)
}

/** A Set-Cookie header as Playwright's cookie for `origin` (name, value, HttpOnly, SameSite, expiry). */
function sessionCookieOf(header: string, origin: string) {
  const [pair, ...attributes] = header.split(';').map((part) => part.trim())
  const at = pair.indexOf('=')
  const attribute = (name: string) => attributes.find((a) => a.toLowerCase().startsWith(name))
  const maxAge = Number(attribute('max-age=')?.split('=')[1] ?? NaN)
  const sameSite = attribute('samesite=')?.split('=')[1]?.toLowerCase()
  return {
    name: pair.slice(0, at),
    value: pair.slice(at + 1),
    url: origin,
    httpOnly: attributes.some((a) => a.toLowerCase() === 'httponly'),
    sameSite: sameSite === 'strict' ? ('Strict' as const) : sameSite === 'none' ? ('None' as const) : ('Lax' as const),
    ...(Number.isFinite(maxAge) ? { expires: Math.floor(Date.now() / 1000) + maxAge } : {}),
  }
}

export const DEMO = {
  manager: { email: 'admin@example.com', password: 'admin123456' },
  user: { email: 'demo@example.com', password: 'demo123456' },
}

export type Credentials = { email: string; password: string }

/**
 * Runs `withApi` with a request context of the server for `host` (Node cannot resolve *.localhost, so
 * it calls 127.0.0.1 with that Host), signed in as `who` through the email API: its session cookie
 * kept by the context, and the sign-in's token and Set-Cookie headers handed over. Disposed after.
 */
async function signedInApi<T>(host: string, who: Credentials, withApi: (api: APIRequestContext, login: { token: string; setCookies: string[] }) => Promise<T>): Promise<T> {
  const api = await request.newContext({ baseURL: E2E.apiUrl, extraHTTPHeaders: { host } })
  try {
    const res = await api.post('/api/email/auth', { data: { email: who.email, pass: who.password } })
    const json = await res.json()
    if (json.code !== 20000) throw new Error(`sign-in of ${who.email}: ${json.code} ${json.msg}`)
    const setCookies = res.headersArray().filter((h) => h.name.toLowerCase() === 'set-cookie').map((h) => h.value)
    return await withApi(api, { token: json.data.token, setCookies })
  } finally {
    await api.dispose()
  }
}

/**
 * A creator of the test's own, made by the demo manager through the API and granted `points`.
 * Tests that count a balance, an order or a lot use one, so specs running side by side (and the
 * demo user's translations) never move the figures they check.
 */
export async function newCreator(points: number): Promise<Credentials> {
  return signedInApi(E2E.cnHost, DEMO.manager, async (api) => {
    const call = async <T>(path: string, data: unknown): Promise<T> => {
      const json = await (await api.post(path, { data })).json()
      if (json.code !== 20000) throw new Error(`${path}: ${json.code} ${json.msg}`)
      return json.data as T
    }
    const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`
    const creator = { email: `creator-${stamp}@example.com`, password: 'secret123' }
    const { id } = await call<{ id: string }>('/api/user/create_user', { email: creator.email, name: 'Test Creator', pass: creator.password })
    if (points > 0) await call('/api/user/adjust_points', { id, points, direction: 'grant', reason: 'starting balance', idempotencyKey: `start-${stamp}` })
    return creator
  })
}

/**
 * Waits until the editor has hydrated: its rows arrive rendered on the server, and a click on one
 * before React runs does nothing (typing is refused: the boxes are read-only until then).
 */
export async function editorReady(page: Page) {
  await expect(page.getByTestId('segment-list')).toHaveAttribute('data-hydrated', 'true')
}

/** Calls the API from the page (its session cookie, its origin) and unwraps the envelope; any other code than 20000 throws. */
export async function pageApi<T>(page: Page, path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  return page.evaluate(
    async ({ path, init }) => {
      const res = await fetch(path, { method: init.method ?? 'GET', headers: { 'content-type': 'application/json' }, body: init.body === undefined ? undefined : JSON.stringify(init.body) })
      const json = await res.json()
      if (json.code !== 20000) throw new Error(`${path}: ${json.code} ${json.msg}`)
      return json.data
    },
    { path, init },
  )
}

/** In the open upload dialog: the target language named `target` (as the dialog lists it), and DeepSeek when the service can be chosen. */
export async function chooseTargetAndDeepSeek(page: Page, target: string) {
  await page.getByTestId('upload-target').click()
  await page.getByRole('option', { name: target, exact: true }).click()
  const service = page.getByTestId('upload-service')
  if (await service.isEnabled()) {
    await service.click()
    await page.getByRole('option', { name: /DeepSeek/ }).click()
  }
  return service
}

/** Picks a recording in the upload dialog, waits for its estimate (the sound extracted and uploaded) and names its spoken language. */
export async function pickRecording(page: Page, file: string, { spoken, timeoutMs }: { spoken: string; timeoutMs: number }) {
  await page.getByTestId('open-upload').first().click()
  await page.getByTestId('upload-input').setInputFiles(file)
  await expect(page.getByTestId('recording-estimate')).toBeVisible({ timeout: timeoutMs })
  await page.getByTestId('recording-source').click()
  await page.getByRole('option', { name: spoken, exact: true }).click()
}

/** Sends the recording `file` (Ogg) to the transcribe API as `creator`, spoken in English; answers the task's id once it has completed. */
export async function transcribedByApi(creator: Credentials, file: string): Promise<string> {
  return signedInApi(E2E.intlHost, creator, async (api, login) => {
    const auth = { authorization: `Bearer ${login.token}` }
    const created = await (await api.post('/api/tasks/transcribe', { headers: auth, multipart: { sourceLanguage: 'en', file: { name: path.basename(file), mimeType: 'audio/ogg', buffer: await readFile(file) } }, timeout: 30_000 })).json()
    expect(created.code, created.msg).toBe(20000)
    await expect
      .poll(async () => (await (await api.get(`/api/tasks/${created.data.id}?segments=0`, { headers: auth })).json()).data.status, { timeout: 60_000 })
      .toBe('completed')
    return created.data.id
  })
}

/**
 * An Ogg recording of espeak-ng `sentences` at their times, written by test/make-recording.ts (in
 * its own process: Playwright's test runner does not load the project's server-side modules) into a new
 * temp folder; the caller removes `dir`.
 */
export function madeRecording(name: string, recording: { sentences: { text: string; atMs: number }[]; totalMs: number }): { dir: string; file: string } {
  const dir = mkdtempSync(path.join(tmpdir(), `${name}-e2e-`))
  const file = path.join(dir, `${name}-${Date.now()}.ogg`)
  execFileSync(path.resolve('node_modules/.bin/tsx'), ['--conditions=react-server', path.resolve('test/make-recording.ts'), file, JSON.stringify(recording)], { encoding: 'utf8', timeout: 60_000 })
  return { dir, file }
}

/**
 * Creates a task from the signed-in page (its session): `srt` into French by the DeepSeek fake,
 * without the memory (earlier tests' edits of the same lines are in it), `batchSize` lines a batch
 * when given; answers the task's id at once.
 */
export async function postTranslation(page: Page, { srt, fileName, batchSize }: { srt: string; fileName: string; batchSize?: number }): Promise<string> {
  return page.evaluate(
    async ({ srt, fileName, batchSize }) => {
      const form = new FormData()
      form.append('file', new File([srt], fileName, { type: 'application/x-subrip' }))
      form.append('targetLanguage', 'fr')
      form.append('service', 'deepseek')
      form.append('useMemory', 'false')
      form.append('sourceLanguage', 'en')
      if (batchSize) form.append('batchSize', String(batchSize))
      const json = await (await fetch('/api/tasks', { method: 'POST', body: form })).json()
      if (json.code !== 20000) throw new Error(json.msg)
      return json.data.id as string
    },
    { srt, fileName, batchSize },
  )
}

/** A task's status as its owner's page reads it. */
export const taskStatus = async (page: Page, taskId: string) => (await pageApi<{ status: string }>(page, `/api/tasks/${taskId}?segments=0`)).status

/** A subtitle file translated into French (postTranslation); answers the task's id once it is completed. */
export async function completedTranslation(page: Page, srt: string, fileName: string): Promise<string> {
  const taskId = await postTranslation(page, { srt, fileName })
  await expect.poll(() => taskStatus(page, taskId), { timeout: 30_000 }).toBe('completed')
  return taskId
}

/** A 5-second WebM recorded in the page from a canvas, its colour and clock changing (no file is downloaded or shipped). */
export async function recordTestVideo(page: Page): Promise<Buffer> {
  const bytes = await page.evaluate(async () => {
    const canvas = document.createElement('canvas')
    canvas.width = 160
    canvas.height = 90
    const context = canvas.getContext('2d')!
    const recorder = new MediaRecorder(canvas.captureStream(25), { mimeType: 'video/webm' })
    const chunks: Blob[] = []
    recorder.ondataavailable = (event) => chunks.push(event.data)
    recorder.start(200)
    const started = performance.now()
    await new Promise<void>((resolve) => {
      const draw = () => {
        const elapsed = performance.now() - started
        context.fillStyle = `hsl(${Math.round(elapsed / 20) % 360} 60% 45%)`
        context.fillRect(0, 0, 160, 90)
        context.fillStyle = '#fff'
        context.fillText((elapsed / 1000).toFixed(1), 10, 50)
        if (elapsed < 5000) requestAnimationFrame(draw)
        else resolve()
      }
      draw()
    })
    const stopped = new Promise((resolve) => (recorder.onstop = resolve))
    recorder.stop()
    await stopped
    return Array.from(new Uint8Array(await new Blob(chunks).arrayBuffer()))
  })
  return Buffer.from(bytes)
}

/** A new creator (1,000 points) signed in at 1280x800, in the editor of their translated file (`prefix`: the locale's path); answers the task's id. */
export async function inEditorOfTranslation(page: Page, { srt, fileName, prefix }: { srt: string; fileName: string; prefix: string }): Promise<string> {
  await page.setViewportSize({ width: 1280, height: 800 })
  await signIn(page, await newCreator(1000))
  const taskId = await completedTranslation(page, srt, fileName)
  await page.goto(`${E2E.cnUrl}${prefix}/edit/${taskId}`)
  await editorReady(page)
  return taskId
}
