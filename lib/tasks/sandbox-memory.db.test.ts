// The sandbox's lines (`[ja] …`, fakes/sandbox.ts) are placeholders, not translations: a task the
// sandbox translated keeps none of them in its owner's translation memory, so no later task reuses
// one; a person's edit of such a task is theirs and is kept. Against the DeepSeek fake over HTTP,
// as `npm run dev` runs it (SANDBOX on, DeepSeek one of the services it stands in for).
import { describe, expect, it } from 'vitest'
import { db } from '@/lib/db'
import { grantPoints } from '@/lib/points'
import { runTask } from '@/lib/tasks'
import { rememberRestored } from '@/lib/tasks/memory'
import { POST as createRoute } from '@/app/api/tasks/route'
import { PATCH as editRoute } from '@/app/api/tasks/[id]/segments/[segmentId]/route'
import { buildSrt, ctx, jsonRequest, makeUser, multipart } from '@/test/route-harness'
import { deepSeekSetup, FAST_PIPELINE } from '@/test/task-setup'

await deepSeekSetup('sandboxmem', { env: { SANDBOX: '1', SANDBOX_TRANSLATORS: 'deepseek,google' }, stopsBoss: true })

// Cues of a second: their placeholders are far too long to read in Japanese at that pace.
const srt = buildSrt(4, { cueMs: 1000, text: (i) => `Sandbox line ${i} to remember.` })

async function translateFile(auth: Record<string, string>) {
  const res = await createRoute(multipart('/api/tasks', auth, { name: 'walk.srt', body: srt }, { targetLanguage: 'ja', sourceLanguage: 'en', service: 'deepseek', useMemory: 'true' }), ctx())
  const body = await res.json()
  expect(body.code).toBe(20000)
  const taskId = body.data.id as string
  expect(await runTask({ taskId, ...FAST_PIPELINE, resumePasses: 0 })).toBe('completed')
  return taskId
}

const segmentsOf = (taskId: string) => db.segment.findMany({ where: { taskId }, orderBy: { index: 'asc' }, select: { index: true, translatedText: true, translatedBy: true, fit: true } })
const memoryOf = (userId: string) => db.memoryEntry.findMany({ where: { userId }, select: { sourceText: true, targetText: true, origin: true } })

describe('a task the sandbox translated', () => {
  it('judges none of its lines by the target language, puts none in the memory, and the next task of the same file reuses none', async () => {
    const { user, auth } = await makeUser()
    await grantPoints({ userId: user.id, amount: 1000, key: `g:${user.id}` })
    const first = await translateFile(auth)
    // Placeholders, not Japanese: not judged by Japanese reading limits, so never shortened or flagged.
    expect(await segmentsOf(first)).toEqual([1, 2, 3, 4].map((i) => ({ index: i, translatedText: `[ja] Sandbox line ${i} to remember.`, translatedBy: 'deepseek', fit: null })))
    expect(await memoryOf(user.id)).toEqual([])

    // A person's edit is theirs: kept, and reused.
    const edited = await editRoute(jsonRequest('PATCH', `/api/tasks/${first}/segments/2`, auth, { translatedText: 'サンドボックスの二行目' }), ctx({ id: first, segmentId: '2' }))
    expect((await edited.json()).code).toBe(20000)
    expect(await memoryOf(user.id)).toEqual([{ sourceText: 'Sandbox line 2 to remember.', targetText: 'サンドボックスの二行目', origin: 'edited' }])

    const second = await translateFile(auth)
    expect((await segmentsOf(second)).map((s) => s.translatedBy === 'memory')).toEqual([false, true, false, false])
    expect((await memoryOf(user.id)).map((e) => e.origin)).toEqual(['edited'])

    // Undoing the edit takes it back out: the placeholder it returns to is not kept in its place.
    await rememberRestored({ taskId: first, items: [{ sourceText: 'Sandbox line 2 to remember.', undoneText: 'サンドボックスの二行目', restoredText: '[ja] Sandbox line 2 to remember.' }] })
    expect(await memoryOf(user.id)).toEqual([])
  })
})
