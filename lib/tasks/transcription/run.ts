import 'server-only'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Prisma } from '@prisma/client'
import type { Span, TimedWord } from '@/lib/captions'
import { db } from '@/lib/db'
import { env } from '@/lib/env'
import { spokenTermsFor } from '@/lib/glossary'
import { log } from '@/lib/log'
import type { StorageDriver } from '@/lib/storage'
import { createSttProvider, cuesFromWords, SttError, transcribeRecording, type ChunkDone, type HeardSpeaker, type KnownChunk, type RecordingOutcome, type SttProvider } from '@/lib/transcribe'
import { failTask } from '../fail'
import { insertSegments, saveSpeakers, saveTranslations } from '../segment-rows'
import { appStorage } from '../storage'
import { leftOutOfChunks, saveLeftOut } from './left-out'
import { endWithoutSpeech } from './no-speech'
import { saveSpeech } from './speech'

export type TranscriptionOptions = {
  /** The speech-to-text provider (tests inject one; default: from STT_* settings). */
  provider?: SttProvider
  storage?: StorageDriver
  /** Chunks transcribed at once (default STT_CONCURRENCY). */
  concurrency?: number
  /** Per-request retries (3, 1000 ms apart), as the translation engine's. */
  retry?: { attempts?: number; delayMs?: number }
  /** Where chunks are cut (tests make them short to have several); default 10 minutes. */
  chunkTargetMs?: number
  /** Called after each chunk is saved (tests stop a run there, as a killed worker would). */
  onChunkSaved?: (index: number) => void | Promise<void>
  signal?: AbortSignal
}

export type TranscriptionOutcome = 'transcribed' | 'no_speech' | 'failed' | 'skipped'

export const TRANSCRIBING = 'transcribing'
export const TRANSLATING = 'translating'

const message = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500)

