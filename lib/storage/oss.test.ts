import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import OSS from 'ali-oss'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startOssFake, type OssFake } from '@/fakes/oss'
import { createStorage } from './index'
import { createOssStorage, ossClientOptions } from './oss'

const creds = { accessKeyId: 'LTAI5tTestKey', accessKeySecret: 'test-secret-value', bucket: 'subtitle-test' }
let fake: OssFake
const read = async (stream: ReadableStream<Uint8Array> | null) => Buffer.from(await new Response(stream).arrayBuffer())

beforeAll(async () => {
  fake = await startOssFake(creds)
})
afterAll(async () => {
  await fake.close()
})

function storageFor(overrides: { accessKeySecret?: string; endpoint?: string } = {}) {
  return createOssStorage({ region: 'cn-hangzhou', bucket: creds.bucket, accessKeyId: creds.accessKeyId, accessKeySecret: creds.accessKeySecret, endpoint: fake.url, ...overrides })
}

describe('oss storage against the OSS fake', () => {
  it('puts, gets and deletes through an IP endpoint (Host-style addressing)', async () => {
    const storage = createStorage({ driver: 'oss', dir: 'unused', oss: { region: 'cn-hangzhou', ...creds, endpoint: fake.url } })
    expect(storage.kind).toBe('oss')
    const put = await storage.put('tasks/7/字幕 final+v2.srt', '1\n00:00:01,000 --> 00:00:02,000\nhi\n')
    expect(put.key).toBe('tasks/7/字幕 final+v2.srt')
    expect(fake.objects.get('tasks/7/字幕 final+v2.srt')?.toString()).toContain('hi')
    expect(fake.requests.at(-1)).toMatchObject({ method: 'PUT', path: '/tasks/7/%E5%AD%97%E5%B9%95%20final%2Bv2.srt', host: 'subtitle-test.oss-cn-hangzhou.aliyuncs.com' })

    expect((await storage.get('tasks/7/字幕 final+v2.srt'))?.toString()).toContain('hi')
    await storage.delete('tasks/7/字幕 final+v2.srt')
    expect(fake.objects.has('tasks/7/字幕 final+v2.srt')).toBe(false)
    expect(await storage.get('tasks/7/字幕 final+v2.srt')).toBeNull()
  })

  it('uses path-style addressing for a localhost endpoint', async () => {
    const storage = storageFor({ endpoint: `http://localhost:${fake.port}` })
    const put = await storage.put('a/b.json', Buffer.from('{"ok":true}'), { contentType: 'application/json' })
    expect(put.url).toBe(`http://localhost:${fake.port}/subtitle-test/a/b.json`)
    expect(fake.requests.at(-1)).toMatchObject({ path: '/subtitle-test/a/b.json', host: `localhost:${fake.port}` })
    expect((await storage.get('a/b.json'))?.toString()).toBe('{"ok":true}')
  })

  it('surfaces a wrong secret as SignatureDoesNotMatch', async () => {
    const storage = storageFor({ accessKeySecret: 'wrong-secret' })
    await expect(storage.put('x.srt', 'x')).rejects.toMatchObject({ name: 'StorageError', code: 'SignatureDoesNotMatch', status: 403 })
    await expect(storage.get('x.srt')).rejects.toMatchObject({ code: 'SignatureDoesNotMatch' })
    expect(fake.objects.has('x.srt')).toBe(false)
  })

  it('refuses a body whose Content-MD5 was tampered with (signature still valid)', async () => {
    const client = new OSS(ossClientOptions({ region: 'cn-hangzhou', ...creds, endpoint: fake.url }))
    const otherMd5 = createHash('md5').update('something else').digest('base64')
    await expect(client.put('md5.srt', Buffer.from('real body'), { headers: { 'Content-MD5': otherMd5 } })).rejects.toMatchObject({ code: 'InvalidDigest', status: 400 })
    expect(fake.objects.has('md5.srt')).toBe(false)
  })

  it('refuses unknown keys, missing tokens and unsigned requests', async () => {
    await expect(createOssStorage({ region: 'cn-hangzhou', ...creds, accessKeyId: 'nobody', endpoint: fake.url }).get('a')).rejects.toMatchObject({ code: 'InvalidAccessKeyId' })
    const anonymous = await fetch(`${fake.url}/${creds.bucket}/a/b.json`)
    expect(anonymous.status).toBe(403)
    expect(await anonymous.text()).toMatch(/<Code>AccessDenied<\/Code>.*<RequestId>[0-9A-F]{24}<\/RequestId>/s)
  })

  it('accepts a presigned GET URL and rejects it once tampered', async () => {
    const client = new OSS(ossClientOptions({ region: 'cn-hangzhou', ...creds, endpoint: `http://localhost:${fake.port}` }))
    fake.objects.set('shared.srt', Buffer.from('shared'))
    const signed = client.signatureUrl('shared.srt', { expires: 60 }).replace('localhost', '127.0.0.1')
    expect(await (await fetch(signed)).text()).toBe('shared')
    expect((await fetch(signed.replace('shared.srt', 'other.srt'))).status).toBe(403)
  })

  it('fails the next PUTs on demand: 500 InternalError, then a hang cut by timeoutMs', async () => {
    const storage = storageFor()
    fake.failNextPuts(1, 'error')
    fake.failNextPuts(1, 'hang')
    await expect(storage.put('f.srt', 'x')).rejects.toMatchObject({ code: 'InternalError', status: 500 })
    await expect(storage.put('f.srt', 'x', { timeoutMs: 300 })).rejects.toMatchObject({ code: 'timeout' })
    await expect(storage.put('f.srt', 'x')).resolves.toMatchObject({ key: 'f.srt' })
  })

  it('stores a file from disk as one PUT of its length, with its content type; a failed PUT is its StorageError', async () => {
    const storage = storageFor()
    const dir = mkdtempSync(path.join(tmpdir(), 'oss-put-file-'))
    try {
      const file = path.join(dir, 'voices.m4a')
      const bytes = Buffer.from(Array.from({ length: 3 * 1024 * 1024 + 17 }, (_, i) => (i * 13) % 256))
      writeFileSync(file, bytes)
      const puts = fake.stats.counters.puts ?? 0
      await expect(storage.putFile('dubs/d2/voices.m4a', file, { contentType: 'audio/mp4' })).resolves.toMatchObject({ key: 'dubs/d2/voices.m4a' })
      expect(fake.stats.counters.puts).toBe(puts + 1)
      expect(fake.objects.get('dubs/d2/voices.m4a')?.equals(bytes)).toBe(true)
      expect(await storage.size('dubs/d2/voices.m4a')).toBe(bytes.length)
      expect((await storage.stream('dubs/d2/voices.m4a'))).not.toBeNull()
      fake.failNextPuts(1, 'error')
      await expect(storage.putFile('dubs/d2/mix.m4a', file)).rejects.toMatchObject({ name: 'StorageError', code: 'InternalError', status: 500 })
      await expect(storage.putFile('../x', file)).rejects.toMatchObject({ name: 'StorageError', code: 'invalid_key' })
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('streams an object whole or by a ranged GET, and tells its size (HEAD)', async () => {
    const storage = storageFor()
    const bytes = Buffer.from(Array.from({ length: 200_000 }, (_, i) => (i * 7) % 256))
    fake.objects.set('audio/9.ogg', bytes)
    const ranged = fake.stats.counters['ranged-gets'] ?? 0
    expect(await storage.size('audio/9.ogg')).toBe(200_000)
    expect(fake.requests.at(-1)).toMatchObject({ method: 'HEAD' })
    const part = await read(await storage.stream('audio/9.ogg', { start: 1000, end: 1099 }))
    expect(part.equals(bytes.subarray(1000, 1100))).toBe(true)
    // The fake answered a ranged GET (206): only those bytes crossed the wire.
    expect(fake.stats.counters['ranged-gets']).toBe(ranged + 1)
    expect((await read(await storage.stream('audio/9.ogg'))).equals(bytes)).toBe(true)
    expect(await storage.size('audio/none.ogg')).toBeNull()
    expect(await storage.stream('audio/none.ogg', { start: 0, end: 1 })).toBeNull()
    await expect(storage.stream('audio/9.ogg', { start: 300_000, end: 300_001 })).rejects.toMatchObject({ name: 'StorageError', code: 'InvalidRange', status: 416 })
  })

  it('answers Range as OSS does: 206 with Content-Range, a suffix, 416 past the end, a malformed one ignored', async () => {
    const client = new OSS(ossClientOptions({ region: 'cn-hangzhou', ...creds, endpoint: fake.url }))
    fake.objects.set('r.bin', Buffer.from('0123456789'))
    const ask = async (range: string) => {
      const { res, stream } = await client.getStream('r.bin', { headers: { Range: range } }).catch((e: { status: number }) => ({ res: { status: e.status, headers: {} }, stream: null }))
      return [res.status, (res.headers as Record<string, string>)['content-range'], stream ? (await read(Readable.toWeb(stream) as ReadableStream<Uint8Array>)).toString() : null]
    }
    expect(await ask('bytes=2-4')).toEqual([206, 'bytes 2-4/10', '234'])
    expect(await ask('bytes=7-')).toEqual([206, 'bytes 7-9/10', '789'])
    expect(await ask('bytes=-3')).toEqual([206, 'bytes 7-9/10', '789'])
    expect(await ask('bytes=5-99')).toEqual([206, 'bytes 5-9/10', '56789'])
    expect(await ask('bytes=10-')).toEqual([416, undefined, null])
    expect(await ask('bytes=0-1,4-5')).toEqual([200, undefined, '0123456789'])
  })

  it('chooses the addressing from the endpoint', () => {
    const base = { region: 'cn-shanghai', bucket: 'b', accessKeyId: 'k', accessKeySecret: 's' }
    expect(ossClientOptions(base)).toMatchObject({ region: 'oss-cn-shanghai', secure: true })
    expect(ossClientOptions(base).endpoint).toBeUndefined()
    expect(ossClientOptions({ ...base, endpoint: 'files.example.com', cname: true })).toMatchObject({ endpoint: 'https://files.example.com', cname: true, sldEnable: false })
    expect(ossClientOptions({ ...base, endpoint: 'http://127.0.0.1:9000' })).toMatchObject({ secure: false, sldEnable: false })
    expect(ossClientOptions({ ...base, endpoint: 'http://localhost:9000' })).toMatchObject({ secure: false, sldEnable: true })
  })
})
