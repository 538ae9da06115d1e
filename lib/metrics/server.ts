import { createServer, type Server } from 'node:http'
import { log } from '@/lib/log'
import { checkMetricsToken } from './access'
import { metricsText } from './index'

/**
 * The worker process's own /metrics (it has no web server): GET /metrics on `port`, the same
 * Bearer token as the web's, 404 for anything else and when no token is configured.
 */
export function serveMetrics({ port, token, host = '0.0.0.0' }: { port: number; token: string | undefined; host?: string }): Promise<Server> {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname
    const access = checkMetricsToken(req.headers.authorization ?? null, token)
    const answer = (status: number, text: string, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...headers })
      res.end(text)
    }
    if (req.method !== 'GET' || path !== '/metrics' || access === 'disabled') return answer(404, 'not found\n')
    if (access === 'unauthorized') return answer(401, 'a valid metrics token is required\n', { 'www-authenticate': 'Bearer' })
    metricsText().then(
      ({ body, contentType }) => answer(200, body, { 'content-type': contentType }),
      (error) => {
        log.error('metrics.render_failed', { error })
        answer(500, 'metrics unavailable\n')
      },
    )
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      log.info('metrics.listening', { port })
      resolve(server)
    })
  })
}
