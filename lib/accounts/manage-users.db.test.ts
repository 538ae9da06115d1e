import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { GET as getFile } from '@/app/api/files/[...key]/route'
import { POST as upload } from '@/app/api/upload/route'
import { POST as allUsers } from '@/app/api/user/all_users/route'
import { POST as createUserRoute } from '@/app/api/user/create_user/route'
import { POST as deleteUserRoute } from '@/app/api/user/delete_user/route'
import { GET as logoutGet } from '@/app/api/user/logout/route'
import { POST as profile } from '@/app/api/user/profile/route'
import { POST as updateProfile } from '@/app/api/user/update_profile/route'
import { createSession } from '@/lib/auth/sessions'
import { sessionCookieHeader } from '@/lib/auth/cookie'
import { db } from '@/lib/db'
import { hashPassword } from './passwords'
import { bearer, call, type Answer } from './test-client'

process.env.STORAGE_DIR = mkdtempSync(path.join(tmpdir(), 'ss-store-'))

const seen: Answer[] = []
const post = async (handler: Parameters<typeof call>[0], url: string, body: unknown, token: string) => {
  const answer = await call(handler, url, { body, headers: bearer(token) })
  seen.push(answer)
  return answer
}

let manager: { id: string; token: string }
let member: { id: string; token: string }

beforeAll(async () => {
  const passwordHash = await hashPassword('secret1')
  const m = await db.user.create({ data: { email: 'boss@example.com', name: 'Boss', isAdmin: true, passwordHash } })
  const u = await db.user.create({ data: { email: 'member@example.com', name: 'Member', passwordHash } })
  manager = { id: m.id, token: await createSession({ userId: m.id }) }
  member = { id: u.id, token: await createSession({ userId: u.id }) }
})

describe('manager calls', () => {
  it('refuses non-managers with 40300 and the spec message on every manager call', async () => {
    for (const [handler, url, body] of [
      [allUsers, '/api/user/all_users', {}],
      [createUserRoute, '/api/user/create_user', { email: 'x@example.com', name: 'Xavier', pass: 'secret1', confirm: 'secret1' }],
      [deleteUserRoute, '/api/user/delete_user', { id: manager.id }],
    ] as const) {
      const answer = await post(handler, url, body, member.token)
      expect([answer.status, answer.code, answer.msg]).toEqual([403, 40300, 'Only administrators can access this feature'])
    }
    expect(await db.user.count({ where: { email: 'x@example.com' } })).toBe(0)
  })

  it('applies the create-user rules with the spec messages', async () => {
    const base = { email: 'new@example.com', name: 'Newbie', pass: 'secret1', confirm: 'secret1' }
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, email: '' }, 'please enter email address'],
      [{ ...base, email: 'bad' }, 'please enter a valid email address'],
      [{ ...base, name: 'N' }, 'name must be 2 to 20 characters'],
      [{ ...base, name: 'N'.repeat(21) }, 'name must be 2 to 20 characters'],
      [{ ...base, pass: undefined }, 'please enter your password'],
      [{ ...base, pass: '12345', confirm: '12345' }, 'password must be 6 to 20 characters'],
      [{ ...base, pass: 'p'.repeat(21), confirm: 'p'.repeat(21) }, 'password must be 6 to 20 characters'],
      [{ ...base, confirm: '' }, 'please confirm the password'],
      [{ ...base, confirm: 'secret2' }, 'two passwords do not match'],
      [{ ...base, pic: 'https://evil.example/x.png' }, 'invalid avatar address'],
    ]
    for (const [body, msg] of cases) {
      const answer = await post(createUserRoute, '/api/user/create_user', body, manager.token)
      expect([answer.code, answer.msg], JSON.stringify(body)).toEqual([40000, msg])
    }
    const created = await post(createUserRoute, '/api/user/create_user', base, manager.token)
    expect(created.data).toMatchObject({ email: 'new@example.com', name: 'Newbie', admin: false })
    const dup = await post(createUserRoute, '/api/user/create_user', { ...base, email: 'NEW@example.com' }, manager.token)
    expect([dup.code, dup.msg]).toEqual([40900, 'this email is already registered'])
  })

  it('lists users as a plain array, or a page of 10', async () => {
    for (let i = 0; i < 11; i++) await db.user.create({ data: { email: `bulk${i}@example.com`, name: `Bulk ${i}` } })
    const all = await post(allUsers, '/api/user/all_users', undefined, manager.token)
    expect(Array.isArray(all.data)).toBe(true)
    expect(Object.keys(all.data[0]).sort()).toEqual(['admin', 'email', 'id', 'name', 'pic'])
    const page = await post(allUsers, '/api/user/all_users', { page: 2, size: 10 }, manager.token)
    expect(page.data).toMatchObject({ pageNum: 2, pageSize: 10, totalCount: all.data.length, hasPrevPage: true })
    expect(page.data.list.length).toBe(all.data.length - 10)
  })

  it('deletes a user and refuses their token at once, but never the manager themself', async () => {
    const self = await post(deleteUserRoute, '/api/user/delete_user', { id: manager.id }, manager.token)
    expect([self.status, self.code, self.msg]).toEqual([403, 40300, 'you cannot delete your own account'])
    expect((await post(profile, '/api/user/profile', undefined, member.token)).code).toBe(20000)
    const gone = await post(deleteUserRoute, '/api/user/delete_user', { id: member.id }, manager.token)
    expect(gone.data).toEqual({ id: member.id, name: 'Member' })
    const dead = await post(profile, '/api/user/profile', undefined, member.token)
    expect([dead.code, dead.msg]).toEqual([40100, 'user session not found, please log in again'])
    const again = await post(deleteUserRoute, '/api/user/delete_user', { id: member.id }, manager.token)
    expect([again.code, again.msg]).toEqual([40400, 'user does not exist'])
    expect((await post(deleteUserRoute, '/api/user/delete_user', {}, manager.token)).msg).toBe('please specify a user')
  })
})

