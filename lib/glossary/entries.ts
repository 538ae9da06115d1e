import 'server-only'
import type { GlossaryEntry } from '@prisma/client'
import { db, type Tx } from '@/lib/db'
import { AppError } from '@/lib/errors'
import type { GlossaryEntryDto } from './contract'
import type { CreateGlossaryInput, UpdateGlossaryInput } from './schemas'

/** Entries one user may keep per target language (a glossary, not a translation memory). */
export const MAX_ENTRIES_PER_LANGUAGE = 500

export type { GlossaryEntryDto } from './contract'

export function toGlossaryDto(entry: GlossaryEntry): GlossaryEntryDto {
  return {
    id: entry.id,
    term: entry.term,
    translation: entry.translation,
    targetLanguage: entry.targetLanguage,
    sourceLanguage: entry.sourceLanguage,
    note: entry.note,
    createdAt: entry.createdAt.toISOString(),
    updatedAt: entry.updatedAt.toISOString(),
  }
}

/** The user's entries (of one target language when given), terms in alphabetical order. */
export async function listGlossary({ userId, targetLanguage }: { userId: string; targetLanguage?: string }): Promise<GlossaryEntryDto[]> {
  const rows = await db.glossaryEntry.findMany({ where: { userId, ...(targetLanguage ? { targetLanguage } : {}) }, orderBy: [{ term: 'asc' }, { id: 'asc' }] })
  return rows.map(toGlossaryDto)
}

// Writes to one language queue on its lock: room for a burst of them to wait their turn.
const LANGUAGE_TX_OPTIONS = { maxWait: 10_000, timeout: 15_000 }

const isUniqueViolation = (error: unknown) => typeof error === 'object' && error !== null && (error as { code?: string }).code === 'P2002'

/**
 * Runs a write to one of the user's languages under a lock on (user, target language), so its count
 * cannot change between the check and the write: concurrent creates, and moves into that language,
 * take their turn. A transaction-scoped advisory lock, released at commit; the two-key form keeps it
 * apart from pg-boss's one-key locks.
 */
async function inLanguage<T>(userId: string, targetLanguage: string, write: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await db.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`glossary:${userId}`}), hashtext(${targetLanguage}))`
      return write(tx)
    }, LANGUAGE_TX_OPTIONS)
  } catch (error) {
    // The unique index on (user, target language, term key): the same term is already there.
    if (isUniqueViolation(error)) throw new AppError('conflict', 'glossaryDuplicate')
    throw error
  }
}

async function assertRoom(tx: Tx, userId: string, targetLanguage: string) {
  if ((await tx.glossaryEntry.count({ where: { userId, targetLanguage } })) >= MAX_ENTRIES_PER_LANGUAGE) {
    throw new AppError('bad_request', 'glossaryFull', { max: MAX_ENTRIES_PER_LANGUAGE })
  }
}

/**
 * Adds an entry to the user's glossary. Rules: a term appears once per target language, whatever its
 * source language, compared without regard to case, width or spacing (40900, the database's unique
 * index); at most MAX_ENTRIES_PER_LANGUAGE entries per target language (40000), held under
 * concurrent calls.
 */
export async function createGlossaryEntry({ userId, input }: { userId: string; input: CreateGlossaryInput }): Promise<GlossaryEntryDto> {
  const created = await inLanguage(userId, input.targetLanguage, async (tx) => {
    await assertRoom(tx, userId, input.targetLanguage)
    return tx.glossaryEntry.create({ data: { userId, ...input } })
  })
  return toGlossaryDto(created)
}

async function findOwnEntry(userId: string, id: string): Promise<GlossaryEntry> {
  // Another user's entry is answered like a missing one.
  const entry = id.length <= 40 ? await db.glossaryEntry.findFirst({ where: { id, userId } }) : null
  if (!entry) throw new AppError('not_found', 'glossaryEntryNotFound')
  return entry
}

/**
 * Changes an entry of the user (40400 for anyone else's). Moving it to another target language
 * counts against that language's cap like a create (40000 when full); its term stays unique there
 * (40900).
 */
export async function updateGlossaryEntry({ userId, id, input }: { userId: string; id: string; input: UpdateGlossaryInput }): Promise<GlossaryEntryDto> {
  const entry = await findOwnEntry(userId, id)
  const moveTo = input.targetLanguage
  const updated = await inLanguage(userId, moveTo ?? entry.targetLanguage, async (tx) => {
    // Read again under the lock: a concurrent call may have moved or deleted it meanwhile.
    const current = await tx.glossaryEntry.findFirst({ where: { id, userId }, select: { targetLanguage: true } })
    if (!current) throw new AppError('not_found', 'glossaryEntryNotFound')
    if (moveTo !== undefined && moveTo !== current.targetLanguage) await assertRoom(tx, userId, moveTo)
    const data = {
      ...(moveTo === undefined ? {} : { targetLanguage: moveTo }),
      ...(input.term === undefined ? {} : { term: input.term }),
      ...(input.sourceLanguage === undefined ? {} : { sourceLanguage: input.sourceLanguage }),
      ...(input.translation === undefined ? {} : { translation: input.translation }),
      ...(input.note === undefined ? {} : { note: input.note }),
    }
    return tx.glossaryEntry.update({ where: { id }, data })
  })
  return toGlossaryDto(updated)
}

/** Deletes an entry of the user (40400 for anyone else's). */
export async function deleteGlossaryEntry({ userId, id }: { userId: string; id: string }): Promise<void> {
  await findOwnEntry(userId, id)
  await db.glossaryEntry.deleteMany({ where: { id, userId } })
}
