import { route } from '@/lib/http'
import { listMemoryPairs, memoryPairListSchema } from '@/lib/memory'

// GET /api/memory/pairs – the language pairs of the caller's translation memory with their entry counts
export const GET = route({ summary: 'The language pairs of the caller\'s translation memory with their entry counts', auth: 'user', response: memoryPairListSchema }, async ({ user }) => listMemoryPairs({ userId: user.id }))
