// The editor's offer to condense a line: DeepSeek's shorter version within the characters that fit,
// suggested and not written, counted with the free translate calls.
import { describe, expect, it } from 'vitest'
import { db } from '@/lib/db'
import { POST as condenseRoute } from '@/app/api/tasks/[id]/segments/[segmentId]/condense/route'
import { buildSrt, ctx, jsonRequest, makeUser } from '@/test/route-harness'
import { deepSeekSetup, routedTaskOfNewUser } from '@/test/task-setup'

const { fake } = await deepSeekSetup('condense-segment', { stopsBoss: true })

const completed = () => routedTaskOfNewUser({ body: buildSrt(3), targetLanguage: 'de' })

const condense = async (auth: Record<string, string>, taskId: string, id: number, body: unknown) => {
  const res = await condenseRoute(jsonRequest('POST', '/x', auth, body), ctx({ id: taskId, segmentId: String(id) }))
  return { status: res.status, body: await res.json() }
}

const LONG = '[de] Well, I think we should all go home now, before the storm comes.'

describe('POST /api/tasks/{id}/segments/{segmentId}/condense', () => {
  it('suggests a shorter line within the count, of the text as shown, and writes nothing', async () => {
    const { owner, taskId } = await completed()
    const before = await db.segment.findMany({ where: { taskId }, orderBy: { index: 'asc' } })
    const requests = fake.stats.requests
    const res = await condense(owner.auth, taskId, 2, { maxChars: 36, translation: LONG })
    expect(res.status).toBe(200)
    expect(res.body.data.text).toBe('[de] I think we should all go home.')
    expect(fake.stats.requests - requests).toBe(1)
    expect(await db.segment.findMany({ where: { taskId }, orderBy: { index: 'asc' } })).toEqual(before)
    // Without a text, the stored translation is shortened.
    const stored = await condense(owner.auth, taskId, 1, { maxChars: 20 })
    expect(stored.status).toBe(200)
    expect(Array.from(stored.body.data.text.replace(/\n/g, '')).length).toBeLessThanOrEqual(20)
  })

  it('refuses a provider that cannot shorten, a bad count, another user, and an unknown row', async () => {
    const { owner, taskId } = await completed()
    expect((await condense(owner.auth, taskId, 1, { maxChars: 0 })).status).toBe(400)
    expect((await condense(owner.auth, taskId, 9, { maxChars: 20 })).status).toBe(404)
    const other = await makeUser('Other')
    expect(await condense(other.auth, taskId, 1, { maxChars: 20 })).toMatchObject({ status: 404, body: { code: 40400 } })
    await db.task.update({ where: { id: taskId }, data: { translationService: 'mymemory' } })
    expect(await condense(owner.auth, taskId, 1, { maxChars: 20 })).toMatchObject({ status: 400, body: { code: 40000, msg: 'a shorter line can be suggested for DeepSeek translations only' } })
  })
})
