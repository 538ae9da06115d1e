import { scopeForOperation } from '@/lib/api-keys/universal/scopes'
import { SESSION_COOKIE } from '@/lib/auth/cookie-name'
import { buildOpenApiDocument, type RawContract } from '@/lib/openapi/document'
import packageJson from '@/package.json'
import { operations } from './operations'

// GET /api/openapi.json – the OpenAPI 3.1 document of every route under app/api, built from the
// same zod schemas that validate requests and declare answers, for API clients and scripts.
const SELF: RawContract = { summary: 'This document', raw: [{ status: 200, description: 'The OpenAPI 3.1 document', contentType: 'application/json' }] }
const document = buildOpenApiDocument([...operations, { path: '/api/openapi.json', method: 'GET', contract: SELF }], { version: packageJson.version, sessionCookie: SESSION_COOKIE, keyScope: scopeForOperation })

export function GET(): Response {
  return Response.json(document, { headers: { 'cache-control': 'public, max-age=300' } })
}
