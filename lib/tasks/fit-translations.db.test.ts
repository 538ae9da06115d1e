// Translations that fit their time (issue 30), against the DeepSeek and Google fakes over HTTP:
// every line too long for its cue is sent once to be shortened, in one request for the task, the
// stored translation then fits, the first version is kept, nothing more is charged; Google's lines
// are flagged instead.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { startDeepSeekFake } from '@/fakes/deepseek'
import { DEEPSEEK_CONDENSE_STUBBORN } from '@/fakes/deepseek-lengths'
import { startGoogleTranslateFake } from '@/fakes/google-translate'
import { db } from '@/lib/db'
import { stopBoss } from '@/lib/jobs'
import { getBalance, grantPoints } from '@/lib/points'
import { formatMs } from '@/lib/subtitles'
import { cueFit, fitChars } from '@/lib/subtitles/fit'
import { runTask } from '@/lib/tasks'
import { fitTranslations } from '@/lib/tasks/pipeline/fit'
import { createDeepSeekProvider, createGoogleTranslateProvider } from '@/lib/translate/providers'
import { POST as createRoute } from '@/app/api/tasks/route'
import { GET as taskRoute } from '@/app/api/tasks/[id]/route'
import { ctx, jsonRequest, makeUser, multipart } from '@/test/route-harness'

const KEY = 'sk-fit-db-test'
const fake = await startDeepSeekFake({ apiKey: KEY })
const google = await startGoogleTranslateFake({ apiKey: 'g-fit' })
const storageDir = mkdtempSync(path.join(tmpdir(), 'ss-fit-'))
Object.assign(process.env, { DEEPSEEK_API_KEY: KEY, DEEPSEEK_BASE_URL: fake.url, STORAGE_DIR: storageDir })

afterAll(async () => {
  await stopBoss()
  await fake.close()
  await google.close()
  rmSync(storageDir, { recursive: true, force: true })
})
beforeEach(() => {
  fake.resetStats()
  google.resetStats()
})

const PIPELINE = { retry: { attempts: 2, delayMs: 5 }, resumeDelayMs: 20, resumePasses: 0 }
const STUBBORN = 7
// Short lines in roomy cues fit; long ones in short cues do not; line 5 is line 2 again in a longer cue.
const CUES: { text: string; ms: number }[] = [
  { text: 'Hello.', ms: 2000 },
  { text: 'Well, I think we should all go home now, before the storm comes.', ms: 2500 },
  { text: 'Where is the ferry?', ms: 3000 },
  { text: 'The harbour master said that the last boat left an hour ago, and there will not be another one tonight.', ms: 3000 },
  { text: 'Well, I think we should all go home now, before the storm comes.', ms: 6000 },
  { text: 'Quick!', ms: 1000 },
  { text: `You know, I honestly cannot remember the last time anybody here was on time for anything. ${DEEPSEEK_CONDENSE_STUBBORN}`, ms: 2000 },
  { text: 'Then we walk.', ms: 2000 },
]
const srt = CUES.map((cue, i) => {
  const start = i * 7000
  return `${i + 1}\n${formatMs(start)} --> ${formatMs(start + cue.ms)}\n${cue.text}\n`
}).join('\n')
const firstTranslation = (id: number, by = 'de') => `[${by}] ${CUES[id - 1].text}`
// The lines whose first translation does not fit its cue, judged here from the fixture alone.
const overIds = CUES.map((cue, i) => i + 1).filter((id) => !cueFit(firstTranslation(id), CUES[id - 1].ms, 'de').fits)

type SegmentOut = { id: number; translatedText: string; translatedBy: string; firstTranslation: string | null; fit?: string | null; duration: number }

const srtOf = (cues: readonly { text: string; ms: number }[]) =>
  cues.map((cue, i) => `${i + 1}\n${formatMs(i * 7000)} --> ${formatMs(i * 7000 + cue.ms)}\n${cue.text}\n`).join('\n')

async function create(auth: Record<string, string>, fields: Record<string, string>, file = srt) {
  const res = await createRoute(multipart('/api/tasks', auth, { name: 'storm.srt', body: file }, { targetLanguage: 'de', sourceLanguage: 'en', ...fields }), ctx())
  const body = await res.json()
  expect(body.code).toBe(20000)
  return body.data as { id: string; cost: number }
}

async function segmentsOf(auth: Record<string, string>, taskId: string): Promise<SegmentOut[]> {
  const body = await (await taskRoute(jsonRequest('GET', `/api/tasks/${taskId}`, auth), ctx({ id: taskId }))).json()
  return body.data.segments
}

