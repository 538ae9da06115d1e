import { describe, expect, it } from 'vitest'
import { checkMetricsToken } from './access'
import { routePattern, UNMATCHED_ROUTE } from './route-pattern'

describe('routePattern', () => {
  it('labels a route by its pattern, not by the ids in its path', () => {
    expect(routePattern('/api/health')).toBe('/api/health')
    expect(routePattern('/api/tasks/ck9x2', { id: 'ck9x2' })).toBe('/api/tasks/[id]')
    expect(routePattern('/api/tasks/ck9x2/segments/7/review', { id: 'ck9x2', segmentId: '7' })).toBe('/api/tasks/[id]/segments/[segmentId]/review')
    expect(routePattern('/api/files/avatars/u1/a.png', { key: ['avatars', 'u1', 'a.png'] })).toBe('/api/files/[key]')
    expect(routePattern('/api/files/avatars/u1/a.png', { key: 'avatars/u1/a.png' })).toBe('/api/files/[key]')
  })

  it('places an id equal to a static segment by its position, and reads encoded paths decoded', () => {
    expect(routePattern('/api/tasks/segments/segments/segments', { id: 'segments', segmentId: 'segments' })).not.toContain('/segments/segments')
    expect(routePattern('/api/tasks/tasks', { id: 'tasks' })).toBe('/api/tasks/[id]')
    expect(routePattern('/api/glossary/a%20b', { id: 'a b' })).toBe('/api/glossary/[id]')
    expect(routePattern('/api/%68ealth')).toBe('/api/health')
  })

  it('never labels by the raw path when a param cannot be found in it', () => {
    expect(routePattern('/api/tasks/x1', { id: 'other' })).toBe(UNMATCHED_ROUTE)
  })
})

describe('checkMetricsToken', () => {
  const token = 'a-long-metrics-token-1234'
  it('answers disabled without a configured token, whatever is sent', () => {
    expect(checkMetricsToken(`Bearer ${token}`, undefined)).toBe('disabled')
    expect(checkMetricsToken(null, '')).toBe('disabled')
  })
  it('allows only the exact Bearer token', () => {
    expect(checkMetricsToken(`Bearer ${token}`, token)).toBe('allowed')
    expect(checkMetricsToken(`bearer ${token}`, token)).toBe('allowed')
    expect(checkMetricsToken(null, token)).toBe('unauthorized')
    expect(checkMetricsToken(`Bearer ${token}x`, token)).toBe('unauthorized')
    expect(checkMetricsToken(`Basic ${token}`, token)).toBe('unauthorized')
    expect(checkMetricsToken('Bearer ', token)).toBe('unauthorized')
  })
})
