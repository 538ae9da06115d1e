// Review links through HTTP: a creator shares one task; someone with the link and no account reads
// its lines, comments and suggests; the creator accepts, dismisses and approves. The token opens
// that task only, through its own two calls, and stops working when revoked or expired.
import { afterAll, describe, expect, it } from 'vitest'
import { db } from '@/lib/db'
import { grantPoints } from '@/lib/points'
import { apiClient, serveRoutes } from '@/test/route-server'
import { buildSrt, makeUser } from '@/test/route-harness'
import { deepSeekSetup, startTestWorkers } from '@/test/task-setup'

await deepSeekSetup('review-links', { stopsBoss: true })
await startTestWorkers()
const server = await serveRoutes()
afterAll(() => server.close())

const api = apiClient(server.url)

async function completedTask(token: string, name: string) {
  const form = new FormData()
  form.append('file', new Blob([buildSrt(4)]), name)
  form.append('targetLanguage', 'ja')
  form.append('service', 'deepseek')
  const taskId = (await api('/api/tasks', { method: 'POST', auth: token, form })).data.id as string
  for (let i = 0; i < 300; i++) {
    if ((await api(`/api/tasks/${taskId}?segments=0`, { auth: token })).data.status === 'completed') return taskId
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error('the task did not complete')
}

async function creator() {
  const owner = await makeUser()
  await grantPoints({ userId: owner.user.id, amount: 100, key: `g:${owner.user.id}` })
  return owner
}

const GONE = { status: 404, code: 40400, msg: 'This review link does not exist, was revoked or has expired' }

describe('review links', () => {
  it('open their task without an account; a comment and a suggestion reach the creator, and accepting changes the line', async () => {
    const { token: session, user } = await creator()
    const taskId = await completedTask(session, 'pilot.srt')
    const shared = await api(`/api/tasks/${taskId}/review_links`, { method: 'POST', auth: session, json: { mode: 'comment', expiresInDays: 7 } })
    expect(shared.status).toBe(200)
    const { token, path } = shared.data as { token: string; path: string }
    expect(Buffer.from(token, 'base64url')).toHaveLength(32)
    expect(path).toBe(`/review/${token}`)

    const view = await api(`/api/review/${token}`)
    expect(view.status).toBe(200)
    expect(view.data).toMatchObject({ fileName: 'pilot.srt', targetLanguage: 'ja', mode: 'comment', approved: false })
    expect(view.data.segments).toHaveLength(4)
    expect(view.data.segments[1]).toMatchObject({ id: 2, originalText: 'Line number 2, a sentence to translate.', translatedText: expect.stringContaining('[ja]'), speakers: [] })
    expect(view.data.speakerNames).toEqual({})

    const suggestion = await api(`/api/review/${token}/comments`, { method: 'POST', json: { segmentId: 2, body: 'Too stiff for a teenager.', suggestion: 'ねえ、二行目だよ。' } })
    expect(suggestion.status).toBe(200)
    const remark = await api(`/api/review/${token}/comments`, { method: 'POST', json: { segmentId: 3, body: 'Is the name right?' } })
    expect(remark.data).toMatchObject({ segmentId: 3, suggestion: null, status: 'open' })
    expect((await api(`/api/review/${token}/comments`, { method: 'POST', json: { segmentId: 99, body: 'x' } })).status).toBe(404)
    expect((await api(`/api/review/${token}/comments`, { method: 'POST', json: { segmentId: 1, body: '   ' } })).msg).toBe('Please write a comment')

    const comments = await api(`/api/tasks/${taskId}/review_comments`, { auth: session })
    expect(comments.data.map((c: { segmentId: number; body: string; suggestion: string | null }) => [c.segmentId, c.body, c.suggestion])).toEqual([
      [2, 'Too stiff for a teenager.', 'ねえ、二行目だよ。'],
      [3, 'Is the name right?', null],
    ])
    const accepted = await api(`/api/tasks/${taskId}/review_comments/${suggestion.data.id}/accept`, { method: 'POST', auth: session })
    expect(accepted.data.status).toBe('accepted')
    const line = await db.segment.findUnique({ where: { taskId_index: { taskId, index: 2 } } })
    expect(line).toMatchObject({ translatedText: 'ねえ、二行目だよ。', translatedBy: 'edited' })
    // The memory learns the accepted line as the creator's own.
    expect(await db.memoryEntry.findFirst({ where: { userId: user.id, sourceText: 'Line number 2, a sentence to translate.' } })).toMatchObject({ targetText: 'ねえ、二行目だよ。', origin: 'edited' })
    expect((await api(`/api/tasks/${taskId}/review_comments/${suggestion.data.id}/accept`, { method: 'POST', auth: session })).status).toBe(409)
    expect((await api(`/api/tasks/${taskId}/review_comments/${remark.data.id}/dismiss`, { method: 'POST', auth: session })).data.status).toBe('dismissed')

    expect((await api(`/api/tasks/${taskId}/approve`, { auth: session })).data).toEqual({ approvedAt: null })
    expect((await api(`/api/tasks/${taskId}/approve`, { method: 'POST', auth: session })).status).toBe(200)
    expect((await api(`/api/tasks/${taskId}/approve`, { auth: session })).data.approvedAt).toEqual(expect.any(String))
    const after = await api(`/api/review/${token}`)
    expect(after.data.approved).toBe(true)
    expect(after.data.segments[1].translatedText).toBe('ねえ、二行目だよ。')

    // No column holds the token.
    const stored = await db.$queryRawUnsafe<{ row: string }[]>(`SELECT row_to_json(l)::text AS row FROM "ReviewLink" l`)
    expect(stored.some((r) => r.row.includes(token))).toBe(false)
  })

  it('accepting a suggestion the editor already wrote through its own edit leaves the line as it is', async () => {
    const { token: session } = await creator()
    const taskId = await completedTask(session, 'written.srt')
    const { token } = (await api(`/api/tasks/${taskId}/review_links`, { method: 'POST', auth: session, json: { mode: 'comment', expiresInDays: 2 } })).data
    const comment = (await api(`/api/review/${token}/comments`, { method: 'POST', json: { segmentId: 1, body: 'Shorter?', suggestion: '一行目。' } })).data
    const written = await api(`/api/tasks/${taskId}/segments`, { method: 'PATCH', auth: session, json: { segments: [{ id: 1, translatedText: '一行目。' }] } })
    expect(written.status).toBe(200)
    const before = await db.segment.findUniqueOrThrow({ where: { taskId_index: { taskId, index: 1 } } })
    expect((await api(`/api/tasks/${taskId}/review_comments/${comment.id}/accept`, { method: 'POST', auth: session })).data.status).toBe('accepted')
    const after = await db.segment.findUniqueOrThrow({ where: { taskId_index: { taskId, index: 1 } } })
    expect(after).toMatchObject({ translatedText: '一行目。', translatedBy: 'edited' })
    expect(after.editedAt).toEqual(before.editedAt)
  })

  it('open that task only: the token reaches no other task and no other call', async () => {
    const { token: session } = await creator()
    const taskId = await completedTask(session, 'mine.srt')
    const other = await completedTask(session, 'other.srt')
    const { token } = (await api(`/api/tasks/${taskId}/review_links`, { method: 'POST', auth: session, json: { mode: 'comment', expiresInDays: 1 } })).data
    expect((await api(`/api/review/${token}?taskId=${other}`)).data.fileName).toBe('mine.srt')
    for (const [path, method] of [
      [`/api/tasks/${other}`, 'GET'],
      [`/api/tasks/${taskId}`, 'GET'],
      [`/api/tasks/${taskId}/export?format=srt`, 'GET'],
      ['/api/tasks', 'GET'],
      ['/api/user/get_point', 'POST'],
      [`/api/tasks/${taskId}/review_links`, 'POST'],
      [`/api/tasks/${taskId}/approve`, 'POST'],
    ] as const) {
      const answer = await api(path, { method, auth: token, json: method === 'POST' ? { mode: 'read', expiresInDays: 1 } : undefined })
      expect({ path, status: answer.status }).toEqual({ path, status: 401 })
    }
    // A read-only link comments on nothing.
    const readOnly = (await api(`/api/tasks/${taskId}/review_links`, { method: 'POST', auth: session, json: { mode: 'read', expiresInDays: 1 } })).data.token
    expect((await api(`/api/review/${readOnly}`)).data.mode).toBe('read')
    expect(await api(`/api/review/${readOnly}/comments`, { method: 'POST', json: { segmentId: 1, body: 'Hi' } })).toMatchObject({ status: 403, msg: 'This review link is read-only' })
    expect(await db.reviewComment.count({ where: { taskId } })).toBe(0)
  })

  it('answer the same 404 in every form once revoked or expired, like a token that never existed', async () => {
    const { token: session } = await creator()
    const taskId = await completedTask(session, 'gone.srt')
    const make = async () => (await api(`/api/tasks/${taskId}/review_links`, { method: 'POST', auth: session, json: { mode: 'comment', expiresInDays: 3 } })).data as { token: string; link: { id: string } }
    const revoked = await make()
    const expired = await make()
    expect((await api(`/api/review/${revoked.token}`)).status).toBe(200)
    expect((await api(`/api/tasks/${taskId}/review_links/${revoked.link.id}`, { method: 'DELETE', auth: session })).data.revokedAt).not.toBeNull()
    await db.reviewLink.update({ where: { id: expired.link.id }, data: { expiresAt: new Date(Date.now() - 1000) } })
    const answers = []
    for (const token of [revoked.token, expired.token, 'A'.repeat(43), 'short', '..%2F..']) {
      answers.push(await api(`/api/review/${encodeURIComponent(token)}`))
      answers.push(await api(`/api/review/${encodeURIComponent(token)}/comments`, { method: 'POST', json: { segmentId: 1, body: 'Still there?' } }))
    }
    for (const answer of answers) expect({ status: answer.status, code: answer.code, msg: answer.msg }).toEqual(GONE)
    expect(new Set(answers.map((a) => a.text)).size).toBe(1)
    const links = await api(`/api/tasks/${taskId}/review_links`, { auth: session })
    expect(links.data).toHaveLength(2)
    expect(links.text).not.toContain(revoked.token)
  })
})
