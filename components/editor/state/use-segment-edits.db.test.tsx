// @vitest-environment happy-dom
// The editor's unsaved edits (useSegmentEdits) against the real API: each save is the hook's own
// PATCH over HTTP to the app's route handlers (test/route-server.ts, in a child process) on
// this file's database, as a signed-in browser's would. Nothing about the server is faked; the
// translation worker, which that server does not run, is stood in for by its own database write.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, renderHook, screen, waitFor } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import type { ReactNode } from 'react'
import { Toaster } from 'sonner'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { createTask, getTask, taskKeys, type TaskDetail } from '@/lib/client/tasks'
import { db } from '@/lib/db'
import { grantPoints } from '@/lib/points'
import { saveTranslations } from '@/lib/tasks/segment-rows'
import { openPage, startApiServer, type ApiServer, type Received } from '@/test/browser-harness'
import { buildSrt, makeUser, sessionCookie } from '@/test/route-harness'
import messages from '@/messages/en-US.json'
import type { Change } from '../history/history'
import { EditorStoreProvider } from './editor-store-context'
import { SAVE_DEBOUNCE_MS, useSegmentEdits } from './use-segment-edits'

let server: ApiServer = await startApiServer()
afterAll(() => server.close())
// unmounts what a test rendered (Testing Library cleans up by itself only with Vitest's globals)
afterEach(cleanup)

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** What the translation worker writes: lines `ids` translated by DeepSeek. */
const translate = (taskId: string, ids: number[]) =>
  db.$transaction((tx) => saveTranslations(tx, taskId, ids.map((id) => ({ id, translatedText: `Traduction ${id}`, translatedBy: 'deepseek' }))))

/**
 * A signed-in page and a task of six lines uploaded through the API, still translating: lines 1–5
 * have their translation, line 6 has none yet. The editor's query already holds the task.
 */
async function openEditor() {
  const { user, token } = await makeUser()
  await grantPoints({ userId: user.id, amount: 1000, key: `test:${user.id}` })
  openPage(server.url, { cookie: await sessionCookie(token) })
  const task = await createTask({ file: new File([buildSrt(6)], 'edit.srt'), sourceLanguage: 'en', targetLanguage: 'fr', service: 'deepseek', includeOriginalText: false }, () => {})
  await translate(task.id, [1, 2, 3, 4, 5])

  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  await client.fetchQuery({ queryKey: taskKeys.detail(task.id), queryFn: () => getTask(task.id) })
  const saved: Change[] = []
  const wrapper = ({ children }: { children: ReactNode }) =>
    (
      <NextIntlClientProvider locale="en-US" messages={messages}>
        <QueryClientProvider client={client}>
          <EditorStoreProvider>{children}</EditorStoreProvider>
          <Toaster />
        </QueryClientProvider>
      </NextIntlClientProvider>
    )
  const hook = renderHook(() => useSegmentEdits(task.id, { onSaved: (change) => saved.push(change) }), { wrapper })
  const before = (await server.received()).length
  /** The segment PATCH requests the server answered since the editor opened: "row status body". */
  const patches = async () =>
    (await server.received())
      .slice(before)
      .filter((r: Received) => r.method === 'PATCH')
      .map((r) => `${r.path.split('/').pop()} ${r.status} ${r.body.toString()}`)
  const row = (index: number) => db.segment.findUniqueOrThrow({ where: { taskId_index: { taskId: task.id, index } } })
  const cached = (index: number) => client.getQueryData<TaskDetail>(taskKeys.detail(task.id))!.segments.find((s) => s.id === index)!
  return { ...hook, taskId: task.id, saved, patches, row, cached }
}

