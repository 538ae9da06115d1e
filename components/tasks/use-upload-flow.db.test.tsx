// @vitest-environment happy-dom
// The upload dialog's state (useUploadFlow) against the real API: the hook's own fetch and XHR
// calls go over HTTP to the app's route handlers (test/route-server.ts, in a child process)
// on this file's database, as a signed-in browser's would. Nothing about the server is faked.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, renderHook } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import type { ReactNode } from 'react'
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Task } from '@/lib/client/tasks'
import { db } from '@/lib/db'
import { getBalance, grantPoints } from '@/lib/points'
import { openPage, startApiServer, type Received } from '@/test/browser-harness'
import { buildSrt, makeUser, sessionCookie } from '@/test/route-harness'
import messages from '@/messages/en-US.json'
import { useUploadFlow } from './use-upload-flow'

const server = await startApiServer()
afterAll(() => server.close())
// unmounts what a test rendered (Testing Library cleans up by itself only with Vitest's globals)
afterEach(cleanup)

beforeEach(() => localStorage.clear())

/** A signed-in browser page of a new user holding `points`. */
async function signedIn(points: number) {
  const { user, token } = await makeUser()
  if (points > 0) await grantPoints({ userId: user.id, amount: points, key: `test:${user.id}` })
  openPage(server.url, { cookie: await sessionCookie(token) })
  return user
}

function renderFlow() {
  const created: Task[][] = []
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const wrapper = ({ children }: { children: ReactNode }) =>
    (
      <NextIntlClientProvider locale="en-US" messages={messages}>
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      </NextIntlClientProvider>
    )
  const hook = renderHook(() => useUploadFlow({ canUseGoogle: false, onCreated: (tasks) => created.push(tasks) }), { wrapper })
  return { ...hook, created }
}

/** The requests the server answers from now on. */
async function recorder() {
  const before = (await server.received()).length
  return async () => (await server.received()).slice(before)
}

/** The hook on a signed-in page of a new user holding `points`; `requests`: what the server answers from then on. */
async function startFlow(points = 1000) {
  const user = await signedIn(points)
  const flow = renderFlow()
  const requests = await recorder()
  return { user, requests, ...flow }
}

const calls = (requests: Received[]) => requests.map((r) => `${r.method} ${r.path} ${r.status}`)
const carrying = (requests: Received[], bytes: string) => requests.filter((r) => r.body.includes(Buffer.from(bytes)))

const srtFile = (name: string, cues: number, word = 'Line') => {
  const text = buildSrt(cues, { text: (i) => `${word} number ${i}, a sentence to translate.` })
  return { file: new File([text], name), text }
}

