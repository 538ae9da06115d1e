import { route } from '@/lib/http'
import { createGlossaryBody, createGlossaryEntry, listGlossary, listGlossaryQuery } from '@/lib/glossary'
import { glossaryEntrySchema, glossaryListSchema } from '@/lib/glossary/contract'

// GET /api/glossary?targetLanguage= – the caller's glossary entries (of one target language when given)
export const GET = route({ summary: 'The caller\'s glossary entries (of one target language when given)', auth: 'user', response: glossaryListSchema, query: listGlossaryQuery }, async ({ user, query }) => listGlossary({ userId: user.id, targetLanguage: query.targetLanguage }))

// POST /api/glossary – adds an entry: term, translation, targetLanguage, optional sourceLanguage and note
export const POST = route({ summary: 'Adds an entry: term, translation, targetLanguage, optional sourceLanguage and note', auth: 'user', response: glossaryEntrySchema, body: createGlossaryBody }, async ({ user, body }) => createGlossaryEntry({ userId: user.id, input: body }))
