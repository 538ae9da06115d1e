import 'server-only'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Prisma } from '@prisma/client'
import type { TimedWord } from '@/lib/captions'
import { db } from '@/lib/db'
import { env } from '@/lib/env'
import { spokenTermsFor } from '@/lib/glossary'
import { log } from '@/lib/log'
import type { StorageDriver } from '@/lib/storage'
import { UploadParkedError } from '@/lib/uploads'
import { CODEC_PADDING_MS, createSttProvider, fixedSizing, liveTranscribe, MAX_AUDIO_MS, SttError, type ChunkDone, type HeardSpeaker, type KnownChunk, type LiveOutcome, type SttProvider } from '@/lib/transcribe'
import { failTask } from '../fail'
import type { PipelineOptions } from '../run-translation'
import { appStorage } from '../storage'
import { chunkCueMaker, type ChunkCue } from './chunk-cues'
import { priceKeeper } from './price'
import { dropUploadedParts, recordingSource, storeUploadedRecording } from './recording-source'
import { markChunkSent, TaskStoppedError } from './sent-sound'
import { TRANSCRIBING } from './stages'
import { storeCues } from './store-cues'

export { TRANSCRIBING, TRANSLATING } from './stages'

export type TranscriptionOptions = {
  /** The speech-to-text provider (tests inject one; default: from STT_* settings). */
  provider?: SttProvider
  storage?: StorageDriver
  /** Chunks transcribed at once (default STT_CONCURRENCY). */
  concurrency?: number
  /** Per-request retries (3, 1000 ms apart), as the translation engine's. */
  retry?: { attempts?: number; delayMs?: number }
  /** One length for every chunk (tests make them short to have several); default: pulled by the free request slots, 2 to 10 minutes (live-plan.ts). */
  chunkTargetMs?: number
  /** Called after each chunk is saved (tests stop a run there, as a killed worker would). */
  onChunkSaved?: (index: number) => void | Promise<void>
  /** How the cues made while transcribing are translated (the translation run's settings). */
  translation?: Pick<PipelineOptions, 'provider' | 'fallbacks' | 'concurrency' | 'retry'>
  signal?: AbortSignal
}

/** `waiting`: the recording's parts brought nothing new for a while; the run stopped to resume when they do. */
export type TranscriptionOutcome = 'transcribed' | 'no_speech' | 'failed' | 'skipped' | 'waiting'

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

/** The chunks a previous run planned, with what it learnt of them. */
async function knownChunks(taskId: string) {
  const rows = await db.transcriptChunk.findMany({ where: { taskId }, orderBy: { index: 'asc' } })
  return rows.map((c) => ({
    chunk: { index: c.index, startMs: c.startMs, endMs: c.endMs, words: c.words as unknown as TimedWord[] | null, language: c.language, speakers: c.speakers as unknown as HeardSpeaker[] | null } satisfies KnownChunk,
    cues: c.cues as unknown as ChunkCue[] | null,
  }))
}

/**
 * Transcribes (or resumes) a transcription task while its sound arrives: from the parts
 * the browser is uploading, or from the recording kept whole, through lib/transcribe's streaming
 * path. Rules: each chunk is stored when it is cut and its words as soon as they arrive, so a
 * worker killed mid-way resumes with the chunks still missing and never pays the provider twice for
 * one; the price follows the decoded length (price.ts) before any work on sound it does not cover;
 * each chunk's answer is screened against the speech heard (lines probably not spoken are left
 * out, listed for the editor); each chunk's cues are made, translated and reviewed while later
 * chunks are transcribed
 * (chunk-cues.ts); an uploaded recording is kept for the editor's player. When every chunk is in,
 * the cues are stored as the task's segments and the stage moves on (the translation run completes
 * the task). A provider that keeps failing fails the task and releases its points.
 */
