import 'server-only'
import { db } from '@/lib/db'
import { AppError } from '@/lib/errors'
import { consumeRateLimit } from '@/lib/rate-limit'
import type { MemoryImportResult } from './contract'
import { inMemoryLock, MAX_MEMORY_ENTRIES, newKeys, writeMemoryRows } from './remember'
import { MAX_IMPORT_TEXT_CHARS, TMX_TAIL, tmxHead, tmxUnit } from './tmx'
import { readTmxOffThread } from './tmx-off-thread'

/** Imports one user may start in a window: reading a large file is the heaviest thing the memory does. */
export const IMPORTS_PER_WINDOW = 10
const IMPORT_WINDOW_MS = 10 * 60_000
/** Entries the export reads from the database at a time. */
const EXPORT_PAGE = 1_000

/**
 * Counts one import of the user, before a byte of the file is read: past IMPORTS_PER_WINDOW in
 * ten minutes it is a 42900 "too many requests".
 */
export async function limitMemoryImports({ userId }: { userId: string }): Promise<void> {
  const window = await consumeRateLimit({ key: `memory-import:${userId}`, limit: IMPORTS_PER_WINDOW, windowMs: IMPORT_WINDOW_MS })
  if (!window.isAllowed) throw new AppError('rate_limited', 'rateLimited')
}

/**
 * The user's memory of one language pair as a TMX 1.4 file, streamed: entries are read a page at
 * a time as the client takes them, so a memory of any size is never one string in memory.
 */
export function exportMemoryTmx({ userId, sourceLanguage, targetLanguage }: { userId: string; sourceLanguage: string; targetLanguage: string }): { fileName: string; body: ReadableStream<Uint8Array> } {
  const encoder = new TextEncoder()
  let after: string | null = null
  let isStarted = false
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!isStarted) {
        isStarted = true
        return controller.enqueue(encoder.encode(tmxHead({ sourceLanguage })))
      }
      const entries = await db.memoryEntry.findMany({
        where: { userId, sourceLanguage, targetLanguage },
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
        select: { id: true, sourceText: true, targetText: true, origin: true, updatedAt: true },
        take: EXPORT_PAGE,
        ...(after ? { cursor: { id: after }, skip: 1 } : {}),
      })
      if (entries.length > 0) {
        after = entries.at(-1)!.id
        controller.enqueue(encoder.encode(entries.map((entry) => tmxUnit({ sourceLanguage, targetLanguage, entry })).join('')))
      }
      if (entries.length < EXPORT_PAGE) {
        controller.enqueue(encoder.encode(TMX_TAIL))
        controller.close()
      }
    },
  })
  return { fileName: `translation-memory.${sourceLanguage}-${targetLanguage}.tmx`, body }
}

/**
 * Imports a TMX file into the user's memory, all or nothing. Rules: the file is read off the event
 * loop (readTmxOffThread: caps before parsing, 40000 for anything not TMX or too large); lines
 * longer than a cue may be are left out and counted (`tooLong`); an import that would take the
 * memory past MAX_MEMORY_ENTRIES is refused (40000, nothing imported). Imported translations
 * count as a person's (they replace machine entries and earlier imports of the same line).
 */
export async function importMemoryTmx({ userId, file }: { userId: string; file: File | null }): Promise<MemoryImportResult> {
  if (!file || typeof file === 'string') throw new AppError('bad_request', 'memoryFileRequired')
  const { pairs, skipped, tooLong } = await readTmxOffThread(new Uint8Array(await file.arrayBuffer()))
  const imported = await inMemoryLock(db, userId, async (tx) => {
    const count = await tx.memoryEntry.count({ where: { userId } })
    const lines = pairs.reduce((sum, pair) => sum + pair.keys.length, 0)
    if (count + lines > MAX_MEMORY_ENTRIES) {
      let adding = 0
      for (const pair of pairs) adding += (await newKeys(tx, { userId, ...pair })).size
      if (count + adding > MAX_MEMORY_ENTRIES) throw new AppError('bad_request', 'memoryFull', { max: MAX_MEMORY_ENTRIES, count, adding })
    }
    let written = 0
    for (const { sourceLanguage, targetLanguage, keys, sources, targets } of pairs) {
      const rows = { keys, sources, targets, origins: keys.map(() => 'edited' as const) }
      written += await writeMemoryRows(tx, { userId, sourceLanguage, targetLanguage, rows })
    }
    return written
  })
  return { imported, skipped, tooLong, maxChars: MAX_IMPORT_TEXT_CHARS }
}
