// Undo and redo restore where a line came from (`translatedBy`) with its text, and the translation
// memory follows: a row put back to the provider's text is not remembered as the creator's. The
// origin a client asks for is granted only when the row really held that text from that origin.
import { describe, expect, it } from 'vitest'
import { db } from '@/lib/db'
import { PATCH as patchOneRoute } from '@/app/api/tasks/[id]/segments/[segmentId]/route'
import { PATCH as patchRoute } from '@/app/api/tasks/[id]/segments/route'
import { POST as retranslateRoute } from '@/app/api/tasks/[id]/segments/retranslate/route'
import { ctx, jsonRequest } from '@/test/route-harness'
import { deepSeekSetup, routedTaskOfNewUser } from '@/test/task-setup'

await deepSeekSetup('undo-origin', { stopsBoss: true })

const line = (i: number) => `Line number ${i}, a sentence to translate.`
const machine = (i: number) => `[ja] ${line(i)}`

const completed = () => routedTaskOfNewUser()

const patch = async (auth: Record<string, string>, taskId: string, segments: unknown[]) => (await patchRoute(jsonRequest('PATCH', '/x', auth, { segments }), ctx({ id: taskId }))).json()
const rows = async (taskId: string) => (await db.segment.findMany({ where: { taskId }, orderBy: { index: 'asc' } })).map((s) => ({ id: s.index, text: s.translatedText, by: s.translatedBy }))
const memory = async (userId: string) =>
  Object.fromEntries((await db.memoryEntry.findMany({ where: { userId }, orderBy: { sourceText: 'asc' } })).map((e) => [e.sourceText, { text: e.targetText, origin: e.origin }]))

describe('undo and redo of a replace all', () => {
  it('undo puts back each row\'s origin with its text, redo marks it the person\'s again, and the memory follows both', async () => {
    const { owner, taskId } = await completed()
    expect(await memory(owner.user.id)).toMatchObject({ [line(1)]: { text: machine(1), origin: 'machine' } })

    // Replace all: rows 1-3 rewritten, each now the person's, and remembered as theirs.
    const replaced = [1, 2, 3].map((i) => ({ id: i, translatedText: `Replaced ${i}` }))
    expect((await patch(owner.auth, taskId, replaced)).code).toBe(20000)
    expect((await rows(taskId)).slice(0, 3).map((r) => r.by)).toEqual(['edited', 'edited', 'edited'])
    expect(await memory(owner.user.id)).toMatchObject({ [line(2)]: { text: 'Replaced 2', origin: 'edited' } })

    // Undo: the texts before, with the origin they had.
    const undo = await patch(owner.auth, taskId, [1, 2, 3].map((i) => ({ id: i, translatedText: machine(i), translatedBy: 'deepseek' })))
    expect(undo.code).toBe(20000)
    expect(undo.data.map((s: { translatedBy: string }) => s.translatedBy)).toEqual(['deepseek', 'deepseek', 'deepseek'])
    expect(await rows(taskId)).toEqual([1, 2, 3, 4].map((i) => ({ id: i, text: machine(i), by: 'deepseek' })))
    // The provider's lines are not kept as the creator's.
    for (const i of [1, 2, 3]) expect((await memory(owner.user.id))[line(i)]).toEqual({ text: machine(i), origin: 'machine' })

    // Redo: the person's text again, theirs again in the memory.
    expect((await patch(owner.auth, taskId, replaced.map((r) => ({ ...r, translatedBy: 'edited' })))).code).toBe(20000)
    expect((await rows(taskId)).slice(0, 3).map((r) => r.by)).toEqual(['edited', 'edited', 'edited'])
    expect((await memory(owner.user.id))[line(3)]).toEqual({ text: 'Replaced 3', origin: 'edited' })

    // And undone again: the origin comes back every time.
    await patch(owner.auth, taskId, [1, 2, 3].map((i) => ({ id: i, translatedText: machine(i), translatedBy: 'deepseek' })))
    expect((await rows(taskId)).map((r) => r.by)).toEqual(['deepseek', 'deepseek', 'deepseek', 'deepseek'])
  })

  it('undoing a typed edit or a retranslation restores the origin the row had', async () => {
    const { owner, taskId } = await completed()
    const typed = await patchOneRoute(jsonRequest('PATCH', '/x', owner.auth, { translatedText: 'Typed by hand' }), ctx({ id: taskId, segmentId: '2' }))
    expect((await typed.json()).data.translatedBy).toBe('edited')
    await patch(owner.auth, taskId, [{ id: 2, translatedText: machine(2), translatedBy: 'deepseek' }])
    expect((await rows(taskId))[1]).toEqual({ id: 2, text: machine(2), by: 'deepseek' })

    // A hand-written line retranslated, then the retranslation undone: the person's line, theirs.
    await patch(owner.auth, taskId, [{ id: 3, translatedText: 'Mine' }])
    const res = await retranslateRoute(jsonRequest('POST', '/x', owner.auth, { ids: [3] }), ctx({ id: taskId }))
    expect((await res.json()).data[0]).toMatchObject({ translatedText: machine(3), translatedBy: 'deepseek' })
    await patch(owner.auth, taskId, [{ id: 3, translatedText: 'Mine', translatedBy: 'edited' }])
    expect((await rows(taskId))[2]).toEqual({ id: 3, text: 'Mine', by: 'edited' })
    // Redone: the provider's line, the provider's again.
    await patch(owner.auth, taskId, [{ id: 3, translatedText: machine(3), translatedBy: 'deepseek' }])
    expect((await rows(taskId))[2]).toEqual({ id: 3, text: machine(3), by: 'deepseek' })
  })
})

describe('an origin the row never had is not granted', () => {
  it('a client claiming a provider made its own text gets the text marked as the person\'s', async () => {
    const { owner, taskId } = await completed()
    // Text the row never held, claimed as DeepSeek's.
    const forged = await patch(owner.auth, taskId, [{ id: 1, translatedText: 'My own words', translatedBy: 'deepseek' }])
    expect(forged.code).toBe(20000)
    expect((await rows(taskId))[0]).toEqual({ id: 1, text: 'My own words', by: 'edited' })
    expect((await memory(owner.user.id))[line(1)]).toEqual({ text: 'My own words', origin: 'edited' })
    // The provider's text claimed as another provider's, or as the memory's: not what the row held.
    await patch(owner.auth, taskId, [{ id: 2, translatedText: 'x' }])
    await patch(owner.auth, taskId, [{ id: 2, translatedText: machine(2), translatedBy: 'google' }])
    expect((await rows(taskId))[1]).toMatchObject({ text: machine(2), by: 'edited' })
    // Another task's row held this text: that does not count for this one.
    const other = await completed()
    await patch(other.owner.auth, other.taskId, [{ id: 4, translatedText: machine(1), translatedBy: 'deepseek' }])
    expect((await rows(other.taskId))[3]).toMatchObject({ text: machine(1), by: 'edited' })
  })

  it('answers 40000 for an unknown origin, or an origin without a text, and changes nothing', async () => {
    const { owner, taskId } = await completed()
    expect(await patch(owner.auth, taskId, [{ id: 1, translatedText: 'x', translatedBy: 'admin' }])).toMatchObject({ code: 40000 })
    expect(await patch(owner.auth, taskId, [{ id: 1, originalText: 'x', translatedBy: 'deepseek' }])).toMatchObject({ code: 40000 })
    expect((await rows(taskId))[0]).toEqual({ id: 1, text: machine(1), by: 'deepseek' })
  })
})
