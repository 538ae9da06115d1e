import { route } from '@/lib/http'
import { contentDisposition, exportQuery, exportTask } from '@/lib/tasks'

// GET /api/tasks/{id}/export?format=srt|vtt|ass&content=translated|bilingual|original&reflow=false&speakers=1 – downloads the file (format: the task's own by default; lines broken per language unless reflow=false)
export const GET = route({ summary: 'Downloads the file (format: the task\'s own by default)', raw: [{ status: 200, description: 'The subtitle file, as an attachment', contentType: 'text/plain' }], auth: 'user', params: ['id'], query: exportQuery }, async ({ user, params, query }) => {
  const file = await exportTask({ userId: user.id, taskId: params.id, format: query.format, content: query.content, reflow: query.reflow, speakerPrefix: query.speakers })
  return new Response(file.body, {
    headers: { 'content-type': file.contentType, 'content-disposition': contentDisposition(file.fileName), 'cache-control': 'no-store' },
  })
})