export async function runTranscription({ taskId, ...options }: { taskId: string } & TranscriptionOptions): Promise<TranscriptionOutcome> {
  const task = await db.task.findUnique({ where: { id: taskId } })
  if (!task || task.status !== 'translating' || task.kind !== 'transcription') return 'skipped'
  if (task.stage !== TRANSCRIBING) return 'transcribed'
  await db.task.update({ where: { id: taskId }, data: { translationStartTime: task.translationStartTime ?? new Date() } })
  let provider: SttProvider
  try {
    provider = options.provider ?? providerFromEnv()
  } catch (error) {
    await failTask({ taskId, error: message(error) })
    return 'failed'
  }

  const storage = options.storage ?? appStorage()
  const dir = await mkdtemp(path.join(tmpdir(), 'transcription-'))
  try {
    // A part that brings nothing new stops the run (the worker is given back) once no chunk is on its way to the provider.
    let inFlight = 0
    const parking = new AbortController()
    const park = () => {
      if (inFlight === 0 && !parking.signal.aborted) parking.abort(new UploadParkedError('the upload brings nothing new'))
    }
    const signal = options.signal ? AbortSignal.any([options.signal, parking.signal]) : parking.signal
    const source = await recordingSource(task, { storage, dir, park })
    if (!source) {
      await failTask({ taskId, error: 'the recording is missing' })
      return 'failed'
    }
    const known = await knownChunks(taskId)
    const price = priceKeeper(task, { known: known.map((k) => k.chunk), parts: source.parts.length })
    const cues = chunkCueMaker(task, { ...options.translation, signal: options.signal })
    for (const k of known) if (k.cues) cues.know(k.chunk.index, k.cues)
    let language = task.originalLanguage
    // The recording is kept for the editor once every part has arrived, while the last chunks are transcribed.
    let keeping: Promise<void> = Promise.resolve()
    let ended = 0
    let outcome: LiveOutcome
    try {
      outcome = await liveTranscribe({
        parts: source.parts,
        language: task.originalLanguage,
        prompt: await glossaryPrompt(task.userId, task.originalLanguage),
        provider,
        concurrency: options.concurrency ?? env().STT_CONCURRENCY,
        retry: options.retry,
        capMs: MAX_AUDIO_MS + CODEC_PADDING_MS,
        sizing: options.chunkTargetMs ? fixedSizing(options.chunkTargetMs) : undefined,
        known: known.map((k) => k.chunk),
        signal,
        onPlanned: async (chunk) => {
          await db.transcriptChunk.createMany({ data: [{ taskId, index: chunk.index, startMs: chunk.startMs, endMs: chunk.endMs }], skipDuplicates: true })
          await db.$executeRaw`UPDATE "Task" SET "chunksTotal" = (SELECT count(*) FROM "TranscriptChunk" WHERE "taskId" = ${taskId})::int WHERE "id" = ${taskId}`
        },
        mayTranscribe: async (chunk) => {
          const isSent = await price.mayTranscribe(chunk)
          if (isSent) inFlight++
          return isSent
        },
        // What is sent is charged even if the task ends unfinished; a task gone meanwhile sends nothing more.
        onSending: (chunk) => markChunkSent(taskId, chunk.index),
        onChunkDone: async (chunk, done, speech) => {
          inFlight--
          await saveChunk(taskId, chunk.index, done, { durationMs: task.audioDurationMs ?? 0, withTranslation: task.withTranslation })
          await options.onChunkSaved?.(chunk.index)
          cues.add(chunk, done.words, language === 'auto' ? (done.heard ?? 'en') : language, speech)
        },
        onLanguage: async (heard) => {
          language = heard
          await db.task.update({ where: { id: taskId }, data: { originalLanguage: heard, detectedLanguage: heard, ...(task.withTranslation ? {} : { targetLanguage: heard }) } })
        },
        onEncoded: (chunk, encodeMs) => log.info('transcribe.chunk_encoded', { taskId, chunk: chunk.index, lengthMs: chunk.endMs - chunk.startMs, encodeMs }),
        onPartEnd: async (end) => {
          log.info('transcribe.part_decoded', { taskId, part: end.index, decodedMs: end.decodedMs, ended: end.ended })
          await price.partEnded(end)
          // The recording is for the player: failing to keep it never fails the transcription it was paid for.
          if (++ended === source.parts.length && source.uploads.length > 0) {
            keeping = storeUploadedRecording(taskId, source.uploads, { storage, dir, signal: options.signal }).then(
              () => undefined,
              (error) => {
                if (options.signal?.aborted) throw error
                log.error('transcribe.recording_store_failed', { taskId, error })
              },
            )
          }
        },
      })
      await cues.settle()
      await keeping
    } catch (error) {
      if (error instanceof TaskStoppedError) return 'skipped'
      // Nothing new arrived and nothing is in flight: the worker is given back, the job comes again.
      if (parking.signal.aborted && !options.signal?.aborted) {
        await cues.settle().catch((settling) => log.warn('transcribe.parked_cues_failed', { taskId, error: settling }))
        return 'waiting'
      }
      if (options.signal?.aborted || !(error instanceof SttError)) throw error
      log.warn('transcribe.failed', { taskId, error })
      await failTask({ taskId, error: message(error) })
      return 'failed'
    }
    if (outcome.kind === 'unreadable') {
      await failTask({ taskId, error: 'the recording has no sound we can read' })
      return 'failed'
    }
    const refusedMs = price.refusedMs()
    if (refusedMs > 0) {
      await db.task.update({ where: { id: taskId }, data: { audioRefusedMs: refusedMs } })
      // Nothing could be sent: the recording is longer than it said, and the balance cannot pay for it.
      if (price.sentMs() === 0) {
        await failTask({ taskId, error: 'the recording is longer than its declared length, and the balance cannot pay for the rest' })
        return 'failed'
      }
    }
    const stored = await storeCues(taskId, outcome.language, task.withTranslation, outcome.speech)
    await dropUploadedParts(source.uploads)
    return stored
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/** A chunk's words, heard language, left-out lines and new voices, saved with the task's chunk count and progress in one transaction. */
async function saveChunk(taskId: string, index: number, { words, heard, leftOut, speakers }: ChunkDone, { durationMs, withTranslation }: { durationMs: number; withTranslation: boolean }): Promise<void> {
  const json = (value: unknown) => value as Prisma.InputJsonValue
  // Progress follows the sound transcribed, against the length the task was priced for.
  await db.$transaction([
    db.transcriptChunk.update({ where: { taskId_index: { taskId, index } }, data: { words: json(words), language: heard, leftOut: json(leftOut), speakers: json(speakers) } }),
    db.$executeRaw`UPDATE "Task" SET "chunksDone" = (SELECT count(*) FROM "TranscriptChunk" WHERE "taskId" = ${taskId} AND "words" IS NOT NULL)::int,
      "progress" = GREATEST("progress", LEAST(99, ((SELECT coalesce(sum("endMs" - "startMs"), 0) FROM "TranscriptChunk" WHERE "taskId" = ${taskId} AND "words" IS NOT NULL) * ${withTranslation ? 50 : 99} / GREATEST(1, ${durationMs}))::int))
      WHERE "id" = ${taskId}`,
  ])
}