describe('useUploadFlow against the API', () => {
  it('estimates the chosen file on the server, checks the balance, then creates the task', async () => {
    const { user, result, created, requests } = await startFlow()
    const { file } = srtFile('film.srt', 6)

    await act(() => result.current.chooseFile(file))
    expect(result.current.phase).toBe('ready')
    expect(result.current.fileError).toBeNull()
    expect(result.current.estimate).toMatchObject({ segments: 6 })
    const cost = result.current.estimate!.cost
    expect(cost).toBeGreaterThan(0)
    expect(result.current.canSubmit).toBe(false) // no target language yet

    act(() => result.current.setChoices((c) => ({ ...c, target: 'ja' })))
    expect(result.current.canSubmit).toBe(true)
    await act(() => result.current.submit())

    expect(result.current.submitError).toBeNull()
    expect(result.current.shortfall).toBeNull()
    expect(created).toHaveLength(1)
    const [task] = created[0]
    expect(task).toMatchObject({ fileName: 'film.srt', targetLanguage: 'ja', translationService: 'deepseek', status: 'translating' })
    expect(calls(await requests())).toEqual(['POST /api/tasks/estimate 200', 'POST /api/user/get_point 200', 'POST /api/tasks 200'])
    // the task is the user's, with its six lines, and its cost is reserved
    expect(await db.task.findUnique({ where: { id: task.id }, select: { userId: true } })).toEqual({ userId: user.id })
    expect(await db.segment.count({ where: { taskId: task.id } })).toBe(6)
    expect(await getBalance({ userId: user.id })).toBe(1000 - cost)
    // the choices are remembered for the next file
    expect(JSON.parse(localStorage.getItem('subtitle-studio.upload-choices')!)).toMatchObject({ target: 'ja', service: 'deepseek' })
  })

  it("sends the file's bytes once: the estimate keeps them and the create call names them", async () => {
    const { user, result, created, requests } = await startFlow()
    const { file, text } = srtFile('once.srt', 4, 'Unique')

    await act(() => result.current.chooseFile(file))
    act(() => result.current.setChoices((c) => ({ ...c, target: 'de' })))
    await act(() => result.current.submit())

    expect(calls(carrying(await requests(), text))).toEqual(['POST /api/tasks/estimate 200'])
    expect(created[0][0]).toMatchObject({ fileName: 'once.srt', targetLanguage: 'de' })
    expect(await db.segment.count({ where: { taskId: created[0][0].id } })).toBe(4)
    expect(await db.stagedUpload.count({ where: { userId: user.id } })).toBe(1)
  })

  it('sends the bytes again only when the kept upload has expired', async () => {
    const { user, result, created, requests } = await startFlow()
    const { file, text } = srtFile('late.srt', 3, 'Patient')

    await act(() => result.current.chooseFile(file))
    // The dialog stayed open past the day the upload is kept; maintenance removed it.
    await db.stagedUpload.deleteMany({ where: { userId: user.id } })
    act(() => result.current.setChoices((c) => ({ ...c, target: 'ja' })))
    await act(() => result.current.submit())

    expect(result.current.submitError).toBeNull()
    expect(created[0][0]).toMatchObject({ fileName: 'late.srt' })
    const received = await requests()
    expect(calls(received).filter((c) => c.startsWith('POST /api/tasks '))).toEqual(['POST /api/tasks 404', 'POST /api/tasks 200'])
    expect(calls(carrying(received, text))).toEqual(['POST /api/tasks/estimate 200', 'POST /api/tasks 200'])
  })

  it('sends each file of a batch once too: to its estimate; the batch creation names the kept uploads', async () => {
    const { result, created, requests } = await startFlow()
    const one = srtFile('one.srt', 3, 'First')
    const two = srtFile('two.srt', 5, 'Second')

    await act(() => result.current.chooseFiles([one.file, two.file]))
    expect(result.current.phase).toBe('ready')
    expect(result.current.batch.map((entry) => [entry.file.name, entry.estimate?.segments, entry.error])).toEqual([
      ['one.srt', 3, null],
      ['two.srt', 5, null],
    ])
    act(() => result.current.setChoices((c) => ({ ...c, target: 'ja', extraTargets: ['de'] })))
    expect(result.current.isBatch).toBe(true)
    expect(result.current.batchCost).toBe((result.current.batch[0].estimate!.cost + result.current.batch[1].estimate!.cost) * 2)
    await act(() => result.current.submit())

    expect(result.current.submitError).toBeNull()
    expect(created).toHaveLength(1)
    expect(created[0].map((t) => `${t.fileName} ${t.targetLanguage}`).sort()).toEqual(['one.srt de', 'one.srt ja', 'two.srt de', 'two.srt ja'])
    const received = await requests()
    expect(calls(carrying(received, one.text))).toEqual(['POST /api/tasks/estimate 200'])
    expect(calls(carrying(received, two.text))).toEqual(['POST /api/tasks/estimate 200'])
    expect(calls(received)).toContain('POST /api/tasks/batch 200')
  })

  it('remembers the choices of a batch for the next upload, as it does for one file', async () => {
    await signedIn(1000)
    const { result } = renderFlow()
    await act(() => result.current.chooseFiles([srtFile('a.srt', 2).file, srtFile('b.srt', 3).file]))
    act(() => result.current.setChoices((c) => ({ ...c, target: 'fr', includeOriginal: true })))
    await act(() => result.current.submit())
    expect(result.current.submitError).toBeNull()

    expect(JSON.parse(localStorage.getItem('subtitle-studio.upload-choices')!)).toMatchObject({ target: 'fr', service: 'deepseek', includeOriginal: true })
    act(() => result.current.reset())
    expect(result.current.choices).toMatchObject({ target: 'fr', includeOriginal: true })
  })

  it('with too few points shows the shortfall and never uploads the file to create the task', async () => {
    const { user, result, created, requests } = await startFlow(3)

    await act(() => result.current.chooseFile(srtFile('long.srt', 40).file))
    const cost = result.current.estimate!.cost
    expect(cost).toBeGreaterThan(3)
    act(() => result.current.setChoices((c) => ({ ...c, target: 'ja' })))
    await act(() => result.current.submit())

    expect(result.current.shortfall).toEqual({ need: cost, have: 3 })
    expect(result.current.phase).toBe('ready')
    expect(result.current.submitError).toBeNull()
    expect(created).toEqual([])
    expect(calls(await requests())).toEqual(['POST /api/tasks/estimate 200', 'POST /api/user/get_point 200'])
    expect(await db.task.count({ where: { userId: user.id } })).toBe(0)
    expect(await getBalance({ userId: user.id })).toBe(3)

    act(() => result.current.dismissShortfall())
    expect(result.current.shortfall).toBeNull()
  })

  it('refuses a file of the wrong type or an empty one before any request', async () => {
    const { result, requests } = await startFlow()

    await act(() => result.current.chooseFile(new File(['1\n00:00:01,000 --> 00:00:02,000\nHi\n'], 'notes.txt')))
    expect(result.current).toMatchObject({ phase: 'idle', fileError: messages.upload.errors.invalid_format, estimate: null, canSubmit: false })

    await act(() => result.current.chooseFile(new File([], 'empty.srt')))
    expect(result.current).toMatchObject({ phase: 'idle', fileError: messages.upload.errors.empty_file, estimate: null, canSubmit: false })

    expect(await requests()).toEqual([])
  })

  it("shows the server's message for a subtitle file it cannot read, and cannot submit it", async () => {
    const { result, created, requests } = await startFlow()

    await act(() => result.current.chooseFile(new File(['this is not a subtitle file at all'], 'broken.srt')))
    act(() => result.current.setChoices((c) => ({ ...c, target: 'ja' })))

    const received = await requests()
    expect(calls(received)).toEqual(['POST /api/tasks/estimate 400'])
    expect(result.current.phase).toBe('idle')
    expect(result.current.estimate).toBeNull()
    // the server's own words, not the screen's fallback text
    expect(result.current.fileError).toBe(JSON.parse(received[0].answer).msg)
    expect(result.current.fileError).not.toBe(messages.upload.errors.estimateFailed)
    expect(result.current.canSubmit).toBe(false)
    await act(() => result.current.submit())
    expect(created).toEqual([])
    expect(calls(await requests())).toEqual(['POST /api/tasks/estimate 400'])
  })
})
