import { z } from 'zod'

/** An answer that is not the JSON envelope: a file, a redirect, a provider's own reply. */
export type RawAnswer = { status: number; description: string; contentType?: string }

/** What a handler wrapped by route() (lib/http) declares about itself; the document is built from it. */
export type RouteContract = {
  /** One line on what the call does: the operation's summary. */
  summary: string
  auth: 'public' | 'user' | 'manager'
  body?: z.ZodType
  query?: z.ZodType
  response?: z.ZodType
  multipart: boolean
  /** The largest body the route reads (413 past it, refused from the declared length before reading). */
  maxBodyBytes?: number
  /** Answers besides (or instead of) the envelope: a file, a redirect. */
  raw?: RawAnswer[]
}

/**
 * What a handler not wrapped by route() declares, beside its code (`POST.contract = {...}`): the
 * payment callbacks speak their provider's protocol, and this document describes itself.
 */
export type RawContract = {
  summary: string
  /** How the request body arrives. */
  rawRequest?: { contentType: string; description: string }
  raw: RawAnswer[]
}

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'

export type ApiOperation = {
  /** The OpenAPI path: `/api/tasks/{id}`. */
  path: string
  method: HttpMethod
  contract: RouteContract | RawContract
}

const routeContract = (operation: ApiOperation): RouteContract | undefined => ('auth' in operation.contract ? operation.contract : undefined)

type JsonSchema = Record<string, unknown>

// Request shapes are documented as a client sends them (before defaults and transforms), answers as
// they come back; a refinement or transform JSON Schema cannot express is left open rather than failing.
const requestSchema = (schema: z.ZodType): JsonSchema => strip(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }))
const answerSchema = (schema: z.ZodType): JsonSchema => strip(z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }))

/** The `$schema` key belongs to a standalone document, not to a schema embedded in OpenAPI. */
function strip(schema: JsonSchema): JsonSchema {
  const { $schema: _dialect, ...rest } = schema
  return rest
}

const envelope = (data: JsonSchema): JsonSchema => ({
  type: 'object',
  required: ['code', 'msg', 'data'],
  properties: { code: { const: 20000 }, msg: { type: 'string' }, data },
})

const ERROR_STATUSES: Record<string, string> = {
  '400': 'Invalid input (code 40000); `msg` says what, in the caller\'s language',
  '401': 'No valid session (code 40100)',
  '402': 'Not enough points (code 40200)',
  '403': 'Not allowed: a manager call, or a cross-site request (code 40300)',
  '404': 'Not found, or not the caller\'s (code 40400)',
  '413': 'The body is larger than the route takes (code 41300)',
  '429': 'Too many requests (code 42900); `msg` says when to try again',
}

function queryParameters(schema: z.ZodType): JsonSchema[] {
  const json = requestSchema(schema) as { properties?: Record<string, JsonSchema>; required?: string[] }
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: json.required?.includes(name) ?? false,
    schema: property,
  }))
}

function pathParameters(path: string): JsonSchema[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } }))
}

function requestBody(operation: ApiOperation): JsonSchema | undefined {
  const rawRequest = 'rawRequest' in operation.contract ? operation.contract.rawRequest : undefined
  const contract = routeContract(operation)
  if (rawRequest) return { required: true, description: rawRequest.description, content: { [rawRequest.contentType]: { schema: {} } } }
  if (!contract) return undefined
  const limit = contract.maxBodyBytes ? { description: `At most ${contract.maxBodyBytes.toLocaleString('en-US')} bytes (413 past it, refused from Content-Length before reading).` } : {}
  if (contract.multipart) {
    // The form's text fields are the route's body schema; the file(s) come beside them.
    const fields = contract.body ? ((requestSchema(contract.body) as { properties?: Record<string, JsonSchema> }).properties ?? {}) : {}
    return { required: true, ...limit, content: { 'multipart/form-data': { schema: { type: 'object', properties: { file: { type: 'string', contentEncoding: 'binary' }, ...fields } } } } }
  }
  if (contract.body) return { required: true, ...limit, content: { 'application/json': { schema: requestSchema(contract.body) } } }
  return undefined
}

