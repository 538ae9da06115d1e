import { checkDatabase } from '@/lib/health'
import { route } from '@/lib/http'
import { z } from 'zod'

// GET /api/health – 200 when the database answers
export const GET = route({ summary: '200 when the database answers', auth: 'public', response: z.object({ status: z.literal('ok') }) }, async () => {
  await checkDatabase()
  return { status: 'ok' as const }
})
