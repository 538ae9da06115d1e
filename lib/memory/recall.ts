import 'server-only'
import { db } from '@/lib/db'
import { memoryKey } from './keys'

/**
 * The remembered translations of the given source lines (one language pair of one user), by line
 * text: only lines the memory holds are in the answer.
 */
export async function recallTranslations({ userId, sourceLanguage, targetLanguage, texts }: { userId: string; sourceLanguage: string; targetLanguage: string; texts: readonly string[] }): Promise<Map<string, string>> {
  const keyOf = new Map<string, string>()
  for (const text of texts) if (text.trim() !== '' && !keyOf.has(text)) keyOf.set(text, memoryKey(text))
  const out = new Map<string, string>()
  if (keyOf.size === 0) return out
  const found = new Map<string, string>()
  const hashes = [...new Set(keyOf.values())]
  // In slices, so a feature-length file stays within PostgreSQL's parameter limit.
  for (let i = 0; i < hashes.length; i += 5_000) {
    const rows = await db.memoryEntry.findMany({ where: { userId, sourceLanguage, targetLanguage, sourceHash: { in: hashes.slice(i, i + 5_000) } }, select: { sourceHash: true, targetText: true } })
    for (const row of rows) found.set(row.sourceHash, row.targetText)
  }
  for (const [text, key] of keyOf) {
    const translation = found.get(key)
    if (translation !== undefined) out.set(text, translation)
  }
  return out
}

/**
 * How many of a file's lines the memory already covers, per target language (for the upload
 * dialog): non-blank lines whose source the user's memory holds for `sourceLanguage`.
 */
export async function memoryCoverage({ userId, sourceLanguage, texts }: { userId: string; sourceLanguage: string; texts: readonly string[] }): Promise<Record<string, number>> {
  const keys = texts.filter((text) => text.trim() !== '').map(memoryKey)
  if (keys.length === 0 || !(await hasMemory({ userId, sourceLanguage }))) return {}
  const targetsByKey = new Map<string, string[]>()
  const unique = [...new Set(keys)]
  for (let i = 0; i < unique.length; i += 5_000) {
    const rows = await db.memoryEntry.findMany({ where: { userId, sourceLanguage, sourceHash: { in: unique.slice(i, i + 5_000) } }, select: { sourceHash: true, targetLanguage: true } })
    for (const row of rows) targetsByKey.set(row.sourceHash, [...(targetsByKey.get(row.sourceHash) ?? []), row.targetLanguage])
  }
  const counts: Record<string, number> = {}
  for (const key of keys) for (const target of targetsByKey.get(key) ?? []) counts[target] = (counts[target] ?? 0) + 1
  return counts
}

/** Whether the user's memory holds any line of `sourceLanguage` (the upload dialog reads a file again only then). */
export async function hasMemory({ userId, sourceLanguage }: { userId: string; sourceLanguage: string }): Promise<boolean> {
  return (await db.memoryEntry.findFirst({ where: { userId, sourceLanguage }, select: { id: true } })) !== null
}
