// Private answers are never cached (issue 24, item 7): every answer of route() that depends on
// the caller, or carries a session cookie, says `Cache-Control: no-store`; only a handler's own
// public answer (an avatar) stays cacheable, and it then carries no cookie.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { stopBoss } from '@/lib/jobs'
import { grantPoints } from '@/lib/points'
import { createUser } from '@/lib/accounts/users'
import { appStorage } from '@/lib/storage/app-storage'
import { buildSrt, buildRequest, ctx, makeUser, multipart, sessionCookie } from '@/test/route-harness'
import { POST as emailAuth } from '@/app/api/email/auth/route'
import { GET as listTasks, POST as createTask } from '@/app/api/tasks/route'
import { GET as getTask } from '@/app/api/tasks/[id]/route'
import { GET as listGlossary } from '@/app/api/glossary/route'
import { GET as health } from '@/app/api/health/route'
import { GET as avatarFile } from '@/app/api/files/[...key]/route'

const storageDir = mkdtempSync(path.join(tmpdir(), 'ss-no-store-'))
Object.assign(process.env, { STORAGE_DIR: storageDir, DEEPSEEK_API_KEY: 'sk-unused' })

afterAll(async () => {
  await stopBoss()
  rmSync(storageDir, { recursive: true, force: true })
})

describe('Cache-Control of API answers', () => {
  it('is no-store on the signed-in JSON answers, by Bearer token and by cookie', async () => {
    const { user, token, auth } = await makeUser()
    await grantPoints({ userId: user.id, amount: 100, key: `g:${user.id}` })
    const created = await createTask(multipart('/api/tasks', auth, { name: 'a.srt', body: buildSrt(2) }, { targetLanguage: 'ja', service: 'deepseek' }), ctx())
    const taskId = (await created.json()).data.id as string
    const cookie = await sessionCookie(token)
    for (const signIn of [{ token }, { cookie }]) {
      for (const [name, res] of [
        ['create', created],
        ['tasks', await listTasks(buildRequest('/api/tasks', { method: 'GET', ...signIn }), ctx())],
        ['task', await getTask(buildRequest(`/api/tasks/${taskId}`, { method: 'GET', ...signIn }), ctx({ id: taskId }))],
        ['glossary', await listGlossary(buildRequest('/api/glossary', { method: 'GET', ...signIn }), ctx())],
      ] as const) {
        expect({ name, status: res.status, cacheControl: res.headers.get('cache-control') }).toEqual({ name, status: 200, cacheControl: 'no-store' })
      }
    }
  })

  it('is no-store on a sign-in, whose body holds the session token, and on its refusal', async () => {
    await createUser({ email: 'cache@example.com', name: 'Cache', password: 'right-pass' })
    const ok = await emailAuth(buildRequest('/api/email/auth', { body: { email: 'cache@example.com', pass: 'right-pass' } }), ctx())
    expect((await ok.json()).data.token).toBeTruthy()
    expect(ok.headers.get('cache-control')).toBe('no-store')
    const wrong = await emailAuth(buildRequest('/api/email/auth', { body: { email: 'cache@example.com', pass: 'wrong-pass' } }), ctx())
    expect(wrong.status).toBe(400)
    expect(wrong.headers.get('cache-control')).toBe('no-store')
  })

  it('is no-store on errors and on public answers too', async () => {
    const unauthorized = await listTasks(buildRequest('/api/tasks', { method: 'GET' }), ctx())
    expect(unauthorized.status).toBe(401)
    expect(unauthorized.headers.get('cache-control')).toBe('no-store')
    expect((await health(buildRequest('/api/health', { method: 'GET' }), ctx())).headers.get('cache-control')).toBe('no-store')
  })

  it('keeps an avatar cacheable, without the session cookie a signed-in browser would get back', async () => {
    const { token } = await makeUser()
    const key = 'avatars/someone/pic.webp'
    await appStorage().put(key, Buffer.from('RIFF....WEBP'), { contentType: 'image/webp' })
    const res = await avatarFile(buildRequest(`/api/files/${key}`, { method: 'GET', cookie: await sessionCookie(token) }), ctx({ key: key.split('/') }))
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(res.headers.get('set-cookie')).toBeNull()
  })
})
