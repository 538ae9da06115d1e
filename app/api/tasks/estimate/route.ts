import { route } from '@/lib/http'
import { estimateTask, readSubtitleUpload } from '@/lib/tasks'
import { uploadWorkLimit } from '@/lib/tasks/request-limits'
import { estimateSchema } from '@/lib/tasks/contract'

// POST /api/tasks/estimate – segments, detected language, duration, cost, estimated time and glossary help for an upload
// (a recording's estimate is POST /api/tasks/transcribe/estimate)
export const POST = route(
  {
    summary: 'Segments, detected language, duration, cost, estimated time and glossary help for a subtitle upload',
    auth: 'user',
    response: estimateSchema,
    multipart: true,
    rateLimit: uploadWorkLimit('estimate'),
  },
  async ({ form, user }) => estimateTask(await readSubtitleUpload(form), { userId: user.id }),
)