describe('profile and avatar', () => {
  it('updates the name with the 2-20 rule', async () => {
    for (const name of ['', 'A', 'B'.repeat(21)]) {
      expect((await post(updateProfile, '/api/user/update_profile', { name }, manager.token)).code).toBe(40000)
    }
    const ok = await post(updateProfile, '/api/user/update_profile', { name: '  Big Boss ' }, manager.token)
    expect(ok.data).toMatchObject({ name: 'Big Boss', admin: true })
  })

  it('re-encodes an uploaded image to a 256 px WebP and serves it', async () => {
    const png = await sharp({ create: { width: 600, height: 300, channels: 3, background: '#3366ff' } }).png().toBuffer()
    const form = new FormData()
    form.set('avatar', new File([new Uint8Array(png)], 'me.png', { type: 'image/png' }))
    const answer = await call(upload, '/api/upload', { raw: form, headers: bearer(manager.token) })
    expect(answer.code).toBe(20000)
    const url: string = answer.data.url
    expect(url).toMatch(/^\/api\/files\/avatars\/.+\.webp$/)
    const file = await call(getFile, url, { method: 'GET', params: { key: url.replace('/api/files/', '').split('/') } })
    expect(file.status).toBe(200)
    const saved = await post(updateProfile, '/api/user/update_profile', { name: 'Big Boss', pic: url }, manager.token)
    expect(saved.data.pic).toBe(url)
    const res = await getFile(new (await import('next/server')).NextRequest(`http://cn.localhost:3000${url}`), { params: Promise.resolve({ key: url.replace('/api/files/', '').split('/') }) })
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256])
  })

  it('refuses non-images, big files and other storage paths', async () => {
    const text = new FormData()
    text.set('avatar', new File(['hello'], 'x.png', { type: 'image/png' }))
    expect((await call(upload, '/api/upload', { raw: text, headers: bearer(manager.token) })).msg).toBe('only image files can be uploaded')
    const big = new FormData()
    big.set('avatar', new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }))
    expect((await call(upload, '/api/upload', { raw: big, headers: bearer(manager.token) })).msg).toBe('image must be at most 2 MB')
    expect((await call(upload, '/api/upload', { raw: new FormData(), headers: bearer(manager.token) })).msg).toBe('please choose an image')
    expect((await call(upload, '/api/upload', { raw: new FormData() })).code).toBe(40100)
    for (const key of [['translated-files', 'x.srt'], ['avatars', '..', 'x.webp'], ['avatars', 'a', 'b.png']]) {
      expect((await call(getFile, `/api/files/${key.join('/')}`, { method: 'GET', params: { key } })).status).toBe(404)
    }
  })
})

describe('sign-out for page guards', () => {
  it('ends the session, clears the cookie and redirects only to local paths', async () => {
    const token = await createSession({ userId: manager.id })
    const cookie = (await sessionCookieHeader(token)).split(';')[0]
    const answer = await call(logoutGet, '/api/user/logout?next=%2Fen-US%2Flogin', { method: 'GET', headers: { cookie } })
    expect([answer.status, answer.location]).toEqual([303, '/en-US/login'])
    expect(answer.cookies.join()).toMatch(/ss_session=;.*Max-Age=0/)
    expect((await post(profile, '/api/user/profile', undefined, token)).code).toBe(40100)
    for (const next of ['https://evil.example', '//evil.example', '/\\evil.example']) {
      expect((await call(logoutGet, `/api/user/logout?next=${encodeURIComponent(next)}`, { method: 'GET' })).location).toBe('/login')
    }
  })

  it('never sends a password hash', () => {
    for (const answer of seen) expect(answer.text).not.toMatch(/passwordHash|\$argon2/)
  })
})
