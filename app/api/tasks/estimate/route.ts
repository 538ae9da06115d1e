import { route } from '@/lib/http'
import { estimateTask, readSubtitleUpload } from '@/lib/tasks'

// POST /api/tasks/estimate – segments, detected language, duration, cost and estimated time of an upload
export const POST = route({ auth: 'user', multipart: true }, async ({ form }) => estimateTask(await readSubtitleUpload(form)))
