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
