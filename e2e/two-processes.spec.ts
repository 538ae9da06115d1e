import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { DEMO } from './helpers'
import { E2E } from './env'

// Nothing a second instance needs lives in process memory. A second
// web process on the same database accepts the first one's session, and sees its sign-out at once.
const SECOND_PORT = E2E.port + 1
let second: ChildProcess

async function waitForHealth(url: string) {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`${url} never answered`)
}

test.beforeAll(async () => {
  const env = JSON.parse(readFileSync(path.resolve('.data/e2e-env.json'), 'utf8')) as NodeJS.ProcessEnv
  second = spawn(process.execPath, [path.resolve('node_modules/next/dist/bin/next'), 'start', '-p', String(SECOND_PORT)], {
    env: { ...env, PORT: String(SECOND_PORT), WORKER_MODE: 'external' },
    stdio: 'ignore',
  })
  await waitForHealth(`http://127.0.0.1:${SECOND_PORT}/api/health`)
})

test.afterAll(() => {
  second?.kill('SIGTERM')
})

test('a session made on one web process works on another, and sign-out there ends it here', async ({ request }) => {
  const first = E2E.apiUrl
  const other = `http://127.0.0.1:${SECOND_PORT}`
  const signIn = await request.post(`${first}/api/email/auth`, { data: { email: DEMO.user.email, pass: DEMO.user.password } })
  const { data } = (await signIn.json()) as { data: { token: string } }
  const auth = { authorization: `Bearer ${data.token}` }

  const profile = await request.post(`${other}/api/user/profile`, { headers: auth })
  expect(await profile.json()).toMatchObject({ code: 20000, data: { email: DEMO.user.email } })

  const points = await (await request.post(`${other}/api/user/get_point`, { headers: auth })).json()
  expect(points.data.point).toBeGreaterThan(0)

  await request.post(`${other}/api/user/logout`, { headers: auth })
  const after = await request.post(`${first}/api/user/profile`, { headers: auth })
  expect(after.status()).toBe(401)
  expect((await after.json()).code).toBe(40100)
})
