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
import { createSession, endSession } from '@/lib/auth/sessions'
import { sessionCookieHeader } from '@/lib/auth/cookie'
import { db } from '@/lib/db'
import { hashPassword } from './passwords'
import { bearer, call, type Answer } from '@/test/route-harness'

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
  it('refuses non-managers with 40300 and the admin-only message on every manager call', async () => {
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

  it('applies the create-user rules with their messages', async () => {
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
    for (const id of ['a\u0000b', 'x'.repeat(65), '../etc', 42]) {
      const odd = await post(deleteUserRoute, '/api/user/delete_user', { id }, manager.token)
      expect([odd.status, odd.code], JSON.stringify(id)).toEqual([400, 40000])
    }
  })
})

describe('profile and avatar', () => {
  it('updates the name with the 2-20 rule', async () => {
    for (const [name, msg] of [['', 'please enter a name'], [undefined, 'please enter a name'], ['A', 'name must be 2 to 20 characters'], ['B'.repeat(21), 'name must be 2 to 20 characters'], ['Bo\u0000ss', 'name contains characters that are not allowed']]) {
      const answer = await post(updateProfile, '/api/user/update_profile', { name }, manager.token)
      expect([answer.status, answer.code, answer.msg]).toEqual([400, 40000, msg])
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

  it('keeps a picture from Google or WeChat unchanged, but only ever sets an avatar the user uploaded', async () => {
    const googlePicture = 'https://lh3.googleusercontent.com/a/photo=s96-c'
    const other = await db.user.create({ data: { email: 'g@example.com', name: 'Googler', picture: googlePicture, googleSub: 'g-1' } })
    const token = await createSession({ userId: other.id })
    // The edit dialog sends the picture it was given back unchanged: the name still saves.
    const renamed = await post(updateProfile, '/api/user/update_profile', { name: 'Googler Two', pic: googlePicture }, token)
    expect(renamed.data).toMatchObject({ name: 'Googler Two', pic: googlePicture })
    for (const pic of ['https://evil.example/x.png', `/api/files/avatars/${manager.id}/abc-123.webp`, '/api/files/avatars/../x.webp']) {
      const answer = await post(updateProfile, '/api/user/update_profile', { name: 'Googler Two', pic }, token)
      expect([answer.code, answer.msg], pic).toEqual([40000, 'invalid avatar address'])
    }
    // A NUL is refused by route() for every field before any handler sees it.
    const nul = await post(updateProfile, '/api/user/update_profile', { name: 'Googler Two', pic: 'a\u0000b' }, token)
    expect([nul.code, nul.msg]).toEqual([40000, 'pic contains a NUL character, which text cannot hold'])
    const own = await post(updateProfile, '/api/user/update_profile', { name: 'Googler Two', pic: `/api/files/avatars/${other.id}/abc-123.webp` }, token)
    expect(own.data.pic).toBe(`/api/files/avatars/${other.id}/abc-123.webp`)
    const cleared = await post(updateProfile, '/api/user/update_profile', { name: 'Googler Two', pic: '' }, token)
    expect(cleared.data.pic).toBe('')
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
  it('clears a dead cookie, never ends a live session (a cross-site link cannot sign out), redirects only to local paths', async () => {
    const token = await createSession({ userId: manager.id })
    const cookie = (await sessionCookieHeader(token)).split(';')[0]
    const live = await call(logoutGet, '/api/user/logout?next=%2Fen-US%2Flogin', { method: 'GET', headers: { cookie } })
    expect([live.status, live.location]).toEqual([303, '/en-US/login'])
    expect(live.cookies.join()).not.toMatch(/Max-Age=0/)
    expect((await post(profile, '/api/user/profile', undefined, token)).code).toBe(20000)
    await endSession(token)
    const answer = await call(logoutGet, '/api/user/logout?next=%2Fen-US%2Flogin', { method: 'GET', headers: { cookie } })
    expect([answer.status, answer.location]).toEqual([303, '/en-US/login'])
    expect(answer.cookies.join()).toMatch(/ss_session=;.*Max-Age=0/)
    for (const next of ['https://evil.example', '//evil.example', '/\\evil.example', '/%2e%2e//evil.example', '/\tevil']) {
      expect((await call(logoutGet, `/api/user/logout?next=${encodeURIComponent(next)}`, { method: 'GET' })).location).toBe('/login')
    }
    // A Location header carries no raw Unicode: the path is percent-encoded, not a 500.
    const unicode = await call(logoutGet, `/api/user/logout?next=${encodeURIComponent('/ja-JP/ログイン')}`, { method: 'GET' })
    expect([unicode.status, unicode.location]).toEqual([303, '/ja-JP/%E3%83%AD%E3%82%B0%E3%82%A4%E3%83%B3'])
  })

  it('never sends a password hash', () => {
    for (const answer of seen) expect(answer.text).not.toMatch(/passwordHash|\$argon2/)
  })
})
