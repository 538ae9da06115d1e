import 'server-only'
import type { MemoryEntry, Prisma } from '@prisma/client'
import { db } from '@/lib/db'
import { AppError } from '@/lib/errors'
import { toPage, type Page } from '@/lib/pagination'
import type { MemoryEntryDto, MemoryOrigin, MemoryPair } from './contract'
import type { ListMemoryQuery } from './schemas'

export function toMemoryDto(entry: MemoryEntry): MemoryEntryDto {
  return {
    id: entry.id,
    sourceLanguage: entry.sourceLanguage,
    targetLanguage: entry.targetLanguage,
    sourceText: entry.sourceText,
    targetText: entry.targetText,
    origin: entry.origin as MemoryOrigin,
    updatedAt: entry.updatedAt.toISOString(),
  }
}

/** A page of the user's memory, newest change first; `q` searches both texts (case-insensitive). */
export async function listMemory({ userId, query }: { userId: string; query: ListMemoryQuery }): Promise<Page<MemoryEntryDto>> {
  const where: Prisma.MemoryEntryWhereInput = {
    userId,
    ...(query.sourceLanguage ? { sourceLanguage: query.sourceLanguage } : {}),
    ...(query.targetLanguage ? { targetLanguage: query.targetLanguage } : {}),
    ...(query.q ? { OR: [{ sourceText: { contains: query.q, mode: 'insensitive' } }, { targetText: { contains: query.q, mode: 'insensitive' } }] } : {}),
  }
  const [totalCount, rows] = await Promise.all([
    db.memoryEntry.count({ where }),
    db.memoryEntry.findMany({ where, orderBy: [{ updatedAt: 'desc' }, { id: 'asc' }], skip: (query.page - 1) * query.size, take: query.size }),
  ])
  return toPage({ list: rows.map(toMemoryDto), page: query.page, size: query.size, totalCount })
}

/** The language pairs of the user's memory with their entry counts, largest first. */
export async function listMemoryPairs({ userId }: { userId: string }): Promise<MemoryPair[]> {
  const groups = await db.memoryEntry.groupBy({ by: ['sourceLanguage', 'targetLanguage'], where: { userId }, _count: { _all: true } })
  return groups
    .map((g) => ({ sourceLanguage: g.sourceLanguage, targetLanguage: g.targetLanguage, count: g._count._all }))
    .sort((a, b) => b.count - a.count || a.sourceLanguage.localeCompare(b.sourceLanguage) || a.targetLanguage.localeCompare(b.targetLanguage))
}

async function findOwnEntry(userId: string, id: string): Promise<MemoryEntry> {
  // Another user's entry is answered like a missing one.
  const entry = id.length <= 40 ? await db.memoryEntry.findFirst({ where: { id, userId } }) : null
  if (!entry) throw new AppError('not_found', 'memoryEntryNotFound')
  return entry
}

/** Changes a remembered translation of the user (40400 for anyone else's); it is a person's now. */
export async function updateMemoryEntry({ userId, id, targetText }: { userId: string; id: string; targetText: string }): Promise<MemoryEntryDto> {
  await findOwnEntry(userId, id)
  return toMemoryDto(await db.memoryEntry.update({ where: { id }, data: { targetText, origin: 'edited' } }))
}

/** Forgets an entry of the user (40400 for anyone else's). */
export async function deleteMemoryEntry({ userId, id }: { userId: string; id: string }): Promise<void> {
  await findOwnEntry(userId, id)
  await db.memoryEntry.deleteMany({ where: { id, userId } })
}
