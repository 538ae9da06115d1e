import 'server-only'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Prisma } from '@prisma/client'
import { buildCues, type TimedWord } from '@/lib/captions'
import { db } from '@/lib/db'
import { env } from '@/lib/env'
import { log } from '@/lib/log'
import { decodeForChunks, extractChunk, MediaToolError } from '@/lib/media'
import { spokenTermsFor } from '@/lib/glossary'
import { formatMs } from '@/lib/subtitles'
import type { StorageDriver } from '@/lib/storage'
import { failTask } from '@/lib/tasks/fail'
import { appStorage } from '@/lib/tasks/storage'
import { insertSegments, saveTranslations } from '@/lib/tasks/segment-rows'
import { mapWithConcurrency } from '@/lib/translate/pool'
import { pauseProvider, providerAnswered, waitForProvider, type Sleep } from '@/lib/translate/pause'
import { languageFromProvider, providerLanguage } from './languages'
import { endWithoutSpeech } from './no-speech'
import { planChunks } from './plan'
import { createSttProvider, SttError, type SttAnswer, type SttProvider, type SttRequest } from './provider'
import { wordsOnTimeline } from './stitch'

export type TranscriptionOptions = {
  /** The speech-to-text provider (tests inject one; default: from STT_* settings). */
  provider?: SttProvider
  storage?: StorageDriver
  /** Chunks transcribed at once (default STT_CONCURRENCY). */
  concurrency?: number
  /** Per-request retries (3, 1000 ms apart), as the translation engine's. */
  retry?: { attempts?: number; delayMs?: number }
  /** Called after each chunk is saved (tests stop a run there, as a killed worker would). */
  onChunkSaved?: (index: number) => void | Promise<void>
  signal?: AbortSignal
}

export type TranscriptionOutcome = 'transcribed' | 'no_speech' | 'failed' | 'skipped'

export const TRANSCRIBING = 'transcribing'
export const TRANSLATING = 'translating'

const sleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms)
    signal?.addEventListener('abort', () => {
      clearTimeout(timer)
      reject(signal.reason)
    }, { once: true })
  })

const message = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500)

function providerFromEnv(): SttProvider {
  const e = env()
  if (!e.STT_API_KEY) throw new SttError('fatal', 'STT_API_KEY is not set')
  return createSttProvider({ baseUrl: e.STT_BASE_URL, apiKey: e.STT_API_KEY, model: e.STT_MODEL })
}

/** One request with the engine's retry rules: a 429 pauses every request to the provider, others wait and retry. */
async function transcribeWithRetry(provider: SttProvider, request: SttRequest, { attempts = 3, delayMs = 1000 } = {}): Promise<SttAnswer> {
  for (let attempt = 0; ; attempt++) {
    await waitForProvider(provider.limitKey, sleep, request.signal)
    try {
      const answer = await provider.transcribe(request)
      providerAnswered(provider.limitKey)
      return answer
    } catch (error) {
      if (!(error instanceof SttError) || request.signal?.aborted || error.kind === 'fatal' || attempt >= attempts) throw error
      if (error.kind === 'rate_limited') pauseProvider(provider.limitKey, error.retryAfterMs)
      else await sleep(delayMs, request.signal)
    }
  }
}

/** The user's glossary terms for the spoken language, as spelling hints (a provider reads about 224 tokens). */
async function glossaryPrompt(userId: string, language: string): Promise<string | undefined> {
  let prompt = ''
  for (const term of await spokenTermsFor({ userId, language })) {
    if (prompt.length + term.length + 2 > 600) break
    prompt += (prompt ? ', ' : '') + term
  }
  return prompt || undefined
}

/**
 * Transcribes (or resumes) a transcription task. Rules: the audio is cut at silences into chunks
 * (plan.ts) once, and the plan is kept; each chunk's words are saved as soon as they arrive, so a
 * worker killed mid-way resumes with the chunks still missing and the provider is never paid twice
 * for one; chunks go `STT_CONCURRENCY` at once, after the first when the spoken language is to be
 * detected (its answer names the language the others are sent with). When every chunk is in, the
 * words become cues (lib/captions), stored as the task's segments, and the stage moves on to
 * translating (the translation run completes the task). A provider that keeps failing fails the
 * task and releases its points.
 */
