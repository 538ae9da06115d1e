import { route } from '@/lib/http'
import { exportMemoryQuery, exportMemoryTmx } from '@/lib/memory'
import { contentDisposition } from '@/lib/tasks'

// GET /api/memory/export.tmx?sourceLanguage=&targetLanguage= – one language pair of the caller's memory as a TMX 1.4 file, streamed a page of entries at a time
export const GET = route({ summary: 'One language pair of the caller\'s memory as a TMX 1.4 file', raw: [{ status: 200, description: 'The TMX file, as an attachment', contentType: 'application/x-tmx+xml' }], auth: 'user', query: exportMemoryQuery }, async ({ user, query }) => {
  const file = exportMemoryTmx({ userId: user.id, sourceLanguage: query.sourceLanguage, targetLanguage: query.targetLanguage })
  return new Response(file.body, {
    headers: { 'content-type': 'application/x-tmx+xml; charset=utf-8', 'content-disposition': contentDisposition(file.fileName), 'cache-control': 'no-store' },
  })
})
