import { route } from '@/lib/http'
import { uploadWorkLimit } from '@/lib/tasks/request-limits'
import { RECORDING_UPLOAD, audioEstimateFields, audioEstimateSchema, estimateAudio } from '@/lib/tasks'

// POST /api/tasks/transcribe/estimate – a recording's real length (decoded), format and cost, before
// transcribing it (multipart `file` streamed to disk, 200 MB at most); keeps it a day as `uploadId`
export const POST = route(
  {
    summary: 'A recording\'s real length (decoded by the server), format and cost before transcribing it (multipart `file` of at most 200 MB; optional targetLanguage); the file is kept a day as `uploadId` for `POST /api/tasks/transcribe`',
    auth: 'user',
    response: audioEstimateSchema,
    ...RECORDING_UPLOAD,
    body: audioEstimateFields,
    rateLimit: uploadWorkLimit('estimate'),
  },
  ({ body, file, user, signal }) => estimateAudio({ userId: user.id, upload: file, targetLanguage: body.targetLanguage, signal }),
)
