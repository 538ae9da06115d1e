import { SESSION_COOKIE } from '@/lib/auth/cookie-name'
import { buildOpenApiDocument } from '@/lib/openapi/document'
import packageJson from '@/package.json'
import { operations } from './operations'

// GET /api/openapi.json – the OpenAPI 3.1 document of every route under app/api, built from the
// same zod schemas that validate requests and declare answers, for API clients and scripts.
const document = buildOpenApiDocument(operations, { version: packageJson.version, sessionCookie: SESSION_COOKIE })

export function GET(): Response {
  return Response.json(document, { headers: { 'cache-control': 'public, max-age=300' } })
}
