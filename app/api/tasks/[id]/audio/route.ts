import { route } from '@/lib/http'
import { byteRangeResponse } from '@/lib/http/byte-range'
import { taskAudio } from '@/lib/tasks'

// GET /api/tasks/{id}/audio – a transcription's recording for the editor's player (byte ranges, so it can seek), streamed from storage
export const GET = route({ summary: 'A transcription\'s recording for the editor\'s player (byte ranges answered 206)', auth: 'user', params: ['id'], raw: [{ status: 200, description: 'The recording', contentType: 'audio/ogg' }] }, async ({ req, user, params }) => {
  const audio = await taskAudio({ userId: user.id, taskId: params.id })
  return byteRangeResponse(audio, { contentType: audio.contentType, range: req.headers.get('range') })
})
