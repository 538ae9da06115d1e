import 'server-only'
import { db, type Tx } from '@/lib/db'
import { MAX_CUE_CHARS } from '@/lib/pricing/cost'
import { memoryKey } from './keys'
import type { MemoryOrigin } from './contract'

export type Remembered = { sourceText: string; targetText: string; origin: MemoryOrigin }

/** Entries one creator's memory may hold, all language pairs together (docs/product.md). */
export const MAX_MEMORY_ENTRIES = 200_000
/** Rows written by one statement: a 100,000-line import is twenty statements, not one huge one. */
const WRITE_CHUNK = 5_000
// A 100,000-line import writes for seconds; the default 5 s of an interactive transaction is too short.
export const MEMORY_TX_OPTIONS = { maxWait: 15_000, timeout: 120_000 }

/** Lines of one language pair to store, one per match key, in parallel lists. */
export type MemoryRows = { keys: string[]; sources: string[]; targets: string[]; origins: MemoryOrigin[] }

const isTransaction = (client: Tx | typeof db): client is Tx => !('$transaction' in client)

/**
 * Runs `write` holding the user's memory lock (a transaction-scoped advisory lock, in `client`'s
 * transaction or a new one): writers of one user take turns, so the count checked against the cap
 * cannot change before the write.
 */
