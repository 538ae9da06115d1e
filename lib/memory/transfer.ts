import 'server-only'
import { db } from '@/lib/db'
import { AppError } from '@/lib/errors'
import type { MemoryImportResult } from './contract'
import { rememberTranslations } from './remember'
import { parseTmx, toTmx } from './tmx'

/** Units one import may bring (a TMX of a whole series' subtitles is far smaller). */
export const MAX_IMPORT_UNITS = 100_000

/** The user's memory of one language pair as a TMX 1.4 file. */
export async function exportMemoryTmx({ userId, sourceLanguage, targetLanguage }: { userId: string; sourceLanguage: string; targetLanguage: string }): Promise<{ fileName: string; body: string }> {
  const entries = await db.memoryEntry.findMany({ where: { userId, sourceLanguage, targetLanguage }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] })
  return { fileName: `translation-memory.${sourceLanguage}-${targetLanguage}.tmx`, body: toTmx({ sourceLanguage, targetLanguage, entries }) }
}

/**
 * Imports a TMX file into the user's memory, all or nothing: a file that is not TMX (40000) or
 * too large imports nothing. Imported translations count as a person's (they replace machine
 * entries and earlier imports of the same line).
 */
export async function importMemoryTmx({ userId, file }: { userId: string; file: File | null }): Promise<MemoryImportResult> {
  if (!file || typeof file === 'string') throw new AppError('bad_request', 'memoryFileRequired')
  const text = new TextDecoder('utf-8', { fatal: false }).decode(await file.arrayBuffer())
  const { units, skipped } = parseTmx(text)
  if (units.length > MAX_IMPORT_UNITS) throw new AppError('bad_request', 'memoryImportTooLarge', { max: MAX_IMPORT_UNITS })
  const pairs = new Map<string, typeof units>()
  for (const unit of units) {
    const key = `${unit.sourceLanguage}\u0000${unit.targetLanguage}`
    pairs.set(key, [...(pairs.get(key) ?? []), unit])
  }
  let imported = 0
  await db.$transaction(async (tx) => {
    for (const group of pairs.values()) {
      imported += await rememberTranslations(
        { userId, sourceLanguage: group[0].sourceLanguage, targetLanguage: group[0].targetLanguage, items: group.map((u) => ({ sourceText: u.sourceText, targetText: u.targetText, origin: 'edited' as const })) },
        tx,
      )
    }
  })
  return { imported, skipped }
}
