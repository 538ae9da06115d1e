import 'server-only'
import type { GlossaryEntry } from '@prisma/client'
import { db } from '@/lib/db'
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

/** Same term (ignoring case), same target and same source: one entry only. */
async function assertNoDuplicate(userId: string, entry: { term: string; targetLanguage: string; sourceLanguage: string | null }, exceptId?: string) {
  const same = await db.glossaryEntry.findFirst({
    where: { userId, targetLanguage: entry.targetLanguage, sourceLanguage: entry.sourceLanguage, term: { equals: entry.term, mode: 'insensitive' }, ...(exceptId ? { id: { not: exceptId } } : {}) },
    select: { id: true },
  })
  if (same) throw new AppError('conflict', 'glossaryDuplicate')
}

/**
 * Adds an entry to the user's glossary. Rules: a term appears once per target and source language
 * (40900); at most MAX_ENTRIES_PER_LANGUAGE entries per target language (40000).
 */
export async function createGlossaryEntry({ userId, input }: { userId: string; input: CreateGlossaryInput }): Promise<GlossaryEntryDto> {
  await assertNoDuplicate(userId, input)
  if ((await db.glossaryEntry.count({ where: { userId, targetLanguage: input.targetLanguage } })) >= MAX_ENTRIES_PER_LANGUAGE) {
    throw new AppError('bad_request', 'glossaryFull', { max: MAX_ENTRIES_PER_LANGUAGE })
  }
  return toGlossaryDto(await db.glossaryEntry.create({ data: { userId, ...input } }))
}

async function findOwnEntry(userId: string, id: string): Promise<GlossaryEntry> {
  // Another user's entry is answered like a missing one.
  const entry = id.length <= 40 ? await db.glossaryEntry.findFirst({ where: { id, userId } }) : null
  if (!entry) throw new AppError('not_found', 'glossaryEntryNotFound')
  return entry
}

/** Changes an entry of the user (40400 for anyone else's), keeping terms unique per language. */
export async function updateGlossaryEntry({ userId, id, input }: { userId: string; id: string; input: UpdateGlossaryInput }): Promise<GlossaryEntryDto> {
  const entry = await findOwnEntry(userId, id)
  const next = {
    term: input.term ?? entry.term,
    targetLanguage: input.targetLanguage ?? entry.targetLanguage,
    sourceLanguage: input.sourceLanguage === undefined ? entry.sourceLanguage : input.sourceLanguage,
  }
  await assertNoDuplicate(userId, next, id)
  const updated = await db.glossaryEntry.update({
    where: { id },
    data: { ...next, ...(input.translation === undefined ? {} : { translation: input.translation }), ...(input.note === undefined ? {} : { note: input.note }) },
  })
  return toGlossaryDto(updated)
}

/** Deletes an entry of the user (40400 for anyone else's). */
export async function deleteGlossaryEntry({ userId, id }: { userId: string; id: string }): Promise<void> {
  await findOwnEntry(userId, id)
  await db.glossaryEntry.deleteMany({ where: { id, userId } })
}
