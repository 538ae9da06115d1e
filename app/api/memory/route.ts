import { route } from '@/lib/http'
import { listMemory, listMemoryQuery, memoryPageSchema } from '@/lib/memory'

// GET /api/memory?sourceLanguage=&targetLanguage=&q=&page=&size= – a page of the caller's translation memory, newest change first
export const GET = route({ summary: 'A page of the caller\'s translation memory, newest change first', auth: 'user', response: memoryPageSchema, query: listMemoryQuery }, async ({ user, query }) => listMemory({ userId: user.id, query }))