export async function inMemoryLock<T>(client: Tx | typeof db, userId: string, write: (tx: Tx) => Promise<T>): Promise<T> {
  const locked = async (tx: Tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`memory:${userId}`}))`
    return write(tx)
  }
  return isTransaction(client) ? locked(client) : db.$transaction(locked, MEMORY_TX_OPTIONS)
}

/** The keys among `keys` that the user's memory of the pair does not hold yet, in their order. */
export async function newKeys(tx: Tx, { userId, sourceLanguage, targetLanguage, keys }: { userId: string; sourceLanguage: string; targetLanguage: string; keys: string[] }): Promise<Set<string>> {
  const fresh = new Set<string>()
  for (let at = 0; at < keys.length; at += WRITE_CHUNK) {
    const rows = await tx.$queryRaw<{ k: string }[]>`
      SELECT k FROM unnest(${keys.slice(at, at + WRITE_CHUNK)}::text[]) AS k
      WHERE NOT EXISTS (SELECT 1 FROM "MemoryEntry" e WHERE e."userId" = ${userId} AND e."sourceLanguage" = ${sourceLanguage} AND e."targetLanguage" = ${targetLanguage} AND e."sourceHash" = k)`
    for (const row of rows) fresh.add(row.k)
  }
  return fresh
}

/**
 * Writes lines of one pair, WRITE_CHUNK rows a statement. Rule: a person's line (`edited`) replaces
 * whatever is remembered for its key; a machine's is only added where nothing is. Returns the rows
 * added or replaced.
 */
export async function writeMemoryRows(tx: Tx, { userId, sourceLanguage, targetLanguage, rows }: { userId: string; sourceLanguage: string; targetLanguage: string; rows: MemoryRows }): Promise<number> {
  let written = 0
  for (let at = 0; at < rows.keys.length; at += WRITE_CHUNK) {
    const part = <T>(list: T[]) => list.slice(at, at + WRITE_CHUNK)
    written += await tx.$executeRaw`
      INSERT INTO "MemoryEntry" ("id", "userId", "sourceLanguage", "targetLanguage", "sourceHash", "sourceText", "targetText", "origin", "updatedAt")
      SELECT gen_random_uuid()::text, ${userId}, ${sourceLanguage}, ${targetLanguage}, v.h, v.s, v.t, v.o, now()
      FROM unnest(${part(rows.keys)}::text[], ${part(rows.sources)}::text[], ${part(rows.targets)}::text[], ${part(rows.origins)}::text[]) AS v(h, s, t, o)
      ON CONFLICT ("userId", "sourceLanguage", "targetLanguage", "sourceHash") DO UPDATE
        SET "targetText" = EXCLUDED."targetText", "origin" = EXCLUDED."origin", "sourceText" = EXCLUDED."sourceText", "updatedAt" = now()
        WHERE EXCLUDED."origin" = 'edited'`
  }
  return written
}

/**
 * Remembers translations of one language pair for a user. Rules: one entry per normalised source
 * line; a person's translation (`edited`) replaces whatever was remembered; a machine's is only
 * added where nothing is remembered yet, so a person's edit is never overwritten and a line keeps
 * the translation it had in earlier episodes. Blank lines, and lines longer than a cue may be,
 * are left out; of two items with the same source, the last person's edit wins (else the first
 * machine answer). A transcript kept in its own language (a recording's subtitles, no
 * translation) is no translation and is not remembered. A memory at its cap (MAX_MEMORY_ENTRIES)
 * takes no new lines, only changes to the ones it holds: a task still finishes.
 */
export async function rememberTranslations(
  { userId, sourceLanguage, targetLanguage, items }: { userId: string; sourceLanguage: string; targetLanguage: string; items: readonly Remembered[] },
  client: Tx | typeof db = db,
): Promise<number> {
  if (sourceLanguage === targetLanguage) return 0
  const byKey = new Map<string, Remembered>()
  for (const item of items) {
    if (item.sourceText.trim() === '' || item.targetText.trim() === '') continue
    if (item.sourceText.trim().length > MAX_CUE_CHARS || item.targetText.length > MAX_CUE_CHARS) continue
    const key = memoryKey(item.sourceText)
    const known = byKey.get(key)
    if (!known || item.origin === 'edited') byKey.set(key, item)
  }
  if (byKey.size === 0) return 0
  return inMemoryLock(client, userId, async (tx) => {
    let keys = [...byKey.keys()]
    const room = MAX_MEMORY_ENTRIES - (await tx.memoryEntry.count({ where: { userId } }))
    if (keys.length > room) {
      // Near the cap: the lines already remembered may change, new ones only while there is room.
      const fresh = await newKeys(tx, { userId, sourceLanguage, targetLanguage, keys })
      let admitted = 0
      keys = keys.filter((key) => !fresh.has(key) || admitted++ < room)
    }
    const rows = keys.map((key) => byKey.get(key)!)
    return writeMemoryRows(tx, {
      userId,
      sourceLanguage,
      targetLanguage,
      rows: { keys, sources: rows.map((r) => r.sourceText.trim()), targets: rows.map((r) => r.targetText), origins: rows.map((r) => r.origin) },
    })
  })
}

/**
 * Remembers corrections a review made of machine translations: each takes the place of what the
 * memory held for its line unless a person's translation (`edited`) is there, and stays `machine`.
 * A memory at its cap takes no new line (as rememberTranslations).
 */
export async function rememberCorrections({ userId, sourceLanguage, targetLanguage, items }: { userId: string; sourceLanguage: string; targetLanguage: string; items: readonly { sourceText: string; targetText: string }[] }): Promise<number> {
  // One row per line (a statement may not change a row twice); the last correction wins.
  const byKey = new Map(
    items
      .filter((item) => item.sourceText.trim() !== '' && item.targetText.trim() !== '' && item.sourceText.trim().length <= MAX_CUE_CHARS && item.targetText.length <= MAX_CUE_CHARS)
      .map((item) => [memoryKey(item.sourceText), item]),
  )
  if (sourceLanguage === targetLanguage || byKey.size === 0) return 0
  return inMemoryLock(db, userId, async (tx) => {
    let keys = [...byKey.keys()]
    if ((await tx.memoryEntry.count({ where: { userId } })) + keys.length > MAX_MEMORY_ENTRIES) {
      const fresh = await newKeys(tx, { userId, sourceLanguage, targetLanguage, keys })
      keys = keys.filter((key) => !fresh.has(key))
    }
    if (keys.length === 0) return 0
    const kept = keys.map((key) => byKey.get(key)!)
    return tx.$executeRaw`
      INSERT INTO "MemoryEntry" ("id", "userId", "sourceLanguage", "targetLanguage", "sourceHash", "sourceText", "targetText", "origin", "updatedAt")
      SELECT gen_random_uuid()::text, ${userId}, ${sourceLanguage}, ${targetLanguage}, v.h, v.s, v.t, 'machine', now()
      FROM unnest(${keys}::text[], ${kept.map((i) => i.sourceText.trim())}::text[], ${kept.map((i) => i.targetText)}::text[]) AS v(h, s, t)
      ON CONFLICT ("userId", "sourceLanguage", "targetLanguage", "sourceHash") DO UPDATE
        SET "targetText" = EXCLUDED."targetText", "updatedAt" = now()
        WHERE "MemoryEntry"."origin" = 'machine'`
  })
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

/**
 * Takes back a person's edits that an undo replaced with a line not worth keeping (the sandbox's
 * placeholder): where the memory still holds the undone text as the person's, the entry goes.
 */
export async function forgetUndoneEdits({ userId, sourceLanguage, targetLanguage, items }: { userId: string; sourceLanguage: string; targetLanguage: string; items: readonly { sourceText: string; undoneText: string }[] }): Promise<number> {
  const kept = items.filter((item) => item.sourceText.trim() !== '')
  if (kept.length === 0 || sourceLanguage === targetLanguage) return 0
  return db.$executeRaw`
    DELETE FROM "MemoryEntry" AS e
    USING unnest(${kept.map((i) => memoryKey(i.sourceText))}::text[], ${kept.map((i) => i.undoneText)}::text[]) AS v(h, u)
    WHERE e."userId" = ${userId} AND e."sourceLanguage" = ${sourceLanguage} AND e."targetLanguage" = ${targetLanguage}
      AND e."sourceHash" = v.h AND e."origin" = 'edited' AND e."targetText" = v.u`
}