export async function runTranscription({ taskId, ...options }: { taskId: string } & TranscriptionOptions): Promise<TranscriptionOutcome> {
  const task = await db.task.findUnique({ where: { id: taskId } })
  if (!task || task.status !== 'translating' || task.kind !== 'transcription') return 'skipped'
  if (task.stage !== TRANSCRIBING) return 'transcribed'
  if (!task.audioKey) {
    await failTask({ taskId, error: 'the recording is missing' })
    return 'failed'
  }
  await db.task.update({ where: { id: taskId }, data: { translationStartTime: task.translationStartTime ?? new Date() } })
  let provider: SttProvider
  try {
    provider = options.provider ?? providerFromEnv()
  } catch (error) {
    await failTask({ taskId, error: message(error) })
    return 'failed'
  }

  const dir = await mkdtemp(path.join(tmpdir(), 'transcribe-'))
  try {
    const audio = path.join(dir, 'audio')
    const bytes = await (options.storage ?? appStorage()).get(task.audioKey)
    if (!bytes) {
      await failTask({ taskId, error: 'the recording is missing' })
      return 'failed'
    }
    await writeFile(audio, bytes)

    // Decoded once, the recording's samples are the timeline: the plan, each chunk's audio and so
    // each word's place all count samples, whatever the container's timestamps say.
    const pcm = path.join(dir, 'audio.pcm')
    const decoded = await decodeForChunks(audio, { out: pcm, signal: options.signal }).catch((error: unknown) => {
      if (error instanceof MediaToolError && !options.signal?.aborted) return null
      throw error
    })
    if (!decoded || decoded.durationMs === 0) {
      await failTask({ taskId, error: 'the recording has no sound we can read' })
      return 'failed'
    }
    await rm(audio, { force: true })

    let chunks = await db.transcriptChunk.findMany({ where: { taskId }, orderBy: { index: 'asc' } })
    if (chunks.length === 0) {
      const plan = planChunks(decoded.durationMs, decoded.silences)
      await db.transcriptChunk.createMany({ data: plan.map((c, index) => ({ taskId, index, startMs: c.startMs, endMs: c.endMs })), skipDuplicates: true })
      await db.task.update({ where: { id: taskId }, data: { chunksTotal: plan.length } })
      chunks = await db.transcriptChunk.findMany({ where: { taskId }, orderBy: { index: 'asc' } })
    }

    let language = task.originalLanguage
    const prompt = await glossaryPrompt(task.userId, language)
    const transcribeChunk = async (chunk: (typeof chunks)[number]) => {
      const file = path.join(dir, `chunk-${chunk.index}.ogg`)
      await extractChunk(pcm, { startMs: chunk.startMs, endMs: chunk.endMs, out: file, signal: options.signal })
      const answer = await transcribeWithRetry(provider, { audio: await readFile(file), fileName: `chunk-${chunk.index}.ogg`, language: providerLanguage(language), prompt, signal: options.signal }, options.retry)
      await rm(file, { force: true })
      const words = wordsOnTimeline(answer, chunk)
      const heard = languageFromProvider(answer.language)
      await db.$transaction([
        db.transcriptChunk.update({ where: { taskId_index: { taskId, index: chunk.index } }, data: { words: words as unknown as Prisma.InputJsonValue, language: heard } }),
        db.$executeRaw`UPDATE "Task" SET "chunksDone" = (SELECT count(*) FROM "TranscriptChunk" WHERE "taskId" = ${taskId} AND "words" IS NOT NULL)::int,
          "progress" = GREATEST("progress", LEAST(99, ((SELECT count(*) FROM "TranscriptChunk" WHERE "taskId" = ${taskId} AND "words" IS NOT NULL) * ${task.withTranslation ? 50 : 99} / GREATEST(1, ${chunks.length}))::int))
          WHERE "id" = ${taskId}`,
      ])
      await options.onChunkSaved?.(chunk.index)
      return heard
    }

    let pending = chunks.filter((c) => c.words === null)
    try {
      if (language === 'auto') {
        // The first chunk names the spoken language; the others are sent with it.
        const heard = chunks.find((c) => c.language)?.language ?? (pending.length > 0 ? await transcribeChunk(pending[0]) : null)
        pending = pending.slice(chunks.some((c) => c.language) ? 0 : 1)
        language = heard ?? 'en'
        await db.task.update({ where: { id: taskId }, data: { originalLanguage: language, detectedLanguage: language, ...(task.withTranslation ? {} : { targetLanguage: language }) } })
      }
      await mapWithConcurrency(pending, options.concurrency ?? env().STT_CONCURRENCY, transcribeChunk)
    } catch (error) {
      if (options.signal?.aborted || !(error instanceof SttError)) throw error
      log.warn('transcribe.failed', { taskId, error })
      await failTask({ taskId, error: message(error) })
      return 'failed'
    }

    return await storeCues(taskId, language, task.withTranslation)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/**
 * Every chunk's words as cues, stored as segments in one transaction with the stage's change. A
 * recording without a single word ends as `no_speech`, its points released (nothing to translate).
 */
async function storeCues(taskId: string, language: string, withTranslation: boolean): Promise<'transcribed' | 'no_speech'> {
  const rows = await db.transcriptChunk.findMany({ where: { taskId }, orderBy: { index: 'asc' }, select: { words: true } })
  const words = rows.flatMap((r) => (r.words ?? []) as unknown as TimedWord[])
  const cues = buildCues(words, language).map((cue, i) => ({ id: i + 1, startMs: cue.startMs, endMs: cue.endMs, startTime: formatMs(cue.startMs), endTime: formatMs(cue.endMs), text: cue.text }))
  if (cues.length === 0) {
    await endWithoutSpeech(taskId)
    return 'no_speech'
  }
  await db.$transaction(async (tx) => {
    const changed = await tx.task.updateMany({ where: { id: taskId, stage: TRANSCRIBING, status: 'translating' }, data: { stage: withTranslation ? TRANSLATING : null, progress: withTranslation ? 50 : 99 } })
    if (changed.count === 0) return
    await tx.segment.deleteMany({ where: { taskId } })
    await insertSegments(tx, taskId, cues)
    // A transcript alone is its own "translation": exports and the editor read the same text.
    if (!withTranslation) await saveTranslations(tx, taskId, cues.map((c) => ({ id: c.id, translatedText: c.text, translatedBy: 'speech' })))
  })
  return 'transcribed'
}
