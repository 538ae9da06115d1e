import { route } from '@/lib/http'
import { deleteGlossaryEntry, updateGlossaryBody, updateGlossaryEntry } from '@/lib/glossary'
import { z } from 'zod'
import { glossaryEntrySchema } from '@/lib/glossary/contract'

// PATCH /api/glossary/{id} – changes one of the caller's entries
export const PATCH = route({ summary: 'Changes one of the caller\'s entries', auth: 'user', response: glossaryEntrySchema, params: ['id'], body: updateGlossaryBody }, async ({ user, params, body }) => updateGlossaryEntry({ userId: user.id, id: params.id, input: body }))

// DELETE /api/glossary/{id} – deletes one of the caller's entries
export const DELETE = route({ summary: 'Deletes one of the caller\'s entries', auth: 'user', response: z.null(), params: ['id'] }, async ({ user, params }) => {
  await deleteGlossaryEntry({ userId: user.id, id: params.id })
  return null
})
