import 'server-only'
import { db, type Tx } from '@/lib/db'
import { memoryKey } from './keys'
import type { MemoryOrigin } from './contract'

export type Remembered = { sourceText: string; targetText: string; origin: MemoryOrigin }

/**
 * Remembers translations of one language pair for a user, in one statement. Rules: one entry per
 * normalised source line; a person's translation (`edited`) replaces whatever was remembered; a
 * machine's is only added where nothing is remembered yet, so a person's edit is never overwritten
 * and a line keeps the translation it had in earlier episodes. Blank lines are left out; of two
 * items with the same source, the last person's edit wins (else the first machine answer). A
 * transcript kept in its own language (a recording's subtitles, no translation) is no translation
 * and is not remembered.
 */
export async function rememberTranslations(
  { userId, sourceLanguage, targetLanguage, items }: { userId: string; sourceLanguage: string; targetLanguage: string; items: readonly Remembered[] },
  client: Tx | typeof db = db,
): Promise<number> {
  if (sourceLanguage === targetLanguage) return 0
  const byKey = new Map<string, Remembered>()
  for (const item of items) {
    if (item.sourceText.trim() === '' || item.targetText.trim() === '') continue
    const key = memoryKey(item.sourceText)
    const known = byKey.get(key)
    if (!known || item.origin === 'edited') byKey.set(key, item)
  }
  if (byKey.size === 0) return 0
  const keys = [...byKey.keys()]
  const rows = keys.map((key) => byKey.get(key)!)
  return client.$executeRaw`
    INSERT INTO "MemoryEntry" ("id", "userId", "sourceLanguage", "targetLanguage", "sourceHash", "sourceText", "targetText", "origin", "updatedAt")
    SELECT gen_random_uuid()::text, ${userId}, ${sourceLanguage}, ${targetLanguage}, v.h, v.s, v.t, v.o, now()
    FROM unnest(${keys}::text[], ${rows.map((r) => r.sourceText.trim())}::text[], ${rows.map((r) => r.targetText)}::text[], ${rows.map((r) => r.origin)}::text[]) AS v(h, s, t, o)
    ON CONFLICT ("userId", "sourceLanguage", "targetLanguage", "sourceHash") DO UPDATE
      SET "targetText" = EXCLUDED."targetText", "origin" = EXCLUDED."origin", "sourceText" = EXCLUDED."sourceText", "updatedAt" = now()
      WHERE EXCLUDED."origin" = 'edited'`
}

/**
 * Remembers corrections a review made of machine translations: each takes the place of what the
 * memory held for its line unless a person's translation (`edited`) is there, and stays `machine`.
 */
export async function rememberCorrections({ userId, sourceLanguage, targetLanguage, items }: { userId: string; sourceLanguage: string; targetLanguage: string; items: readonly { sourceText: string; targetText: string }[] }): Promise<number> {
  // One row per line (a statement may not change a row twice); the last correction wins.
  const byKey = new Map(items.filter((item) => item.sourceText.trim() !== '' && item.targetText.trim() !== '').map((item) => [memoryKey(item.sourceText), item]))
  if (sourceLanguage === targetLanguage || byKey.size === 0) return 0
  const kept = [...byKey.values()]
  return db.$executeRaw`
    INSERT INTO "MemoryEntry" ("id", "userId", "sourceLanguage", "targetLanguage", "sourceHash", "sourceText", "targetText", "origin", "updatedAt")
    SELECT gen_random_uuid()::text, ${userId}, ${sourceLanguage}, ${targetLanguage}, v.h, v.s, v.t, 'machine', now()
    FROM unnest(${[...byKey.keys()]}::text[], ${kept.map((i) => i.sourceText.trim())}::text[], ${kept.map((i) => i.targetText)}::text[]) AS v(h, s, t)
    ON CONFLICT ("userId", "sourceLanguage", "targetLanguage", "sourceHash") DO UPDATE
      SET "targetText" = EXCLUDED."targetText", "updatedAt" = now()
      WHERE "MemoryEntry"."origin" = 'machine'`
}

/**
 * Takes back a person's edits that an undo (or redo) replaced with a machine's translation again:
 * where the memory still holds the undone text as the person's, it holds the machine's text again,
 * as a machine's (`machine`), so a provider's line is never kept as the creator's own. An entry
 * changed since (another edit of the same line) is left alone.
 */
export async function restoreMachineTranslations({ userId, sourceLanguage, targetLanguage, items }: { userId: string; sourceLanguage: string; targetLanguage: string; items: readonly { sourceText: string; undoneText: string; restoredText: string }[] }): Promise<number> {
  const kept = items.filter((item) => item.sourceText.trim() !== '' && item.restoredText.trim() !== '' && item.undoneText !== item.restoredText)
  if (kept.length === 0 || sourceLanguage === targetLanguage) return 0
  return db.$executeRaw`
    UPDATE "MemoryEntry" AS e SET "targetText" = v.r, "origin" = 'machine', "updatedAt" = now()
    FROM unnest(${kept.map((i) => memoryKey(i.sourceText))}::text[], ${kept.map((i) => i.undoneText)}::text[], ${kept.map((i) => i.restoredText)}::text[]) AS v(h, u, r)
    WHERE e."userId" = ${userId} AND e."sourceLanguage" = ${sourceLanguage} AND e."targetLanguage" = ${targetLanguage}
      AND e."sourceHash" = v.h AND e."origin" = 'edited' AND e."targetText" = v.u`
}
