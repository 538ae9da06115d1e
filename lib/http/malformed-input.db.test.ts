// No 500 on any input, for every route (issue 21.2): walks the OpenAPI document (GET
// /api/openapi.json) and sends every operation, one field at a time, values no client should send:
// NUL, a lone surrogate, 100,000 characters, wrong types, negative and huge numbers, arrays for
// strings. Every other field keeps a plausible value, so the bad one is what the route meets. Each
// answer must be a 4xx; a route() answer must be the error envelope.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { db } from '@/lib/db'
import { stopBoss } from '@/lib/jobs'
import { grantPoints } from '@/lib/points'
import { createSession } from '@/lib/auth/sessions'
import { buildSrt, call, makeUser, type Handler, type RequestOptions } from '@/test/route-harness'
import { apiRoutes, matchRoute } from '@/test/route-server'
import { startSandbox, type Sandbox } from '@/fakes/sandbox'
import { GET as openApi } from '@/app/api/openapi.json/route'
import { POST as createTask } from '@/app/api/tasks/route'

type Schema = {
  type?: string | string[]
  properties?: Record<string, Schema>
  required?: string[]
  items?: Schema
  enum?: unknown[]
  const?: unknown
  anyOf?: Schema[]
  oneOf?: Schema[]
  minimum?: number
  exclusiveMinimum?: number
  maximum?: number
  minLength?: number
  maxLength?: number
  minItems?: number
  format?: string
  pattern?: string
  default?: unknown
}
type Parameter = { name: string; in: 'path' | 'query'; required: boolean; schema: Schema }
type Operation = { security: unknown[]; description?: string; parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: Schema }> }; responses: Record<string, unknown> }
type Document = { paths: Record<string, Record<string, Operation>> }

const NUL = 'a\0b'
const LONE = `a\ud800b`
const LONG = 'x'.repeat(100_000)

/** Values that are wrong for a field of this schema, each with a label for the failure message. */
function malformedFor(schema: Schema): [string, unknown][] {
  const type = typeOf(schema)
  const wrongTypes: [string, unknown][] = [
    ['object', { a: 1 }],
    ['nested NUL', { a: NUL }],
  ]
  if (type === 'string') {
    const values: [string, unknown][] = [['NUL', NUL], ['lone NUL', '\0'], ['lone surrogate', LONE], ['number', 12], ['boolean', true], ['array', ['a']], ['array of NUL', [NUL]], ...wrongTypes]
    // A string of any length may be right for a free-text field without a cap; every capped one must refuse it.
    if (schema.maxLength !== undefined || schema.enum || schema.format || schema.pattern) values.push(['100,000 characters', LONG])
    return values
  }
  if (type === 'integer' || type === 'number') {
    const values: [string, unknown][] = [['string', 'abc'], ['NUL', NUL], ['array', [1]], ['boolean', true], ['huge', 1e308], ...wrongTypes]
    if (schema.minimum !== undefined && schema.minimum >= 0) values.push(['negative', -1], ['very negative', -1e308])
    if (schema.exclusiveMinimum !== undefined && schema.exclusiveMinimum >= 0) values.push(['negative', -1])
    if (type === 'integer') values.push(['fraction', 1.5], ['beyond 2^53', 2 ** 53 + 2])
    return values
  }
  if (type === 'boolean') return [['string', 'yes'], ['NUL', NUL], ['number', 2], ['array', [true]], ...wrongTypes]
  if (type === 'array') {
    const item = schema.items ? malformedFor(schema.items).filter(([label]) => label !== '100,000 characters' || schema.items?.maxLength !== undefined) : []
    return [['string', NUL], ['lone surrogate string', LONE], ['number', -1], ...wrongTypes.slice(0, 1), ...item.map(([label, value]): [string, unknown] => [`item ${label}`, [value]])]
  }
  if (type === 'object') return [['string', NUL], ['array', [NUL]], ['number', -1]]
  return [['NUL', NUL], ['lone surrogate', LONE]]
}

function typeOf(schema: Schema): string | undefined {
  if (schema.enum) return typeof schema.enum[0] === 'string' ? 'string' : typeof schema.enum[0]
  if (schema.const !== undefined) return typeof schema.const
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type
  if (type) return type
  const first = (schema.anyOf ?? schema.oneOf)?.find((s) => s.type !== 'null')
  return first ? typeOf(first) : undefined
}