/** Each line id sent in condense requests, with how many times. */
function condensedIds(): Map<number, number> {
  const sent = new Map<number, number>()
  for (const entry of fake.stats.log) {
    const lines = (entry.data as { lines: { id: number; maxChars?: number }[] }).lines
    for (const line of lines) if (typeof line.maxChars === 'number') sent.set(line.id, (sent.get(line.id) ?? 0) + 1)
  }
  return sent
}

describe('a DeepSeek task whose lines run too long for their cues', () => {
  it('sends every over-long line exactly once, in one request; the stored translation fits, the first version is kept, nothing more is charged', async () => {
    // The fixture has both kinds, a repeated line among the long ones and a stubborn one.
    expect(overIds).toEqual(expect.arrayContaining([2, 4, STUBBORN]))
    expect(overIds).not.toContain(5)
    expect(overIds.length).toBeLessThan(CUES.length)

    const { user, auth } = await makeUser()
    await grantPoints({ userId: user.id, amount: 100, key: `g:${user.id}` })
    const task = await create(auth, { service: 'deepseek' })
    expect(await runTask({ taskId: task.id, ...PIPELINE })).toBe('completed')

    expect(fake.stats.counters.condenseRequests).toBe(1)
    expect([...condensedIds()].sort(([a], [b]) => a - b)).toEqual(overIds.map((id) => [id, 1]))

    const segments = await segmentsOf(auth, task.id)
    for (const segment of segments) {
      const first = firstTranslation(segment.id)
      if (!overIds.includes(segment.id)) {
        expect(segment).toMatchObject({ translatedText: first, firstTranslation: null })
        expect(segment.fit, 'a line that fits carries no fit mark').toBeUndefined()
        continue
      }
      expect(segment).toMatchObject({ translatedBy: 'deepseek', firstTranslation: first })
      expect(Array.from(segment.translatedText).length).toBeLessThan(Array.from(first).length)
      if (segment.id === STUBBORN) {
        // Kept, though still too long: flagged.
        expect(segment.fit).toBe('over_shortened')
        expect(cueFit(segment.translatedText, segment.duration, 'de').fits).toBe(false)
      } else {
        expect(segment.fit).toBe('shortened')
        expect(cueFit(segment.translatedText, segment.duration, 'de').fits).toBe(true)
      }
    }
    // The task's price and nothing else: one reservation, captured.
    expect(await getBalance({ userId: user.id })).toBe(100 - task.cost)
    const ledger = await db.pointEntry.findMany({ where: { userId: user.id }, select: { reason: true, delta: true }, orderBy: { createdAt: 'asc' } })
    expect(ledger.map((e) => e.reason)).toEqual(['grant', 'reserve', 'capture'])

    // A resumed run (the worker died after shortening) checks again and sends nothing twice.
    fake.resetStats()
    const provider = createDeepSeekProvider({ baseUrl: fake.url, apiKey: KEY, model: 'deepseek-flash' })
    expect(await fitTranslations({ taskId: task.id, provider, targetLanguage: 'de' })).toEqual({ sent: 0, shortened: 0, flagged: 0 })
    expect(fake.stats.requests).toBe(0)
  })

  it('leaves a line a person wrote alone, and flags a line from the translation memory instead of shortening it', async () => {
    const { user, auth } = await makeUser()
    await grantPoints({ userId: user.id, amount: 100, key: `g:${user.id}` })
    const task = await create(auth, { service: 'deepseek' })
    const mine = 'Ein Satz, den ich selbst geschrieben habe und der viel zu lang für diesen kurzen Moment ist.'
    await db.segment.update({ where: { taskId_index: { taskId: task.id, index: 2 } }, data: { translatedText: mine, translatedBy: 'edited' } })
    await db.segment.update({ where: { taskId_index: { taskId: task.id, index: 4 } }, data: { translatedText: firstTranslation(4), translatedBy: 'memory' } })
    expect(await runTask({ taskId: task.id, ...PIPELINE })).toBe('completed')

    expect(condensedIds().has(2)).toBe(false)
    expect(condensedIds().has(4)).toBe(false)
    const segments = await segmentsOf(auth, task.id)
    expect(segments[1]).toMatchObject({ translatedText: mine, translatedBy: 'edited' })
    expect(segments[1].fit).toBeUndefined()
    expect(segments[3]).toMatchObject({ translatedText: firstTranslation(4), translatedBy: 'memory', fit: 'over', firstTranslation: null })
  })

  it('a line goes to be shortened with its speaker, as it went to be translated', async () => {
    const { user, auth } = await makeUser()
    await grantPoints({ userId: user.id, amount: 100, key: `g:${user.id}` })
    const task = await create(auth, { service: 'deepseek' })
    await db.segment.updateMany({ where: { taskId: task.id }, data: { speakers: ['S1'] } })
    await db.task.update({ where: { id: task.id }, data: { speakerNames: { S1: 'Ada' } } })
    expect(await runTask({ taskId: task.id, ...PIPELINE })).toBe('completed')
    const condensed = fake.stats.log.flatMap((entry) => (entry.data as { lines: { id: number; maxChars?: number; speaker?: string }[] }).lines).filter((line) => line.maxChars !== undefined)
    expect(condensed.map((line) => line.id)).toEqual(overIds)
    expect(condensed.every((line) => line.speaker === 'Ada')).toBe(true)
  })

  it('a shortening request that keeps failing leaves the lines as translated, flagged, and the task completes', async () => {
    const { user, auth } = await makeUser()
    await grantPoints({ userId: user.id, amount: 100, key: `g:${user.id}` })
    const task = await create(auth, { service: 'deepseek' })
    // The condense request carries line 2's translation: its answer drops a line, every time; translation requests answer right.
    fake.faults.set({ kind: 'wrong_count', containing: `[de] ${CUES[1].text}` })
    try {
      expect(await runTask({ taskId: task.id, ...PIPELINE })).toBe('completed')
    } finally {
      fake.faults.clear()
    }
    // The first try and its two retries, then the lines stand.
    expect(fake.stats.counters.condenseRequests).toBe(3)
    for (const segment of await segmentsOf(auth, task.id)) {
      expect(segment).toMatchObject({ translatedText: firstTranslation(segment.id), firstTranslation: null })
      expect(segment.fit).toBe(overIds.includes(segment.id) ? 'over' : undefined)
    }
  })
})

