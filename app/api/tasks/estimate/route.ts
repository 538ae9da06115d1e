import { route } from '@/lib/http'
import { clientIp } from '@/lib/rate-limit'
import { estimateTask, readSubtitleUpload } from '@/lib/tasks'
import { limitUploadWork } from '@/lib/tasks/request-limits'
import { estimateSchema } from '@/lib/tasks/contract'

// POST /api/tasks/estimate – segments, detected language, duration, cost, estimated time and glossary help for an upload
export const POST = route({ summary: 'Segments, detected language, duration, cost, estimated time and glossary help for an upload', auth: 'user', response: estimateSchema, multipart: true }, async ({ req, form, user }) => {
  await limitUploadWork({ kind: 'estimate', userId: user.id, clientIp: clientIp(req) })
  return estimateTask(await readSubtitleUpload(form), { userId: user.id })
})
