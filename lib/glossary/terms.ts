import 'server-only'
import { db } from '@/lib/db'
import type { GlossaryTerm } from '@/lib/translate'

/**
 * The glossary entries a task uses: the user's entries for its target language that name no source
 * language or the task's own.
 */
export async function glossaryTermsFor({ userId, targetLanguage, sourceLanguage }: { userId: string; targetLanguage: string; sourceLanguage: string }): Promise<GlossaryTerm[]> {
  const rows = await db.glossaryEntry.findMany({
    where: { userId, targetLanguage, OR: [{ sourceLanguage: null }, { sourceLanguage }] },
    orderBy: { createdAt: 'asc' },
    select: { term: true, translation: true },
  })
  return rows
}

/** Every entry of the user, as the upload dialog matches them against a file (lib/glossary/suggest.ts). */
export async function glossaryTermsOfUser({ userId }: { userId: string }): Promise<{ term: string; targetLanguage: string; sourceLanguage: string | null }[]> {
  return db.glossaryEntry.findMany({ where: { userId }, select: { term: true, targetLanguage: true, sourceLanguage: true } })
}

/**
 * The user's terms for a spoken language, oldest first, each once: what a transcription sends as
 * spelling hints. `auto` (a language still to detect) takes every term.
 */
export async function spokenTermsFor({ userId, language }: { userId: string; language: string }): Promise<string[]> {
  const rows = await db.glossaryEntry.findMany({
    where: { userId, ...(language === 'auto' ? {} : { OR: [{ sourceLanguage: null }, { sourceLanguage: language }] }) },
    orderBy: { createdAt: 'asc' },
    select: { term: true },
  })
  return [...new Set(rows.map((r) => r.term.trim()).filter(Boolean))]
}
