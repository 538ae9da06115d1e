import { route } from '@/lib/http'
import { byteRangeResponse } from '@/lib/http/byte-range'
import { dubAudio, dubAudioQuery } from '@/lib/dub'
import { contentDisposition } from '@/lib/tasks'

// GET /api/tasks/{id}/dubs/{dubId}/audio?kind=mix|voices&format=m4a|wav – a finished dub's track (byte ranges, so a player can seek)
export const GET = route(
  { summary: 'A finished dub\'s track: the voices mixed over the recording, or the voices alone; M4A (AAC) or WAV; byte ranges answered 206', auth: 'user', params: ['id', 'dubId'], query: dubAudioQuery, raw: [{ status: 200, description: 'The audio', contentType: 'audio/mp4' }] },
  async ({ req, user, params, query }) => {
    const audio = await dubAudio({ userId: user.id, taskId: params.id, dubId: params.dubId, kind: query.kind, format: query.format })
    const response = await byteRangeResponse(audio, { contentType: audio.contentType, range: req.headers.get('range') })
    response.headers.set('content-disposition', contentDisposition(audio.fileName))
    return response
  },
)
