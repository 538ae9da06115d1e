// A recording is translated like a subtitle file (issue 30 item 6): the service, the review pass,
// the translation memory and the glossary chosen in the recording dialog apply to the task's
// translation, against real speech (espeak-ng), the speech-to-text fake and the translation fakes.
import { openAsBlob } from 'node:fs'
import path from 'node:path'
import type { NextRequest } from 'next/server'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startGoogleTranslateFake } from '@/fakes/google-translate'
import { POST as estimateRoute } from '@/app/api/tasks/transcribe/estimate/route'
import { POST as transcribeRoute } from '@/app/api/tasks/transcribe/route'
import { db } from '@/lib/db'
import { createGlossaryEntry } from '@/lib/glossary'
import { getBalance, grantPoints } from '@/lib/points'
import { createDeepSeekProvider, createGoogleTranslateProvider } from '@/lib/translate/providers'
import { buildRequest, ctx, makeUser, readAnswer } from '@/test/route-harness'
import { makeRecording } from '@/test/speech-audio'
import { runTask } from '../pipeline'
import { speechSetup } from '@/test/task-setup'

const { deepseek, dir, deepseekKey: DEEPSEEK_KEY } = await speechSetup('recording-options')
const google = await startGoogleTranslateFake({ apiKey: 'g-options' })

const providers = {
  deepseek: createDeepSeekProvider({ baseUrl: deepseek.url, apiKey: DEEPSEEK_KEY, model: 'deepseek-flash' }),
  google: createGoogleTranslateProvider({ baseUrl: google.url, apiKey: 'g-options' }),
}
// The task's service picks its provider, as the environment's wiring does; fit: false keeps the
// fake's "[fr] …" lines as they came (shortening is lib/tasks/fit-translations.db.test.ts's).
const PIPELINE = {
  retry: { attempts: 3, delayMs: 5 },
  resumeDelayMs: 20,
  fit: false,
  provider: (service: string) => providers[service as keyof typeof providers],
  transcription: { retry: { attempts: 3, delayMs: 5 } },
}
const file = path.join(dir, 'two-lines.ogg')

beforeAll(async () => {
  await makeRecording({ sentences: [{ text: 'Good morning and welcome.', atMs: 800 }, { text: 'We make subtitles from speech today.', atMs: 5000 }], totalMs: 9000, file })
}, 60_000)
afterAll(() => google.close())
beforeEach(() => {
  deepseek.resetStats()
  google.resetStats()
})

async function fundedUser(points = 200) {
  const made = await makeUser()
  await grantPoints({ userId: made.user.id, amount: points, key: `grant:${made.user.id}` })
  return made
}

async function send(route: (req: NextRequest, context: ReturnType<typeof ctx>) => Promise<Response>, url: string, auth: Record<string, string>, fields: Record<string, string>) {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  form.append('file', await openAsBlob(file), 'two-lines.ogg')
  return readAnswer(await route(buildRequest(url, { headers: auth, raw: form }), ctx()))
}

/** Creates a recording's task translated into French with `fields`, runs it, answers its id and segments. */
async function translated(auth: Record<string, string>, fields: Record<string, string>) {
  const created = await send(transcribeRoute, '/api/tasks/transcribe', auth, { sourceLanguage: 'en', targetLanguage: 'fr', ...fields })
  expect(created.status).toBe(200)
  expect(await runTask({ taskId: created.data.id, ...PIPELINE })).toBe('completed')
  const segments = await db.segment.findMany({ where: { taskId: created.data.id }, orderBy: { index: 'asc' } })
  expect(segments.length).toBeGreaterThanOrEqual(2)
  return { task: created.data as { id: string; cost: number; review: boolean; reviewCost: number }, segments }
}

describe('a recording translated with a subtitle file\'s options', () => {
  it('the review pass: 5 points a started minute more, reserved with the task, the lines reviewed, charged once; DeepSeek only', async () => {
    const { user, auth } = await fundedUser(100)
    const estimate = await send(estimateRoute, '/api/tasks/transcribe/estimate', auth, { targetLanguage: 'fr' })
    expect(estimate.data).toMatchObject({ costs: { transcribe: 10, transcribeAndTranslate: 20 }, reviewCost: 5 })

    const refused = await send(transcribeRoute, '/api/tasks/transcribe', auth, { targetLanguage: 'fr', service: 'google', review: 'true' })
    expect(refused).toMatchObject({ status: 400, code: 40000 })
    expect(await getBalance({ userId: user.id })).toBe(100)

    const { task, segments } = await translated(auth, { service: 'deepseek', review: 'true' })
    expect(task).toMatchObject({ review: true, reviewCost: 5, cost: 25 })
    expect(deepseek.stats.counters.reviewLines).toBe(segments.length)
    expect(await getBalance({ userId: user.id })).toBe(75)
    const entries = await db.pointEntry.findMany({ where: { taskId: task.id }, orderBy: { createdAt: 'asc' } })
    expect(entries.map((e) => [e.reason, e.delta])).toEqual([['reserve', -25], ['capture', 0]])
  })

  it('the service: a recording for Google is translated by Google, not DeepSeek', async () => {
    const { auth } = await fundedUser()
    const { segments } = await translated(auth, { service: 'google' })
    expect(google.stats.requests).toBeGreaterThanOrEqual(1)
    expect(deepseek.stats.requests).toBe(0)
    for (const segment of segments) expect(segment).toMatchObject({ translatedBy: 'google', translatedText: `[fr] ${segment.originalText}` })
  })

  it('the translation memory: on by default its lines are reused unsent; switched off, every line is sent', async () => {
    const { auth } = await fundedUser()
    // The first translation of the recording fills the memory.
    const first = await translated(auth, { service: 'deepseek' })
    expect(deepseek.stats.counters.lines).toBe(first.segments.length)

    deepseek.resetStats()
    const off = await translated(auth, { service: 'deepseek', useMemory: 'false' })
    expect(deepseek.stats.counters.lines).toBe(off.segments.length)
    expect(off.segments.every((s) => s.translatedBy === 'deepseek')).toBe(true)

    deepseek.resetStats()
    const on = await translated(auth, { service: 'deepseek' })
    expect(deepseek.stats.counters.lines ?? 0).toBe(0)
    expect(on.segments.every((s) => s.translatedBy === 'memory' && s.translatedText === `[fr] ${s.originalText}`)).toBe(true)
  })

  it('the glossary: the entries for the target language are counted in the estimate and go with the translation', async () => {
    const { user, auth } = await fundedUser()
    // The speech-to-text fake writes "Sandbox speech…" for every sentence.
    await createGlossaryEntry({ userId: user.id, input: { term: 'Sandbox', translation: 'Bac à sable', targetLanguage: 'fr', sourceLanguage: null, note: null } })
    await createGlossaryEntry({ userId: user.id, input: { term: 'Sandbox', translation: 'Sandkasten', targetLanguage: 'de', sourceLanguage: null, note: null } })
    const estimate = await send(estimateRoute, '/api/tasks/transcribe/estimate', auth, { targetLanguage: 'fr' })
    expect(estimate.data.glossary).toEqual({ fr: 1, de: 1 })

    await translated(auth, { service: 'deepseek' })
    const sent = deepseek.stats.log.map((entry) => (entry.data as { glossary: { term: string; translation: string }[] }).glossary)
    expect(sent.length).toBeGreaterThanOrEqual(1)
    for (const glossary of sent) expect(glossary).toEqual([{ term: 'Sandbox', translation: 'Bac à sable' }])
  })
})
