import { route } from '@/lib/http'
import { enqueueTaskRun } from '@/lib/jobs'
import { clientIp } from '@/lib/rate-limit'
import { taskSchema } from '@/lib/tasks/contract'
import { limitUploadWork } from '@/lib/tasks/request-limits'
import { AUDIO_BODY_LIMIT, createTranscriptionTask, transcribeFields } from '@/lib/tasks'
import { MAX_AUDIO_BYTES } from '@/lib/transcribe'

// POST /api/tasks/transcribe – creates a transcription task from a recording (multipart: the `file`
// streamed to disk, at most 200 MB, or the `uploadId` an audio estimate answered) and reserves its cost
export const POST = route(
  {
    summary: 'Creates a transcription task from a recording (multipart `file` of at most 200 MB, or the `uploadId` of `POST /api/tasks/transcribe/estimate`; sourceLanguage, optional targetLanguage with service, useMemory and review) and reserves its cost',
    auth: 'user',
    response: taskSchema,
    streamFile: { maxBytes: MAX_AUDIO_BYTES },
    bodyLimit: AUDIO_BODY_LIMIT,
    body: transcribeFields,
    rateLimit: ({ req, user }) => limitUploadWork({ kind: 'create', userId: user.id, clientIp: clientIp(req) }),
  },
  ({ body, file, user, signal }) => createTranscriptionTask({ userId: user.id, upload: file, fields: body, enqueue: enqueueTaskRun, signal }),
)