function responses(operation: ApiOperation): JsonSchema {
  const out: Record<string, JsonSchema> = {}
  const contract = routeContract(operation)
  const raw = operation.contract.raw
  if (contract && (contract.response || !raw)) {
    const data = contract.response ? answerSchema(contract.response) : {}
    out['200'] = { description: 'Success: the envelope with code 20000', content: { 'application/json': { schema: envelope(data) } } }
  }
  for (const answer of raw ?? []) {
    out[String(answer.status)] = answer.contentType
      ? { description: answer.description, content: { [answer.contentType]: { schema: answer.contentType.startsWith('application/json') ? { type: 'object' } : { type: 'string' } } } }
      : { description: answer.description }
  }
  if (contract) {
    const errors = [...(contract.auth === 'public' ? ['400', '403', '404', '429'] : ['400', '401', '402', '403', '404', '429']), ...(requestBody(operation) ? ['413'] : [])]
    for (const status of errors) {
      out[status] ??= { description: ERROR_STATUSES[status], content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } } }
    }
  }
  return out
}

const operationId = (operation: ApiOperation) =>
  operation.method.toLowerCase() +
  operation.path
    .replace(/^\/api\//, '/')
    .split(/[/_.{}-]+/)
    .filter(Boolean)
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join('')

/** The OpenAPI 3.1 document of the given operations (GET /api/openapi.json). */
export function buildOpenApiDocument(operations: ApiOperation[], info: { version: string; sessionCookie: string; keyScope?: (method: HttpMethod, path: string) => string | null }) {
  const paths: Record<string, Record<string, JsonSchema>> = {}
  for (const operation of operations) {
    const contract = routeContract(operation)
    const parameters = [...pathParameters(operation.path), ...(contract?.query ? queryParameters(contract.query) : [])]
    const body = requestBody(operation)
    // An operation an API key may call names the key's scope it needs (OpenAPI 3.1 allows roles on any scheme).
    const keyScope = contract && contract.auth !== 'public' ? (info.keyScope?.(operation.method, operation.path) ?? null) : null
    const security = !contract || contract.auth === 'public' ? [] : [{ session: [] }, { bearer: [] }, ...(keyScope ? [{ apiKey: [keyScope] }] : [])]
    paths[operation.path] ??= {}
    paths[operation.path][operation.method.toLowerCase()] = {
      operationId: operationId(operation),
      summary: operation.contract.summary,
      tags: [operation.path.split('/')[2]],
      ...(contract?.auth === 'manager' ? { description: 'Managers only.' } : {}),
      security,
      ...(keyScope ? { 'x-api-key-scope': keyScope } : {}),
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(body ? { requestBody: body } : {}),
      responses: responses(operation),
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Subtitle Studio API',
      version: info.version,
      description:
        'Every JSON answer is the envelope { code, msg, data }: code 20000 on success, otherwise the HTTP status × 100 with a message in the caller\'s language (Accept-Language or the locale cookie) and data null. Calls that change something must come from the site itself (Origin check) or carry a bearer token.',
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: info.sessionCookie },
        bearer: { type: 'http', scheme: 'bearer', description: 'The token answered by sign-in (POST /api/email/auth).' },
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'ss_live_…',
          description:
            'An API key made in the profile (Authorization: Bearer ss_live_…). It acts as its owner on the operations marked with it, within its scopes (tasks:read, tasks:write, export): a scope it lacks answers 403, a revoked or unknown key 401. Charges made with it name it in the ledger.',
        },
      },
      schemas: {
        ErrorEnvelope: {
          type: 'object',
          required: ['code', 'msg', 'data'],
          properties: { code: { type: 'integer', examples: [40000] }, msg: { type: 'string' }, data: { type: 'null' } },
        },
      },
    },
  }
}