/** A plausible value for a field (so that it passes, and the field under test is what fails). */
function sample(name: string, schema: Schema): unknown {
  if (schema.default !== undefined) return schema.default
  if (schema.enum) return schema.enum[0]
  if (schema.const !== undefined) return schema.const
  const alternative = (schema.anyOf ?? schema.oneOf)?.find((s) => s.type !== 'null')
  if (alternative) return sample(name, alternative)
  switch (typeOf(schema)) {
    case 'string':
      if (schema.format === 'email' || /email/i.test(name)) return 'someone@example.com'
      if (/language/i.test(name)) return 'ja'
      if (/service/i.test(name)) return 'deepseek'
      if (/pass/i.test(name)) return 'secret123'
      return 'abcdef'.slice(0, Math.max(schema.minLength ?? 0, 6))
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, (schema.exclusiveMinimum ?? 0) + 1)
    case 'boolean':
      return false
    case 'array':
      return Array.from({ length: schema.minItems ?? 1 }, () => sample(name, schema.items ?? {}))
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, property]) => [key, sample(key, property)]))
    default:
      return 'abc'
  }
}

const document = (await (await openApi()).json()) as Document
const routes = apiRoutes()
const storageDir = mkdtempSync(path.join(tmpdir(), 'ss-malformed-'))
let sandbox: Sandbox
const callers: Record<'user' | 'manager', Record<string, string>> = { user: {}, manager: {} }
const pathValues: Record<string, string> = {}

beforeAll(async () => {
  Object.assign(process.env, { STORAGE_DIR: storageDir })
  sandbox = await startSandbox({} as NodeJS.ProcessEnv)
  Object.assign(process.env, sandbox.env)
  const { user, auth } = await makeUser()
  await grantPoints({ userId: user.id, amount: 10_000, key: `g:${user.id}` })
  const manager = await db.user.create({ data: { email: `m${Math.random().toString(36).slice(2)}@example.com`, name: 'Manager', isAdmin: true } })
  callers.user = auth
  callers.manager = { authorization: `Bearer ${await createSession({ userId: manager.id })}`, 'x-locale': 'en-US' }
  const created = await call(createTask as Handler, '/api/tasks', { headers: auth, form: { files: [{ name: 'a.srt', body: buildSrt(3) }], fields: { targetLanguage: 'ja', service: 'deepseek' } } })
  await db.task.update({ where: { id: created.data.id }, data: { status: 'completed' } })
  const entry = await db.glossaryEntry.create({ data: { userId: user.id, term: 'Wilder', translation: 'ワイルダー', targetLanguage: 'ja' } })
  Object.assign(pathValues, { id: created.data.id, segmentId: '1', key: `avatars/${user.id}.webp`, glossaryId: entry.id })
}, 60_000)

afterAll(async () => {
  await sandbox?.stop()
  await stopBoss()
  rmSync(storageDir, { recursive: true, force: true })
})

type Field = { where: 'path' | 'query' | 'json' | 'form'; name: string; schema: Schema }

/** Sends one request to the operation, with `override` in place of one field's plausible value. */
async function send(apiPath: string, method: string, operation: Operation, fields: Field[], override?: { field: Field; value: unknown }) {
  const value = (field: Field) => (override && override.field === field ? override.value : sample(field.name, field.schema))
  const pathParams: Record<string, string> = {}
  let url = apiPath
  for (const field of fields.filter((f) => f.where === 'path')) {
    const plausible = field.name === 'id' && apiPath.startsWith('/api/glossary') ? pathValues.glossaryId : pathValues[field.name] ?? 'abc'
    const chosen = override?.field === field ? override.value : plausible
    pathParams[field.name] = typeof chosen === 'string' ? chosen : JSON.stringify(chosen)
    url = url.replace(`{${field.name}}`, encodeURIComponent(pathParams[field.name].toWellFormed()))
  }
  const query = new URLSearchParams()
  for (const field of fields.filter((f) => f.where === 'query')) {
    const v = value(field)
    for (const one of Array.isArray(v) ? v : [v]) query.append(field.name, typeof one === 'string' ? one : JSON.stringify(one))
  }
  const found = matchRoute(routes, url.split('?')[0])!
  const handler = (await import(found.route.file))[method.toUpperCase()] as Handler
  const secured = operation.security.length > 0
  const headers = secured ? (operation.description?.includes('Managers only') ? callers.manager : callers.user) : { 'x-locale': 'en-US' }
  const options: RequestOptions = { method: method.toUpperCase(), headers: { ...headers } }
  const jsonFields = fields.filter((f) => f.where === 'json')
  const formFields = fields.filter((f) => f.where === 'form')
  if (jsonFields.length > 0) options.body = Object.fromEntries(jsonFields.map((f) => [f.name, value(f)]))
  if (formFields.length > 0) {
    const form: Record<string, string[]> = {}
    for (const field of formFields.filter((f) => f.name !== 'file')) {
      const v = value(field)
      form[field.name] = (Array.isArray(v) ? v : [v]).map((one) => (typeof one === 'string' ? one : JSON.stringify(one)))
    }
    const fileField = formFields.find((f) => f.name === 'file')
    const fileName = fileField && override?.field === fileField ? String(override.value) : 'a.srt'
    options.form = { fields: form, files: fileField ? [{ name: fileName, body: buildSrt(2) }] : [] }
  }
  const target = query.size > 0 ? `${url}?${query}` : url
  return { target, answer: await call(handler, target, { ...options, params: { ...found.params, ...pathParams } }) }
}

