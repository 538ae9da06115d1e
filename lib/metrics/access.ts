import { createHash, timingSafeEqual } from 'node:crypto'

export type MetricsAccess = 'allowed' | 'unauthorized' | 'disabled'

const digest = (text: string) => createHash('sha256').update(text).digest()

/**
 * Who may read /metrics: only a caller sending `Authorization: Bearer <METRICS_TOKEN>`. Without a
 * configured token the endpoint is `disabled` (it answers 404: never open by default, in any
 * environment). Compared in constant time (digests of equal length), so timing reveals nothing.
 */
export function checkMetricsToken(authorization: string | null, token: string | undefined): MetricsAccess {
  if (!token) return 'disabled'
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')
  if (!match) return 'unauthorized'
  return timingSafeEqual(digest(match[1]), digest(token)) ? 'allowed' : 'unauthorized'
}
