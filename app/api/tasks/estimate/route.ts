import type { NextRequest } from 'next/server'
import { route } from '@/lib/http'
import { readStreamedUpload } from '@/lib/http/streamed-upload'
import { clientIp } from '@/lib/rate-limit'
import { estimateTask, readSubtitleUpload } from '@/lib/tasks'
import { limitUploadWork } from '@/lib/tasks/request-limits'
import { estimateSchema } from '@/lib/tasks/contract'
import { AUDIO_BODY_LIMIT, audioEstimateFields, audioEstimateSchema, estimateAudio, MAX_AUDIO_BYTES } from '@/lib/transcribe'

// POST /api/tasks/estimate – segments, detected language, duration, cost, estimated time and glossary help for an upload
const estimateSubtitles = route(
  {
    summary: 'Segments, detected language, duration, cost, estimated time and glossary help for an upload; with `?media=audio`, a recording\'s real duration, format and cost (uploadId, kind, durationMs, format, codec, cost, costs, chunks, estimatedMs)',
    auth: 'user',
    response: estimateSchema,
    multipart: true,
    rateLimit: ({ req, user }) => limitUploadWork({ kind: 'estimate', userId: user.id, clientIp: clientIp(req) }),
  },
  async ({ form, user }) => estimateTask(await readSubtitleUpload(form), { userId: user.id }),
)

// POST /api/tasks/estimate?media=audio – a recording's real duration, format and cost (the file streamed to disk, 200 MB at most)
const estimateRecording = route(
  {
    summary: 'A recording\'s real duration, format and cost, read by the server (`?media=audio`; the file streamed to disk, 200 MB at most)',
    auth: 'user',
    response: audioEstimateSchema,
    streamBody: true,
    bodyLimit: AUDIO_BODY_LIMIT,
    body: audioEstimateFields,
    rateLimit: ({ req, user }) => limitUploadWork({ kind: 'estimate', userId: user.id, clientIp: clientIp(req) }),
  },
  async ({ req, stream, user }) => {
    const upload = await readStreamedUpload({ headers: req.headers, body: stream }, { maxBytes: MAX_AUDIO_BYTES })
    try {
      const fields = audioEstimateFields.parse(upload.fields)
      return await estimateAudio({ userId: user.id, upload: upload.file ?? { path: '', fileName: '' }, targetLanguage: fields.targetLanguage })
    } finally {
      await upload.cleanup()
    }
  },
)

/** A recording is sent with `?media=audio` (its body is streamed, not buffered like a subtitle file's). */
export const POST = Object.assign((req: NextRequest, context: Parameters<typeof estimateSubtitles>[1]) => (req.nextUrl.searchParams.get('media') === 'audio' ? estimateRecording(req, context) : estimateSubtitles(req, context)), {
  contract: estimateSubtitles.contract,
  /** The recording variant's contract, listed beside it in the OpenAPI document. */
  audioContract: estimateRecording.contract,
})