describe('identical lines too long for their cues', () => {
  it('sends each distinct line once, within the tightest limit of its copies, and every copy gets that answer', async () => {
    const long = CUES[1].text
    const longer = CUES[3].text
    const cues = [
      ...[2500, 2000, 2300, 2500, 2200].map((ms) => ({ text: long, ms })),
      ...[3000, 2800, 3000].map((ms) => ({ text: longer, ms })),
      { text: 'Hello.', ms: 2000 },
      { text: 'Hello.', ms: 2000 },
    ]
    const { user, auth } = await makeUser()
    await grantPoints({ userId: user.id, amount: 100, key: `g:${user.id}` })
    const task = await create(auth, { service: 'deepseek' }, srtOf(cues))
    expect(await runTask({ taskId: task.id, ...PIPELINE })).toBe('completed')

    // One request of two lines, not eight: the first copy of each, asked for its copies' tightest fit.
    expect(fake.stats.counters.condenseRequests).toBe(1)
    expect(fake.stats.counters.condenseLines).toBe(2)
    const sent = fake.stats.log.flatMap((entry) => (entry.data as { lines: { id: number; maxChars?: number }[] }).lines).filter((line) => line.maxChars !== undefined)
    expect(sent).toEqual([
      expect.objectContaining({ id: 1, maxChars: fitChars(2000, 'de') }),
      expect.objectContaining({ id: 6, maxChars: fitChars(2800, 'de') }),
    ])

    const segments = await segmentsOf(auth, task.id)
    for (const copies of [segments.slice(0, 5), segments.slice(5, 8)]) {
      const answer = copies[0].translatedText
      expect(Array.from(answer).length).toBeLessThan(Array.from(copies[0].firstTranslation ?? '').length)
      for (const copy of copies) {
        expect(copy).toMatchObject({ translatedText: answer, fit: 'shortened' })
        expect(cueFit(copy.translatedText, copy.duration, 'de').fits).toBe(true)
      }
    }
    expect(segments.slice(8).map((s) => s.fit)).toEqual([undefined, undefined])
  })
})

describe('a Google task whose lines run too long', () => {
  it('flags them without shortening: no condense request, the translation as it came', async () => {
    const { user, auth } = await makeUser()
    await grantPoints({ userId: user.id, amount: 100, key: `g:${user.id}` })
    const task = await create(auth, { service: 'google' })
    const provider = () => createGoogleTranslateProvider({ baseUrl: google.url, apiKey: 'g-fit' })
    expect(await runTask({ taskId: task.id, ...PIPELINE, provider })).toBe('completed')
    expect(fake.stats.requests).toBe(0)
    const segments = await segmentsOf(auth, task.id)
    for (const segment of segments) {
      expect(segment).toMatchObject({ translatedText: firstTranslation(segment.id), translatedBy: segment.id === 5 ? 'repeat' : 'google', firstTranslation: null })
      expect(segment.fit).toBe(overIds.includes(segment.id) ? 'over' : undefined)
    }
  })
})
