/** The label of a path whose dynamic segments could not be found in it (kept bounded all the same). */
export const UNMATCHED_ROUTE = '(unmatched)'

const decode = (segment: string) => {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/**
 * The route's pattern from the request path and its params: `/api/tasks/abc/segments/7` with
 * `{ id: 'abc', segmentId: '7' }` is `/api/tasks/[id]/segments/[segmentId]`, a catch-all's
 * segments (`a/b.png`) become one `[key]`. Params are matched from the right, in the order their
 * segments take in the path. An id spelled like a static segment before it (`/api/tasks/tasks`
 * is right, `segments` as both ids of `/api/tasks/[id]/segments/[segmentId]` is not) may trade
 * places with it: the label is then still made of the route's own names, so the count of labels
 * stays bounded. A param whose value is not in the path gives UNMATCHED_ROUTE, never the raw
 * path: a label comes from the route files, not from what a caller typed.
 */
export function routePattern(pathname: string, params: Record<string, string | string[]> = {}): string {
  const segments = pathname.split('/').slice(1).map(decode)
  const out: (string | null)[] = [...segments]
  let end = segments.length
  for (const [name, raw] of Object.entries(params).reverse()) {
    const value = Array.isArray(raw) ? raw.join('/') : raw
    const width = value.split('/').length
    let at = -1
    for (let i = end - width; i >= 0; i--) {
      if (segments.slice(i, i + width).join('/') === value) {
        at = i
        break
      }
    }
    if (at < 0) return UNMATCHED_ROUTE
    out.fill(null, at, at + width)
    out[at] = `[${name}]`
    end = at
  }
  return `/${out.filter((s) => s !== null).join('/')}`
}
