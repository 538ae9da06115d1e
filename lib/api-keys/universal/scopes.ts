// What an API key may be allowed, and which calls each permission opens. A key reaches only the
// operations listed here (everything else, its own management included, stays with the browser's
// session), so the list is also what the OpenAPI document marks as callable with a key.

export const API_SCOPES = ['tasks:read', 'tasks:write', 'export'] as const
export type ApiScope = (typeof API_SCOPES)[number]

/** `METHOD path` (the OpenAPI form, `{id}` for a segment) → the scope a key needs to call it. */
export const KEY_OPERATIONS: Record<string, ApiScope> = {
  'GET /api/tasks': 'tasks:read',
  'GET /api/tasks/{id}': 'tasks:read',
  'GET /api/tasks/{id}/words': 'tasks:read',
  'GET /api/tasks/{id}/speech': 'tasks:read',
  'GET /api/tasks/{id}/peaks': 'tasks:read',
  'GET /api/tasks/{id}/shot-changes': 'tasks:read',
  'GET /api/tasks/{id}/left-out': 'tasks:read',
  'GET /api/tasks/{id}/dubs': 'tasks:read',
  'GET /api/tasks/{id}/dubs/estimate': 'tasks:read',
  'GET /api/tasks/{id}/dubs/{dubId}': 'tasks:read',
  'POST /api/user/get_point': 'tasks:read',
  // Creating and running work spends points.
  'POST /api/tasks': 'tasks:write',
  'POST /api/tasks/estimate': 'tasks:write',
  'POST /api/tasks/batch': 'tasks:write',
  'POST /api/tasks/transcribe': 'tasks:write',
  'POST /api/tasks/transcribe/estimate': 'tasks:write',
  'POST /api/tasks/{id}/retry': 'tasks:write',
  'POST /api/tasks/{id}/dubs': 'tasks:write',
  'POST /api/tasks/{id}/dubs/{dubId}/respeak': 'tasks:write',
  'POST /api/tasks/{id}/dubs/original': 'tasks:write',
  'POST /api/uploads': 'tasks:write',
  'PATCH /api/uploads/{id}': 'tasks:write',
  'HEAD /api/uploads/{id}': 'tasks:write',
  'DELETE /api/uploads/{id}': 'tasks:write',
  'GET /api/tasks/{id}/export': 'export',
  'GET /api/tasks/export.zip': 'export',
  'GET /api/tasks/{id}/audio': 'export',
  'GET /api/tasks/{id}/dubs/{dubId}/audio': 'export',
  'GET /api/tasks/{id}/dubs/{dubId}/report': 'export',
}

type Pattern = { method: string; regex: RegExp; scope: ApiScope; params: number }

// A static segment wins over a parameter (export.zip before {id}), as the router decides.
const PATTERNS: Pattern[] = Object.entries(KEY_OPERATIONS)
  .map(([operation, scope]) => {
    const [method, path] = operation.split(' ')
    const regex = new RegExp(`^${path.replace(/[.]/g, '\\.').replace(/\{\w+\}/g, '[^/]+')}/?$`)
    return { method, regex, scope, params: (path.match(/\{/g) ?? []).length }
  })
  .sort((a, b) => a.params - b.params)

/** The scope a key needs for a request (its method and concrete path), or null when keys cannot call it. */
export function scopeForRequest(method: string, pathname: string): ApiScope | null {
  return PATTERNS.find((p) => p.method === method && p.regex.test(pathname))?.scope ?? null
}

/** The scope of an operation of the OpenAPI document, or null when keys cannot call it. */
export function scopeForOperation(method: string, path: string): ApiScope | null {
  return KEY_OPERATIONS[`${method} ${path}`] ?? null
}
