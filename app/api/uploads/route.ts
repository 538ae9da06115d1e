import { route } from '@/lib/http'
import { clientIp } from '@/lib/rate-limit'
import { limitUploadWork } from '@/lib/tasks/request-limits'
import { MAX_AUDIO_BYTES } from '@/lib/transcribe'
import { handleUpload } from '@/lib/uploads'

// POST /api/uploads – creates a part of a recording's sound with the tus protocol (Tus-Resumable
// 1.0.0, Upload-Length or Upload-Defer-Length, Upload-Metadata filename, part and startMs);
// answers 201 with its Location. The bytes follow with PATCH /api/uploads/{id}.
export const POST = route(
  {
    summary: 'Creates a part of a recording\'s sound (tus 1.0.0 creation: Upload-Length or Upload-Defer-Length, Upload-Metadata `filename`, `part`, `startMs`); 201 with its Location',
    auth: 'user',
    streamBody: true,
    bodyLimit: { bytes: MAX_AUDIO_BYTES, tooLarge: 'audioTooLarge' },
    rateLimit: ({ req, user }) => limitUploadWork({ kind: 'create', userId: user.id, clientIp: clientIp(req) }),
    raw: [{ status: 201, description: 'Created (tus): the part\'s address in `Location`' }],
  },
  ({ req, stream, user }) => handleUpload({ req, body: stream, userId: user.id }),
)
