import { route } from '@/lib/http'
import { clientIp } from '@/lib/rate-limit'
import { limitUploadWork } from '@/lib/tasks/request-limits'
import { AUDIO_BODY_LIMIT, audioEstimateFields, audioEstimateSchema, estimateAudio } from '@/lib/tasks'
import { MAX_AUDIO_BYTES } from '@/lib/transcribe'

// POST /api/tasks/transcribe/estimate – a recording's real length (decoded), format and cost, before
// transcribing it (multipart `file` streamed to disk, 200 MB at most); keeps it a day as `uploadId`
export const POST = route(
  {
    summary: 'A recording\'s real length (decoded by the server), format and cost before transcribing it (multipart `file` of at most 200 MB; optional targetLanguage); the file is kept a day as `uploadId` for `POST /api/tasks/transcribe`',
    auth: 'user',
    response: audioEstimateSchema,
    streamFile: { maxBytes: MAX_AUDIO_BYTES },
    bodyLimit: AUDIO_BODY_LIMIT,
    body: audioEstimateFields,
    rateLimit: ({ req, user }) => limitUploadWork({ kind: 'estimate', userId: user.id, clientIp: clientIp(req) }),
  },
  ({ body, file, user, signal }) => estimateAudio({ userId: user.id, upload: file, targetLanguage: body.targetLanguage, signal }),
)
