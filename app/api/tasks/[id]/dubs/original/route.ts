import { route } from '@/lib/http'
import { dubOriginalSchema, MAX_ORIGINAL_BYTES, saveDubOriginal } from '@/lib/dub'
import { uploadWorkLimit } from '@/lib/tasks/request-limits'

// POST /api/tasks/{id}/dubs/original – the sound a dub keeps under its voices: the video's own audio track (multipart `file`, audio only, streamed to disk)
export const POST = route(
  {
    summary: 'Keeps the sound a dub of the task is mixed over: the audio track of the creator\'s video, sent as it is (multipart `file` of at most 1 GB; audio only, no longer than the task plus a minute); replaces the task\'s earlier one',
    auth: 'user',
    params: ['id'],
    response: dubOriginalSchema,
    streamFile: { maxBytes: MAX_ORIGINAL_BYTES },
    bodyLimit: { bytes: MAX_ORIGINAL_BYTES + 1024 * 1024, tooLarge: 'dubOriginalTooLarge' },
    rateLimit: uploadWorkLimit('create'),
  },
  ({ user, params, file, signal }) => saveDubOriginal({ userId: user.id, taskId: params.id, file, signal }),
)
