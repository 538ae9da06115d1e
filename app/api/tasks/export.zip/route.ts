import { route } from '@/lib/http'
import { contentDisposition, exportZip, exportZipQuery } from '@/lib/tasks'

// GET /api/tasks/export.zip?ids=a,b&format=srt|vtt|ass&content=translated|bilingual|original – the
// exports of several completed tasks as one streamed ZIP (format: each task's own by default)
export const GET = route({ summary: 'Several tasks\' files in one zip (ids=a,b; format and content as for one export)', raw: [{ status: 200, description: 'A zip of the files, as an attachment', contentType: 'application/zip' }], auth: 'user', query: exportZipQuery }, async ({ user, query }) => {
  const body = await exportZip({ userId: user.id, ids: query.ids, format: query.format, content: query.content })
  return new Response(body, {
    headers: { 'content-type': 'application/zip', 'content-disposition': contentDisposition(`subtitles.${query.content}.zip`), 'cache-control': 'no-store' },
  })
})
