import { route } from '@/lib/http'
import { MAX_AUDIO_BYTES } from '@/lib/transcribe'
import { handleUpload } from '@/lib/uploads'

// The tus protocol on one part of a recording's sound (the caller's own, 40400 otherwise):
// PATCH appends bytes at the server's offset, HEAD answers that offset (a client whose connection
// dropped asks it, then sends only what is missing), DELETE abandons the part.
const limits = { auth: 'user', params: ['id'], streamBody: true, bodyLimit: { bytes: MAX_AUDIO_BYTES, tooLarge: 'audioTooLarge' } } as const

export const PATCH = route(
  { ...limits, summary: 'Appends bytes to a part of a recording\'s sound at `Upload-Offset` (tus 1.0.0, `application/offset+octet-stream`); 204 with the new offset', raw: [{ status: 204, description: 'Appended (tus): the new `Upload-Offset`' }] },
  ({ req, stream, user, params }) => handleUpload({ req, body: stream, userId: user.id, partId: params.id }),
)

export const HEAD = route(
  { ...limits, summary: 'How many bytes of a part the server has (tus `Upload-Offset`)' },
  ({ req, user, params }) => handleUpload({ req, body: null, userId: user.id, partId: params.id }),
)

export const DELETE = route(
  { ...limits, summary: 'Abandons a part of a recording\'s sound (tus termination)', raw: [{ status: 204, description: 'Removed' }] },
  ({ req, user, params }) => handleUpload({ req, body: null, userId: user.id, partId: params.id }),
)
