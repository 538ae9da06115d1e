import { route } from '@/lib/http'
import { speechPairs, speechSpansSchema, taskSpeech } from '@/lib/tasks/transcription/speech'

// GET /api/tasks/{id}/speech – where a transcription's recording holds speech (the editor's timing checks)
export const GET = route({ summary: 'Where a transcription\'s recording holds speech, as [startMs, endMs] pairs, for the editor\'s timing checks', auth: 'user', params: ['id'], response: speechSpansSchema }, async ({ user, params }) => ({
  spans: speechPairs(await taskSpeech({ userId: user.id, taskId: params.id })) as [number, number][],
}))
