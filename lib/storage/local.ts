import { randomUUID } from 'node:crypto'
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
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

  return {
    kind: 'local',
    async put(key, body) {
      const file = fileFor(key)
      await mkdir(path.dirname(file), { recursive: true })
      const temp = `${file}.${randomUUID()}.tmp`
      try {
        await writeFile(temp, body)
        await rename(temp, file)
      } catch (err) {
        await rm(temp, { force: true })
        throw err
      }
      return { key }
    },
    async get(key) {
      try {
        return await readFile(fileFor(key))
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null
        throw err
      }
    },
    async delete(key) {
      await rm(fileFor(key), { force: true })
    },
  }
}
