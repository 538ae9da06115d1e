// Helpers of the task and points database tests (never imported by app code).
import { NextRequest } from 'next/server'
import { db } from '@/lib/db'
import { createSession } from '@/lib/auth/sessions'
import { formatMs } from '@/lib/srt/time'

export const BASE = 'http://cn.localhost:3000'

/** A user with a session token for Bearer calls. */
export async function makeUser(name = 'Tester') {
  const user = await db.user.create({ data: { email: `u${Math.random().toString(36).slice(2)}@example.com`, name } })
  const token = await createSession({ userId: user.id })
  return { user, token, auth: { authorization: `Bearer ${token}`, 'x-locale': 'en-US' } }
}

/** An SRT file of `count` cues, each `cueMs` long and `gapMs` apart. */
export function buildSrt(count: number, { cueMs = 2000, gapMs = 500, text = (i: number) => `Line number ${i}, a sentence to translate.` } = {}): string {
  const blocks: string[] = []
  for (let i = 1; i <= count; i++) {
    const start = (i - 1) * (cueMs + gapMs)
    blocks.push(`${i}\n${formatMs(start)} --> ${formatMs(start + cueMs)}\n${text(i)}\n`)
  }
  return blocks.join('\n')
}

/** A multipart request carrying a file and text fields. */
export function multipart(path: string, headers: Record<string, string>, file: { name: string; body: string | Uint8Array } | null, fields: Record<string, string> = {}) {
  const form = new FormData()
  if (file) form.append('file', new Blob([file.body as BlobPart]), file.name)
  for (const [key, value] of Object.entries(fields)) form.append(key, value)
  return new NextRequest(BASE + path, { method: 'POST', body: form, headers })
}

export function jsonRequest(method: string, path: string, headers: Record<string, string>, body?: unknown) {
  return new NextRequest(BASE + path, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
}

export const ctx = (params: Record<string, string> = {}) => ({ params: Promise.resolve(params) })

/** Polls until `check` answers a value, or fails after `timeoutMs`. */
export async function waitFor<T>(check: () => Promise<T | null | undefined | false>, { timeoutMs = 30_000, intervalMs = 50, what = 'condition' } = {}): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, intervalMs))
  }
}
