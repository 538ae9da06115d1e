import { z } from 'zod'
import { route } from '@/lib/http'
import { deleteMemoryEntry, memoryEntrySchema, updateMemoryBody, updateMemoryEntry } from '@/lib/memory'

// PATCH /api/memory/{id} – changes a remembered translation (it counts as the caller's own from then on)
export const PATCH = route({ summary: 'Changes a remembered translation (it counts as the caller\'s own from then on)', auth: 'user', response: memoryEntrySchema, params: ['id'], body: updateMemoryBody }, async ({ user, params, body }) =>
  updateMemoryEntry({ userId: user.id, id: params.id, targetText: body.targetText }),
)

// DELETE /api/memory/{id} – forgets one entry of the caller's memory
export const DELETE = route({ summary: 'Forgets one entry of the caller\'s memory', auth: 'user', response: z.null(), params: ['id'] }, async ({ user, params }) => {
  await deleteMemoryEntry({ userId: user.id, id: params.id })
  return null
})
