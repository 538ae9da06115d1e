import { checkDatabase, healthSchema, mediaToolsReport } from '@/lib/health'
import { route } from '@/lib/http'

// GET /api/health – 200 when the database answers, with the ffmpeg and ffprobe versions recordings are decoded with
export const GET = route({ summary: '200 when the database answers; names the ffmpeg and ffprobe versions (and whether the system\'s or npm\'s) that decode recordings', auth: 'public', response: healthSchema }, async () => {
  await checkDatabase()
  return { status: 'ok' as const, ...(await mediaToolsReport()) }
})
