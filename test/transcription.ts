import { openAsBlob } from 'node:fs'
import path from 'node:path'
import { expect } from 'vitest'
import { POST as transcribeRoute } from '@/app/api/tasks/transcribe/route'
import { grantPoints } from '@/lib/points'
import { clearPauses } from '@/lib/provider-calls'
import { runTask } from '@/lib/tasks'
import { buildRequest, ctx, makeUser, readAnswer } from './route-harness'

/**
 * A new user (granted `points`) sends `file` as an English recording through the transcribe route,
 * and its task runs to completion here (fast retries, no 429 pause left over from another test).
 */
export async function transcribeFile(file: string, { points }: { points: number }): Promise<{ taskId: string; auth: Record<string, string> }> {
  const made = await makeUser()
  await grantPoints({ userId: made.user.id, amount: points, key: `grant:${made.user.id}` })
  const form = new FormData()
  form.append('sourceLanguage', 'en')
  form.append('file', await openAsBlob(file), path.basename(file))
  const created = await readAnswer(await transcribeRoute(buildRequest('/api/tasks/transcribe', { headers: made.auth, raw: form }), ctx()))
  expect(created.status, created.msg).toBe(200)
  clearPauses()
  expect(await runTask({ taskId: created.data.id, retry: { attempts: 3, delayMs: 5 }, transcription: { retry: { attempts: 3, delayMs: 5 } } })).toBe('completed')
  return { taskId: created.data.id as string, auth: made.auth }
}
