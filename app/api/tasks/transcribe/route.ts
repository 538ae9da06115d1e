import { route } from '@/lib/http'
import { enqueueTaskRun } from '@/lib/jobs'
import { taskSchema } from '@/lib/tasks/contract'
import { uploadWorkLimit } from '@/lib/tasks/request-limits'
import { RECORDING_UPLOAD, createTranscriptionTask, transcribeFields } from '@/lib/tasks'

// POST /api/tasks/transcribe – creates a transcription task from a recording (multipart: the `file`
// streamed to disk, at most 200 MB, or the `uploadId` an audio estimate answered) and reserves its cost
export const POST = route(
  {
    summary: 'Creates a transcription task from a recording (multipart `file` of at most 200 MB, or the `uploadId` of `POST /api/tasks/transcribe/estimate`; sourceLanguage, optional targetLanguage with service, useMemory and review) and reserves its cost',
    auth: 'user',
    response: taskSchema,
    ...RECORDING_UPLOAD,
    body: transcribeFields,
    rateLimit: uploadWorkLimit('create'),
  },
  ({ body, file, user, signal }) => createTranscriptionTask({ userId: user.id, upload: file, fields: body, enqueue: enqueueTaskRun, signal }),
)
