import { db } from '@/lib/db'
import { route } from '@/lib/http'

// GET /api/health – 200 when the database answers
export const GET = route({ auth: 'public' }, async () => {
  await db.$queryRaw`SELECT 1`
  return { status: 'ok' }
})
