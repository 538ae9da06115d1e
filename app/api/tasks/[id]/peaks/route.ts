import { route } from '@/lib/http'
import { peaksAnswerSchema, PEAKS_BODY_LIMIT, putPeaksBody, savePeaks, storedPeaksSchema, taskPeaks } from '@/lib/tasks/timeline'

// GET /api/tasks/{id}/peaks – the task's waveform for the editor's timeline (made once from a transcription's recording when none is stored)
export const GET = route({ summary: 'A task\'s waveform peaks for the editor\'s timeline (lib/waveform encoding, base64); null for a task without media', auth: 'user', params: ['id'], response: peaksAnswerSchema }, async ({ user, params }) =>
  taskPeaks({ userId: user.id, taskId: params.id }),
)

// PUT /api/tasks/{id}/peaks – peaks the browser made while it decoded the task's sound ({"data": "<base64>"})
export const PUT = route({ summary: 'Stores the waveform peaks the browser made from the task\'s sound', auth: 'user', params: ['id'], body: putPeaksBody, bodyLimit: PEAKS_BODY_LIMIT, response: storedPeaksSchema }, async ({ user, params, body }) =>
  savePeaks({ userId: user.id, taskId: params.id, data: body.data }),
)
