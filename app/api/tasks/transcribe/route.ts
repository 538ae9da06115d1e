import { route } from '@/lib/http'
import { readStreamedUpload } from '@/lib/http/streamed-upload'
import { enqueueTranslation } from '@/lib/jobs'
import { clientIp } from '@/lib/rate-limit'
import { taskSchema } from '@/lib/tasks/contract'
import { limitUploadWork } from '@/lib/tasks/request-limits'
import { AUDIO_BODY_LIMIT, createTranscriptionTask, MAX_AUDIO_BYTES, transcribeFields } from '@/lib/transcribe'

// POST /api/tasks/transcribe – creates a transcription task from a recording (multipart: the `file`
// streamed to disk, at most 200 MB, or the `uploadId` an audio estimate answered) and reserves its cost
export const POST = route(
  {
    summary: 'Creates a transcription task from a recording (multipart `file` of at most 200 MB, or an audio estimate\'s `uploadId`; sourceLanguage, optional targetLanguage and service) and reserves its cost',
    auth: 'user',
    response: taskSchema,
    streamBody: true,
    bodyLimit: AUDIO_BODY_LIMIT,
    body: transcribeFields,
    rateLimit: ({ req, user }) => limitUploadWork({ kind: 'create', userId: user.id, clientIp: clientIp(req) }),
  },
  async ({ req, stream, user }) => {
  const upload = await readStreamedUpload({ headers: req.headers, body: stream }, { maxBytes: MAX_AUDIO_BYTES })
  try {
    return await createTranscriptionTask({ userId: user.id, upload: upload.file, fields: transcribeFields.parse(upload.fields), enqueue: enqueueTranslation })
  } finally {
    await upload.cleanup()
  }
  },
)
