import { db } from '@/lib/db'
import { route } from '@/lib/http'
import { z } from 'zod'

// GET /api/health – 200 when the database answers
export const GET = route({ auth: 'public', response: z.object({ status: z.literal('ok') }) }, async () => {
  await db.$queryRaw`SELECT 1`
  return { status: 'ok' }
})
