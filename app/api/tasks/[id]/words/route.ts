import { route } from '@/lib/http'
import { taskWords, taskWordsSchema } from '@/lib/tasks/transcription/words'

// GET /api/tasks/{id}/words – a transcription's timed words (the word-highlight style of a burned-in video)
export const GET = route({ summary: 'A transcription\'s words with their times on the recording, for word-highlighted subtitles', auth: 'user', params: ['id'], response: taskWordsSchema }, async ({ user, params }) =>
  taskWords({ userId: user.id, taskId: params.id }),
)
