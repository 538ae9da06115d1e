import { route } from '@/lib/http'
import { dubReport, dubReportQuery } from '@/lib/dub'
import { contentDisposition } from '@/lib/tasks'

// GET /api/tasks/{id}/dubs/{dubId}/report?format=json|csv – per line: speaker, voice, times, spoken length, speed factor, how it was fitted, flag
export const GET = route(
  { summary: 'The dub\'s report, one row per line: speaker, voice, start, end, spoken length, speed factor, re-spoken, stretched or shortened, flag', auth: 'user', params: ['id', 'dubId'], query: dubReportQuery, raw: [{ status: 200, description: 'The report', contentType: 'application/json' }] },
  async ({ user, params, query }) => {
    const body = await dubReport({ userId: user.id, taskId: params.id, dubId: params.dubId, format: query.format })
    const contentType = query.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8'
    return new Response(body, { headers: { 'content-type': contentType, 'content-disposition': contentDisposition(`dub-report.${query.format}`), 'cache-control': 'no-store' } })
  },
)
