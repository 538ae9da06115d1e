import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { GET } from './route'

const API = path.resolve(__dirname, '..')

/** `METHOD /api/path` of every handler a route file under app/api exports, read from the files themselves. */
function handlersOnDisk(): string[] {
  const found: string[] = []
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(full)
      else if (entry.name === 'route.ts') {
        const apiPath = '/api/' + path.relative(API, dir).split(path.sep).join('/')
        const openApiPath = apiPath.replace(/\[\.\.\.(\w+)\]/g, '{$1}').replace(/\[(\w+)\]/g, '{$1}')
        for (const m of readFileSync(full, 'utf8').matchAll(/^export (?:const|async function|function) (GET|POST|PATCH|PUT|DELETE)\b/gm)) found.push(`${m[1]} ${openApiPath}`)
      }
    }
  }
  walk(API)
  return found.sort()
}

type Operation = {
  operationId: string
  security: unknown[]
  parameters?: { name: string; in: string; required: boolean }[]
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown>; required?: string[] } }> }
  responses: Record<string, { content?: Record<string, { schema: { properties?: { data?: { properties?: Record<string, unknown> } } } }> }>
}
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> }

const document = (await (await GET()).json()) as Document
const operation = (method: string, apiPath: string) => document.paths[apiPath]?.[method.toLowerCase()]

describe('GET /api/openapi.json', () => {
  it('lists every route handler under app/api with its methods, and nothing else', () => {
    const listed = Object.entries(document.paths).flatMap(([apiPath, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${apiPath}`))
    const onDisk = handlersOnDisk()
    expect(onDisk.length).toBeGreaterThan(50)
    expect(listed.sort()).toEqual(onDisk)
  })

  it('is an OpenAPI 3.1 document with one id per operation and an answer for each', () => {
    expect(document.openapi).toBe('3.1.0')
    const ops = Object.values(document.paths).flatMap((methods) => Object.values(methods))
    expect(new Set(ops.map((op) => op.operationId)).size).toBe(ops.length)
    for (const op of ops) expect(Object.keys(op.responses).some((status) => /^[23]\d\d$/.test(status)), op.operationId).toBe(true)
  })

  it('documents bodies, queries, path parameters and answers from the schemas the routes validate with', () => {
    const shift = operation('POST', '/api/tasks/{id}/segments/shift')!
    expect(shift.parameters).toContainEqual(expect.objectContaining({ name: 'id', in: 'path', required: true }))
    expect(Object.keys(shift.requestBody!.content['application/json'].schema.properties ?? {})).toContain('offsetMs')

    const list = operation('GET', '/api/tasks')!
    expect(list.parameters?.map((p) => `${p.in}:${p.name}`)).toEqual(expect.arrayContaining(['query:page', 'query:size']))
    const page = list.responses['200'].content!['application/json'].schema.properties!.data!.properties!
    expect(Object.keys(page)).toEqual(expect.arrayContaining(['list', 'totalCount', 'totalPages']))

    const estimate = operation('POST', '/api/tasks/estimate')!
    expect(estimate.requestBody!.content).toHaveProperty('multipart/form-data')
    expect(Object.keys(estimate.responses['200'].content!['application/json'].schema.properties!.data!.properties!)).toEqual(expect.arrayContaining(['cost', 'segments']))
    expect(estimate.responses).toHaveProperty('402')

    // A recording's estimate is a call of its own: its text fields beside the streamed file, its answer the decoded length and price.
    const recording = operation('POST', '/api/tasks/transcribe/estimate')!
    expect(Object.keys(recording.requestBody!.content['multipart/form-data'].schema.properties!)).toEqual(expect.arrayContaining(['file', 'targetLanguage']))
    expect(Object.keys(recording.responses['200'].content!['application/json'].schema.properties!.data!.properties!)).toEqual(expect.arrayContaining(['uploadId', 'durationMs', 'minutes', 'costs']))
  })

  it('documents the timeline\'s calls: peaks and shot changes, read with a key, written by the owner', () => {
    const shots = operation('PUT', '/api/tasks/{id}/shot-changes')!
    expect(Object.keys(shots.requestBody!.content['application/json'].schema.properties ?? {})).toEqual(expect.arrayContaining(['cutsMs', 'frameRate', 'durationMs']))
    expect(Object.keys(operation('GET', '/api/tasks/{id}/shot-changes')!.responses['200'].content!['application/json'].schema.properties!.data!.properties!)).toEqual(['shotChanges'])
    expect(operation('GET', '/api/tasks/{id}/shot-changes')!.security).toContainEqual({ apiKey: ['tasks:read'] })
    expect(operation('GET', '/api/tasks/{id}/peaks')!.security).toContainEqual({ apiKey: ['tasks:read'] })
    expect(operation('PUT', '/api/tasks/{id}/peaks')!.responses).toHaveProperty('413')
  })

  it('marks signed-in calls as needing a session, and leaves public ones open', () => {
    expect(operation('POST', '/api/user/get_point')!.security).toEqual([{ session: [] }, { bearer: [] }, { apiKey: ['tasks:read'] }])
    expect(operation('POST', '/api/user/change_password')!.security).toEqual([{ session: [] }, { bearer: [] }])
    expect(operation('POST', '/api/product/list')!.security).toEqual([])
    expect(operation('POST', '/api/alipay/notify')!.responses['200'].content).toHaveProperty('text/plain')
  })
})
