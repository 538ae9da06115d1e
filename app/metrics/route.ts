import { env } from '@/lib/env'
import { AppError } from '@/lib/errors'
import { route } from '@/lib/http'
import { readQueueDepth } from '@/lib/jobs'
import { checkMetricsToken, metricsText, setQueueDepth } from '@/lib/metrics'

// GET /metrics – this web process's metrics in Prometheus' text format, for a scraper holding
// METRICS_TOKEN (Bearer). Without a configured token it does not exist (404). Outside the proxy's
// locale handling (proxy.ts matcher) and never cached. docs/operations.md: scraping and alerts.
export const dynamic = 'force-dynamic'

export const GET = route(
  {
    summary: 'Prometheus metrics of this web process (Bearer METRICS_TOKEN)',
    auth: 'public',
    raw: [{ status: 200, description: 'Metrics in Prometheus text format 0.0.4', contentType: 'text/plain; version=0.0.4; charset=utf-8' }],
  },
  async ({ req }) => {
    const access = checkMetricsToken(req.headers.get('authorization'), env().METRICS_TOKEN)
    if (access === 'disabled') throw new AppError('not_found', 'notFound')
    if (access === 'unauthorized') throw new AppError('unauthorized', 'metricsToken')
    // Queue depth is global (one database): read here at scrape time, not counted per process.
    setQueueDepth(await readQueueDepth())
    const { body, contentType } = await metricsText()
    return new Response(body, { headers: { 'content-type': contentType } })
  },
)
