import { mkdtemp, readdir, readFile, rm, truncate, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createStorage } from './index'
import { createLocalStorage } from './local'
import { StorageError } from './errors'

let dir: string
const read = async (stream: ReadableStream<Uint8Array> | null) => Buffer.from(await new Response(stream).arrayBuffer())
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'storage-test-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('local storage', () => {
  it('round-trips bytes and text, creating sub-folders, leaving no temp files', async () => {
    const storage = createStorage({ driver: 'local', dir })
    expect(storage.kind).toBe('local')
    await expect(storage.put('tasks/42/out.srt', '1\n00:00:01,000 --> 00:00:02,000\n你好\n')).resolves.toEqual({ key: 'tasks/42/out.srt' })
    await storage.put('raw.bin', Buffer.from([0, 255, 1]))
    expect((await storage.get('tasks/42/out.srt'))?.toString('utf8')).toContain('你好')
    expect(await storage.get('raw.bin')).toEqual(Buffer.from([0, 255, 1]))
    expect(await readdir(path.join(dir, 'tasks/42'))).toEqual(['out.srt'])
  })

  it('overwrites, reads a missing key as null, and deletes idempotently', async () => {
    const storage = createLocalStorage({ dir })
    await storage.put('a.txt', 'one')
    await storage.put('a.txt', 'two')
    expect((await storage.get('a.txt'))?.toString()).toBe('two')
    await storage.delete('a.txt')
    await storage.delete('a.txt')
    expect(await storage.get('a.txt')).toBeNull()
    expect(await storage.get('never/was.txt')).toBeNull()
  })

  it('stores a file from disk without holding it: the bytes as they were, the source left, no temp file', async () => {
    const storage = createLocalStorage({ dir: path.join(dir, 'store') })
    const source = path.join(dir, 'mix.wav')
    // 96 MB, most of it a hole: as large as half an hour of a dub's mono track.
    await writeFile(source, Buffer.from('RIFF head'))
    await truncate(source, 96 * 1024 * 1024)
    const before = process.memoryUsage().arrayBuffers
    await expect(storage.putFile('dubs/d1/mix.wav', source, { contentType: 'audio/wav' })).resolves.toEqual({ key: 'dubs/d1/mix.wav' })
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(8 * 1024 * 1024)
    expect(await storage.size('dubs/d1/mix.wav')).toBe(96 * 1024 * 1024)
    expect((await read(await storage.stream('dubs/d1/mix.wav', { start: 0, end: 8 }))).toString()).toBe('RIFF head')
    expect((await readFile(source)).subarray(0, 9).toString()).toBe('RIFF head')
    expect(await readdir(path.join(dir, 'store', 'dubs', 'd1'))).toEqual(['mix.wav'])
    await expect(storage.putFile('dubs/d1/none.wav', path.join(dir, 'missing.wav'))).rejects.toMatchObject({ code: 'ENOENT' })
    expect(await readdir(path.join(dir, 'store', 'dubs', 'd1'))).toEqual(['mix.wav'])
  })

  it('tells an object\'s size and streams it whole or one range of it; a missing key is null', async () => {
    const storage = createLocalStorage({ dir })
    const bytes = Buffer.from(Array.from({ length: 300_000 }, (_, i) => i % 256))
    await storage.put('audio/1.ogg', bytes)
    expect(await storage.size('audio/1.ogg')).toBe(300_000)
    expect((await read(await storage.stream('audio/1.ogg'))).equals(bytes)).toBe(true)
    expect((await read(await storage.stream('audio/1.ogg', { start: 70_000, end: 70_009 }))).equals(bytes.subarray(70_000, 70_010))).toBe(true)
    expect(await storage.size('audio/none.ogg')).toBeNull()
    expect(await storage.stream('audio/none.ogg')).toBeNull()
    await expect(storage.stream('../x', { start: 0, end: 1 })).rejects.toBeInstanceOf(StorageError)
  })

  it('reads a stream as it is consumed and closes the file when it is cancelled', async () => {
    const storage = createLocalStorage({ dir })
    await storage.put('big.bin', Buffer.alloc(4 * 1024 * 1024, 7))
    const reader = (await storage.stream('big.bin'))!.getReader()
    const first = await reader.read()
    expect(first.value!.byteLength).toBeLessThan(1024 * 1024)
    await reader.cancel()
    // Deleting works on every platform only once the handle is closed.
    await storage.delete('big.bin')
    expect(await storage.size('big.bin')).toBeNull()
  })

  it.each(['../escape.txt', 'a/../../escape.txt', '/etc/passwd', 'a//b', 'a/./b', 'dir/', '', 'a\\..\\b', 'C:/x', 'nul\0byte'])(
    'refuses the key %j',
    async (key) => {
      const storage = createLocalStorage({ dir: path.join(dir, 'root') })
      await expect(storage.put(key, 'x')).rejects.toMatchObject({ name: 'StorageError', code: 'invalid_key' })
      await expect(storage.get(key)).rejects.toBeInstanceOf(StorageError)
      await expect(storage.delete(key)).rejects.toBeInstanceOf(StorageError)
      expect(await readdir(dir)).toEqual([])
    },
  )

  it('refuses an oss driver without oss settings', () => {
    expect(() => createStorage({ driver: 'oss', dir })).toThrow(/oss settings/)
  })
})