function fieldsOf(operation: Operation): Field[] {
  const fields: Field[] = (operation.parameters ?? []).map((p) => ({ where: p.in, name: p.name, schema: p.schema }))
  for (const [type, { schema }] of Object.entries(operation.requestBody?.content ?? {})) {
    const where = type === 'multipart/form-data' ? 'form' : type === 'application/json' ? 'json' : null
    if (!where) continue
    for (const [name, property] of Object.entries(schema.properties ?? {})) fields.push({ where, name, schema: property })
  }
  return fields
}

const operations = Object.entries(document.paths).flatMap(([apiPath, methods]) => Object.entries(methods).map(([method, operation]) => ({ apiPath, method, operation })))

describe('malformed input on every route of the OpenAPI document', () => {
  it('covers every operation', () => {
    expect(operations.length).toBeGreaterThan(50)
  })

  for (const { apiPath, method, operation } of operations) {
    const fields = fieldsOf(operation)
    // The payment callbacks answer their provider's protocol, not the envelope.
    const raw = !JSON.stringify(operation.responses).includes('ErrorEnvelope')
    it(`${method.toUpperCase()} ${apiPath}: 4xx for every malformed field, never a 5xx`, async () => {
      const failures: string[] = []
      const check = (what: string, target: string, answer: Awaited<ReturnType<typeof call>>) => {
        const envelope = answer.code === answer.status * 100 && typeof answer.msg === 'string' && answer.msg !== '' && answer.data === null
        const isRouted = !raw && answer.text.startsWith('{')
        if (answer.status < 400 || answer.status >= 500 || (isRouted && !envelope)) failures.push(`${what} -> ${answer.status} ${answer.text.slice(0, 160)} (${target.slice(0, 80)})`)
      }
      for (const field of fields) {
        // A form's file name is sent as UTF-8, so a lone surrogate cannot arrive in one; a query value
        // is text, so "12" or `true` are no wrong types there, and a repeated name counts once.
        let bad = field.name === 'file' && field.where === 'form' ? ([['NUL name', 'a\0.srt']] as [string, unknown][]) : malformedFor(field.schema)
        if (field.where === 'query') {
          bad = bad.filter(([, value]) => typeof value === 'string' && value !== LONE && !/^(12|true|yes)$/.test(value))
          if (['integer', 'number'].includes(typeOf(field.schema) ?? '')) bad.push(['huge', '1e308'], ['negative', '-1'], ['fraction', '1.5'])
        }
        for (const [label, value] of bad) {
          const { target, answer } = await send(apiPath, method, operation, fields, { field, value })
          check(`${field.where} ${field.name}: ${label}`, target, answer)
        }
      }
      // Whole bodies of the wrong shape, and the payment callbacks' raw bodies.
      if (method !== 'get' && operation.requestBody) {
        const found = matchRoute(routes, apiPath.replace(/\{(\w+)\}/g, (_, name) => pathValues[name] ?? 'abc'))!
        const handler = (await import(found.route.file))[method.toUpperCase()] as Handler
        const headers = operation.security.length > 0 ? (operation.description?.includes('Managers only') ? callers.manager : callers.user) : { 'x-locale': 'en-US' }
        const bodies: [string, RequestOptions][] = [
          ['JSON array', { body: [NUL] }],
          ['JSON string', { body: LONE }],
          ['JSON number', { body: -1e308 }],
          ['NUL form', { raw: `a=${encodeURIComponent(NUL)}&sign=${encodeURIComponent(LONE.toWellFormed())}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } }],
          ['broken JSON', { raw: '{"a":', headers: { 'content-type': 'application/json' } }],
        ]
        for (const [label, options] of bodies) {
          const answer = await call(handler, apiPath, { ...options, method: method.toUpperCase(), headers: { ...headers, ...options.headers }, params: found.params })
          check(`body: ${label}`, apiPath, answer)
        }
      }
      expect(failures).toEqual([])
    }, 120_000)
  }
})