describe('useSegmentEdits against the API', () => {
  it('saves typing once it pauses, as one request with the last text, and shows it saved', async () => {
    const { result, patches, row, cached, saved } = await openEditor()

    act(() => {
      result.current.change(1, 'translatedText', 'B')
      result.current.change(1, 'translatedText', 'Bon')
      result.current.change(1, 'translatedText', 'Bonjour')
    })
    expect(result.current.edits[1]).toEqual({ draft: { translatedText: 'Bonjour' }, status: 'unsaved' })
    await sleep(SAVE_DEBOUNCE_MS / 2)
    expect(await patches()).toEqual([]) // still typing

    await waitFor(() => expect(result.current.edits[1]?.status).toBe('saved'), { timeout: 5000 })
    expect(await patches()).toEqual(['1 200 {"translatedText":"Bonjour"}'])
    expect(await row(1)).toMatchObject({ translatedText: 'Bonjour', translatedBy: 'edited', editedAt: expect.any(Date) })
    expect(cached(1).translatedText).toBe('Bonjour')
    // The step carries the line's origin, so undoing it gives the provider's line back as theirs (issue 27 item 14).
    expect(saved).toEqual([{ id: 1, before: { translatedText: 'Traduction 1', translatedBy: 'deepseek' }, after: { translatedText: 'Bonjour', translatedBy: 'edited' } }])
    // the "saved" tick goes away on its own
    await waitFor(() => expect(result.current.edits[1]).toBeUndefined(), { timeout: 5000 })
  })

  it('saves at once when the row is flushed (leaving the box), without waiting for the pause', async () => {
    const { result, patches, row } = await openEditor()

    act(() => result.current.change(2, 'originalText', 'Hello two'))
    await act(() => result.current.flush(2))

    expect(result.current.edits[2]?.status).toBe('saved')
    expect(await patches()).toEqual(['2 200 {"originalText":"Hello two"}'])
    expect((await row(2)).originalText).toBe('Hello two')
    await sleep(SAVE_DEBOUNCE_MS + 200)
    expect(await patches()).toHaveLength(1) // the pending timer was cancelled, nothing saved twice
  })

  it('saves edits to several rows, each to its own row', async () => {
    const { result, patches, row } = await openEditor()

    act(() => {
      result.current.change(2, 'translatedText', 'Deux')
      result.current.change(3, 'translatedText', 'Trois')
      result.current.change(4, 'originalText', 'Four, corrected')
      result.current.change(4, 'translatedText', 'Quatre')
    })
    await act(() => result.current.flushAll())

    expect((await patches()).sort()).toEqual([
      '2 200 {"translatedText":"Deux"}',
      '3 200 {"translatedText":"Trois"}',
      '4 200 {"originalText":"Four, corrected","translatedText":"Quatre"}',
    ])
    expect([2, 3, 4].map((id) => result.current.edits[id]?.status)).toEqual(['saved', 'saved', 'saved'])
    expect((await row(2)).translatedText).toBe('Deux')
    expect((await row(3)).translatedText).toBe('Trois')
    expect(await row(4)).toMatchObject({ originalText: 'Four, corrected', translatedText: 'Quatre' })
    expect((await row(5)).translatedText).toBe('Traduction 5') // untouched
  })

  it('saves what is typed while a save is in flight right after it', async () => {
    const { result, patches, row } = await openEditor()

    act(() => result.current.change(3, 'translatedText', 'Tr'))
    let first!: Promise<void>
    act(() => {
      first = result.current.flush(3)
      result.current.change(3, 'translatedText', 'Trois!')
    })
    await act(() => first)
    await waitFor(() => expect(result.current.edits[3]?.status).toBe('saved'), { timeout: 5000 })

    expect(await patches()).toEqual(['3 200 {"translatedText":"Tr"}', '3 200 {"translatedText":"Trois!"}'])
    expect((await row(3)).translatedText).toBe('Trois!')
  })

  it('reports a save the server refuses, keeps the draft, and saves it when flushed again', async () => {
    const { result, patches, row, taskId } = await openEditor()

    // line 6 has no translation yet while the task translates: the server refuses the edit (409)
    act(() => result.current.change(6, 'translatedText', 'Six, à la main'))
    await act(() => result.current.flush(6))

    expect(result.current.edits[6]).toEqual({ draft: { translatedText: 'Six, à la main' }, status: 'error' })
    expect(await patches()).toEqual(['6 409 {"translatedText":"Six, à la main"}'])
    const refusal = (await server.received()).findLast((r) => r.method === 'PATCH')!
    // the toast names the row and gives the server's reason
    expect(await screen.findByText('Segment 6 was not saved')).toBeTruthy()
    expect(await screen.findByText(JSON.parse(refusal.answer).msg)).toBeTruthy()
    expect((await row(6)).translatedText).toBeNull()

    // the worker translates line 6; flushing again sends the kept draft, which now wins
    await translate(taskId, [6])
    await act(() => result.current.flush(6))

    expect(result.current.edits[6]?.status).toBe('saved')
    expect((await patches()).map((p) => p.split(' ')[1])).toEqual(['409', '200'])
    expect(await row(6)).toMatchObject({ translatedText: 'Six, à la main', translatedBy: 'edited' })
  })

  it('reports a save that cannot reach the server, keeps the draft, and saves it once the server is back', async () => {
    const { result, row } = await openEditor()
    const { port } = server

    await server.close()
    act(() => result.current.change(5, 'translatedText', 'Cinq'))
    await act(() => result.current.flush(5))
    expect(result.current.edits[5]).toEqual({ draft: { translatedText: 'Cinq' }, status: 'error' })
    expect(await screen.findByText(messages.editor.saveFailedHint)).toBeTruthy()

    server = await startApiServer({ port })
    await act(() => result.current.flush(5))
    expect(result.current.edits[5]?.status).toBe('saved')
    expect((await row(5)).translatedText).toBe('Cinq')
  })

  it('saves pending edits when the editor goes away before the pause ends', async () => {
    const { result, unmount, row } = await openEditor()

    act(() => result.current.change(4, 'translatedText', 'Quatre, en partant'))
    unmount()

    await waitFor(async () => expect((await row(4)).translatedText).toBe('Quatre, en partant'), { timeout: 5000 })
  })
})
