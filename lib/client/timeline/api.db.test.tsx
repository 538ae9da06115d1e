// @vitest-environment happy-dom
// The timeline's fetchers and hooks against the real API over HTTP (test/route-server.ts): peaks
// and shot changes sent by this browser come back to a fresh page as they were sent.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { db } from '@/lib/db'
import { newTaskId } from '@/lib/tasks/create'
import { encodePeaks, PeaksAssembler, PeaksBuilder } from '@/lib/waveform'
import { openPage, startApiServer, type ApiServer } from '@/test/browser-harness'
import { makeUser, sessionCookie } from '@/test/route-harness'
import { saveShotChanges, useTaskPeaks, useTaskShotChanges } from './api'
import { keepRecordingPeaks } from './recording-peaks'

const server: ApiServer = await startApiServer()
afterAll(() => server.close())
afterEach(cleanup)

async function signedInTask() {
  const { user, token } = await makeUser()
  const id = newTaskId()
  await db.task.create({ data: { id, userId: user.id, fileName: 'talk.srt', originalLanguage: 'en', detectedLanguage: 'en', targetLanguage: 'fr', translationService: 'deepseek', cost: 0, status: 'completed' } })
  openPage(server.url, { cookie: await sessionCookie(token) })
  return id
}

const freshClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } })
const wrapperOf = (client: QueryClient) =>
  function Wrapper({ children }: { children: ReactNode }) {
    return <QueryClientProvider client={client}>{children}</QueryClientProvider>
  }

describe('the timeline\'s data from the browser', () => {
  it('a recording\'s waveform, sent once its sound is read, is what a later page draws', async () => {
    const id = await signedInTask()
    const builder = new PeaksBuilder(16_000)
    builder.push(Float32Array.from({ length: 16_000 * 3 }, (_, i) => (i % 40 < 20 ? 0.5 : -0.5) * (i < 16_000 ? 1 : 0.2)))
    const peaks = new PeaksAssembler()
    peaks.add(builder.finish()!)
    await keepRecordingPeaks(freshClient(), id, { extracted: Promise.resolve(), durationMs: 3000, peaks })
    expect((await db.taskPeaks.findUnique({ where: { taskId: id } }))?.source).toBe('browser')

    const hook = renderHook(() => useTaskPeaks(id), { wrapper: wrapperOf(freshClient()) })
    await waitFor(() => expect(hook.result.current.data).toBeTruthy(), { timeout: 10_000 })
    expect(encodePeaks(hook.result.current.data!)).toEqual(encodePeaks(peaks.peaks(3000)))
    expect(hook.result.current.data!.levels[0].max[50]).toBe(64)
    expect(hook.result.current.data!.levels[0].max[150]).toBe(13)
  })

  it('a task without media draws no waveform; a copied recording\'s empty peaks are not sent', async () => {
    const id = await signedInTask()
    await keepRecordingPeaks(freshClient(), id, { extracted: Promise.resolve(), durationMs: 3000, peaks: new PeaksAssembler() })
    const hook = renderHook(() => useTaskPeaks(id), { wrapper: wrapperOf(freshClient()) })
    await waitFor(() => expect(hook.result.current.isSuccess).toBe(true), { timeout: 10_000 })
    expect(hook.result.current.data).toBeNull()
    expect((await server.received()).filter((r) => r.method === 'PUT' && r.path.includes(id))).toEqual([])
  })

  it('shot changes found here are read back by another page', async () => {
    const id = await signedInTask()
    const before = renderHook(() => useTaskShotChanges(id), { wrapper: wrapperOf(freshClient()) })
    await waitFor(() => expect(before.result.current.isSuccess).toBe(true), { timeout: 10_000 })
    expect(before.result.current.data).toBeNull()
    const stored = await saveShotChanges(freshClient(), id, { cutsMs: [1200, 4800, 9640], frameRate: 25, durationMs: 12_000 })
    expect(stored).toMatchObject({ cutsMs: [1200, 4800, 9640] })
    const after = renderHook(() => useTaskShotChanges(id), { wrapper: wrapperOf(freshClient()) })
    await waitFor(() => expect(after.result.current.data).toBeTruthy(), { timeout: 10_000 })
    expect(after.result.current.data).toMatchObject({ cutsMs: [1200, 4800, 9640], frameRate: 25, durationMs: 12_000 })
  })
})