function providerFromEnv(): SttProvider {
  const e = env()
  if (!e.STT_API_KEY) throw new SttError('fatal', 'STT_API_KEY is not set')
  // Speakers are asked for when told (STT_DIARIZE), or when the model is a diarizing one.
  const diarize = (e.STT_DIARIZE ?? (e.STT_MODEL.includes('diarize') ? 'openai' : 'off')) === 'openai'
  return createSttProvider({ baseUrl: e.STT_BASE_URL, apiKey: e.STT_API_KEY, model: e.STT_MODEL, diarize })
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
 * Transcribes (or resumes) a transcription task through lib/transcribe. Rules: the audio is cut at
 * silences into chunks once, and the plan is kept (TranscriptChunk); each chunk's words are saved as soon as they arrive, so a
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

  const dir = await mkdtemp(path.join(tmpdir(), 'transcription-'))
  try {
    const audio = path.join(dir, 'audio')
    const bytes = await (options.storage ?? appStorage()).get(task.audioKey)
    if (!bytes) {
      await failTask({ taskId, error: 'the recording is missing' })
      return 'failed'
    }
    await writeFile(audio, bytes)

    const total = { chunks: 0 }
    let outcome: RecordingOutcome
    try {
      outcome = await transcribeRecording({
        file: audio,
        language: task.originalLanguage,
        prompt: await glossaryPrompt(task.userId, task.originalLanguage),
        provider,
        concurrency: options.concurrency ?? env().STT_CONCURRENCY,
        retry: options.retry,
        chunkTargetMs: options.chunkTargetMs,
        signal: options.signal,
        chunks: async (plan) => {
          const chunks = await planOnce(taskId, plan)
          total.chunks = chunks.length
          return chunks
        },
        onChunkDone: async (chunk, done) => {
          await saveChunk(taskId, chunk.index, done, { chunks: total.chunks, withTranslation: task.withTranslation })
          await options.onChunkSaved?.(chunk.index)
        },
        onLanguage: async (language) => {
          await db.task.update({ where: { id: taskId }, data: { originalLanguage: language, detectedLanguage: language, ...(task.withTranslation ? {} : { targetLanguage: language }) } })
        },
      })
    } catch (error) {
      if (options.signal?.aborted || !(error instanceof SttError)) throw error
      log.warn('transcribe.failed', { taskId, error })
      await failTask({ taskId, error: message(error) })
      return 'failed'
    }
    if (outcome.kind === 'unreadable') {
      await failTask({ taskId, error: 'the recording has no sound we can read' })
      return 'failed'
    }
    return await storeCues(taskId, outcome.language, task.withTranslation, outcome.speech)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/** The task's chunks: the plan is stored the first time, and a resumed run reads it back with the words already saved. */
async function planOnce(taskId: string, plan: { startMs: number; endMs: number }[]): Promise<KnownChunk[]> {
  const read = () => db.transcriptChunk.findMany({ where: { taskId }, orderBy: { index: 'asc' } })
  let chunks = await read()
  if (chunks.length === 0) {
    await db.transcriptChunk.createMany({ data: plan.map((c, index) => ({ taskId, index, startMs: c.startMs, endMs: c.endMs })), skipDuplicates: true })
    await db.task.update({ where: { id: taskId }, data: { chunksTotal: plan.length } })
    chunks = await read()
  }
  return chunks.map((c) => ({ index: c.index, startMs: c.startMs, endMs: c.endMs, words: c.words as unknown as TimedWord[] | null, language: c.language, speakers: c.speakers as unknown as HeardSpeaker[] | null }))
}

/** A chunk's words, heard language, left-out lines and new voices, saved with the task's chunk count and progress in one transaction. */
async function saveChunk(taskId: string, index: number, { words, heard, leftOut, speakers }: ChunkDone, { chunks, withTranslation }: { chunks: number; withTranslation: boolean }): Promise<void> {
  const json = (value: unknown) => value as Prisma.InputJsonValue
  await db.$transaction([
    db.transcriptChunk.update({ where: { taskId_index: { taskId, index } }, data: { words: json(words), language: heard, leftOut: json(leftOut), speakers: json(speakers) } }),
    db.$executeRaw`UPDATE "Task" SET "chunksDone" = (SELECT count(*) FROM "TranscriptChunk" WHERE "taskId" = ${taskId} AND "words" IS NOT NULL)::int,
      "progress" = GREATEST("progress", LEAST(99, ((SELECT count(*) FROM "TranscriptChunk" WHERE "taskId" = ${taskId} AND "words" IS NOT NULL) * ${withTranslation ? 50 : 99} / GREATEST(1, ${chunks}))::int))
      WHERE "id" = ${taskId}`,
  ])
}

/**
 * Every chunk's words as cues timed to the speech they cover, stored as segments in one
 * transaction with the stage's change, the recording's spans of speech and the lines left out. A
 * recording without a single word ends as `no_speech`, its points released (nothing to translate).
 */
async function storeCues(taskId: string, language: string, withTranslation: boolean, speech: Span[]): Promise<'transcribed' | 'no_speech'> {
  const rows = await db.transcriptChunk.findMany({ where: { taskId }, orderBy: { index: 'asc' }, select: { words: true, leftOut: true } })
  const words = rows.flatMap((r) => (r.words ?? []) as unknown as TimedWord[])
  const cues = cuesFromWords(words, language, speech)
  if (cues.length === 0) {
    await endWithoutSpeech(taskId)
    return 'no_speech'
  }
  await db.$transaction(async (tx) => {
    const changed = await tx.task.updateMany({ where: { id: taskId, stage: TRANSCRIBING, status: 'translating' }, data: { stage: withTranslation ? TRANSLATING : null, progress: withTranslation ? 50 : 99 } })
    if (changed.count === 0) return
    await tx.segment.deleteMany({ where: { taskId } })
    await insertSegments(tx, taskId, cues)
    if (cues.some((c) => c.speakers)) await saveSpeakers(tx, taskId, cues.map((c) => ({ id: c.id, speakers: c.speakers ?? [] })))
    await saveSpeech(tx, taskId, speech)
    await saveLeftOut(tx, taskId, leftOutOfChunks(rows))
    // A transcript alone is its own "translation": exports and the editor read the same text.
    if (!withTranslation) await saveTranslations(tx, taskId, cues.map((c) => ({ id: c.id, translatedText: c.text, translatedBy: 'speech' })))
  })
  return 'transcribed'
}
