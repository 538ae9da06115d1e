import { randomUUID } from 'node:crypto'
import { copyFile, mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { assertSafeKey, StorageError } from './errors'
import type { StorageDriver } from './types'

/**
 * Stores objects as files under `dir`. Rules: keys are checked by `assertSafeKey` and the resolved
 * path must stay inside `dir`; writes go to a temp file in the same folder and are renamed into
 * place, so a reader never sees half a file.
 */
export function createLocalStorage({ dir }: { dir: string }): StorageDriver {
  const root = path.resolve(dir)

  function fileFor(key: string): string {
    const file = path.resolve(root, assertSafeKey(key))
    // Second line of defence in case the key rules ever loosen.
    const relative = path.relative(root, file)
    if (!relative || relative.startsWith('..') || path.isAbsolute(relative)) {
      throw new StorageError('invalid_key', `Refused storage key ${JSON.stringify(key)}`)
    }
    return file
  }

  /** Writes through a temp file beside the object's, renamed into place once whole. */
  async function writeWhole(key: string, write: (temp: string) => Promise<void>) {
    const file = fileFor(key)
    await mkdir(path.dirname(file), { recursive: true })
    const temp = `${file}.${randomUUID()}.tmp`
    try {
      await write(temp)
      await rename(temp, file)
    } catch (err) {
      await rm(temp, { force: true })
      throw err
    }
    return { key }
  }

  return {
    kind: 'local',
    put: (key, body) => writeWhole(key, (temp) => writeFile(temp, body)),
    // The kernel copies the bytes: none pass through this process's memory.
    putFile: (key, source) => writeWhole(key, (temp) => copyFile(source, temp)),
    async get(key) {
      return orNullWhenMissing(readFile(fileFor(key)))
    },
    async size(key) {
      const info = await orNullWhenMissing(stat(fileFor(key)))
      return info?.isFile() ? info.size : null
    },
    async stream(key, range) {
      const handle = await orNullWhenMissing(open(fileFor(key), 'r'))
      if (!handle) return null
      // The stream owns the handle: it closes the file when read to its end or cancelled.
      return Readable.toWeb(handle.createReadStream(range ? { start: range.start, end: range.end } : {})) as ReadableStream<Uint8Array>
    },
    async delete(key) {
      await rm(fileFor(key), { force: true })
    },
  }
}

async function orNullWhenMissing<T>(pending: Promise<T>): Promise<T | null> {
  try {
    return await pending
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw err
  }
}
