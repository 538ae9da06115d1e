// @vitest-environment happy-dom
// The editor's poll of a translating task (useTaskDetail) against the real API over HTTP
// (test/route-server.ts): after the first load it asks only for the rows written since its last
// answer and merges them in. The translation worker is stood in for by its own database writes.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { createTask, getTask, useTaskDetail } from '@/lib/client/tasks'
import { db } from '@/lib/db'
import { grantPoints } from '@/lib/points'
import { saveTranslations } from '@/lib/tasks/segment-rows'
import { openPage, startApiServer, type ApiServer } from '@/test/browser-harness'
import { buildSrt, makeUser, sessionCookie } from '@/test/route-harness'

const server: ApiServer = await startApiServer()
afterAll(() => server.close())
afterEach(cleanup)

const translate = (taskId: string, ids: number[]) =>
  db.$transaction((tx) => saveTranslations(tx, taskId, ids.map((id) => ({ id, translatedText: `Traduction ${id}`, translatedBy: 'deepseek' }))))

type Answer = { data: { status: string; segments?: { id: number }[] } }

describe('the editor polling a translating task', () => {
  it('downloads the whole task once, then only the rows written since its last answer', async () => {
    const { user, token } = await makeUser()
    await grantPoints({ userId: user.id, amount: 1000, key: `test:${user.id}` })
    openPage(server.url, { cookie: await sessionCookie(token) })
    const created = await createTask({ file: new File([buildSrt(40)], 'poll.srt'), sourceLanguage: 'en', targetLanguage: 'fr', service: 'deepseek', includeOriginalText: false }, () => {})
    const initial = await getTask(created.id)
    expect(initial.status).toBe('translating')
    const before = (await server.received()).length

    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>
    const hook = renderHook(() => useTaskDetail(created.id, initial), { wrapper })

    await translate(created.id, [1, 2, 3])
    await waitFor(() => expect(hook.result.current.data?.segments[2].translatedText).toBe('Traduction 3'), { timeout: 10_000 })
    await translate(created.id, [4, 5])
    await waitFor(() => expect(hook.result.current.data?.segments[4].translatedText).toBe('Traduction 5'), { timeout: 10_000 })
    await db.task.update({ where: { id: created.id }, data: { status: 'completed' } })
    await waitFor(() => expect(hook.result.current.data?.status).toBe('completed'), { timeout: 10_000 })

    const polls = (await server.received()).slice(before).filter((r) => r.method === 'GET' && r.path.startsWith(`/api/tasks/${created.id}`))
    expect(polls.length).toBeGreaterThanOrEqual(3)
    const rowsPerPoll = polls.map((poll) => (JSON.parse(poll.answer) as Answer).data.segments?.length)
    // Every poll names its cursor; no answer carries the whole task again, and each of the five rows came once.
    for (const poll of polls) expect(poll.path).toMatch(/[?&]since=/)
    expect(Math.max(...rowsPerPoll.map((n) => n ?? 0))).toBeLessThanOrEqual(3)
    expect(rowsPerPoll.reduce((sum: number, n) => sum + (n ?? 0), 0)).toBe(5)
    expect(hook.result.current.data?.segments.map((s) => s.translatedText ?? null)).toEqual(
      Array.from({ length: 40 }, (_, i) => (i < 5 ? `Traduction ${i + 1}` : null)),
    )
  })
})
