import 'server-only'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Prisma, Task } from '@prisma/client'
import type { TimedWord } from '@/lib/captions'
import { db } from '@/lib/db'
import { env } from '@/lib/env'
import { spokenTermsFor } from '@/lib/glossary'
import { log } from '@/lib/log'
import { UploadParkedError } from '@/lib/uploads'
import { CODEC_PADDING_MS, createSttProvider, fixedSizing, liveTranscribe, MAX_AUDIO_MS, SttError, type ChunkDone, type HeardSpeaker, type KnownChunk, type LiveOutcome, type SttProvider } from '@/lib/transcribe'
import { appStorage } from '../storage'
import { chunkCueMaker, type ChunkCue } from './chunk-cues'
import { priceKeeper } from './price'
import { dropUploadedParts, recordingSource, storeUploadedRecording } from './recording-source'
import { markChunkSent, TaskStoppedError } from './sent-sound'
import { TRANSCRIBING, type Stage, type StageEnd, type TaskRun } from './stage'
import { storeCues } from './store-cues'

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
 * The transcribe stage: transcribes (or resumes) a transcription task while its sound arrives: from
 * the parts the browser is uploading, or from the recording kept whole, through lib/transcribe's
 * streaming path. Rules: each chunk is stored when it is cut and its words as soon as they arrive,
 * so a worker killed mid-way resumes with the chunks still missing and never pays the provider
 * twice for one; the price follows the decoded length (price.ts) before any work on sound it does
 * not cover; each chunk's answer is screened against the speech heard (lines probably not spoken
 * are left out, listed for the editor); each chunk's cues are made and handed to the translate
 * stage's translator while later chunks are transcribed (chunk-cues.ts); an uploaded recording is
 * kept for the editor's player. When every chunk is in, the cues are stored as the task's segments
 * and the stage moves on (`next`), or the task ends without speech (`no_speech`, its points
 * released). A provider that keeps failing is handed to the runner as the task's failure. A run
 * whose parts brought nothing new for a while stops (`waiting`) to resume when they do.
 */
export const transcribe: Stage = {
  name: 'transcribe',
  async run(run: TaskRun, task: Task): Promise<StageEnd> {
    if (task.stage !== TRANSCRIBING) return 'next'
    const options = run.options.transcription ?? {}
    let provider: SttProvider
    try {
      provider = options.provider ?? providerFromEnv()
    } catch (error) {
      return { failed: error }
    }

    const storage = options.storage ?? run.options.storage ?? appStorage()
    const signal = run.options.signal
    const dir = await mkdtemp(path.join(tmpdir(), 'transcription-'))
    try {
      // A part that brings nothing new stops the run (the worker is given back) once no chunk is on its way to the provider.
      let inFlight = 0
      const parking = new AbortController()
      const park = () => {
        if (inFlight === 0 && !parking.signal.aborted) parking.abort(new UploadParkedError('the upload brings nothing new'))
      }
      const source = await recordingSource(task, { storage, dir, park })
      if (!source) return { failed: 'the recording is missing' }
      const known = await knownChunks(task.id)
      const price = priceKeeper(task, { known: known.map((k) => k.chunk), parts: source.parts.length })
      const cues = chunkCueMaker(task, run.translator(task))
      for (const k of known) if (k.cues) cues.know(k.chunk.index, k.cues)
      // The sound transcribed so far (a resumed run's chunks too): the progress follows it.
      const heardMs = new Map(known.filter((k) => k.chunk.words !== null).map((k) => [k.chunk.index, k.chunk.endMs - k.chunk.startMs]))
      let language = task.originalLanguage
      // The recording is kept for the editor once every part has arrived, while the last chunks are
      // transcribed. A run that ends otherwise stops it and waits for it: the job's signal is aborted
      // once the handler returns, and `dir` is removed.
      let keeping: Promise<void> = Promise.resolve()
      const stopKeeping = new AbortController()
      const keepSignal = signal ? AbortSignal.any([signal, stopKeeping.signal]) : stopKeeping.signal
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
          signal: signal ? AbortSignal.any([signal, parking.signal]) : parking.signal,
          onPlanned: async (chunk) => {
            await db.transcriptChunk.createMany({ data: [{ taskId: task.id, index: chunk.index, startMs: chunk.startMs, endMs: chunk.endMs }], skipDuplicates: true })
            await db.$executeRaw`UPDATE "Task" SET "chunksTotal" = (SELECT count(*) FROM "TranscriptChunk" WHERE "taskId" = ${task.id})::int WHERE "id" = ${task.id}`
          },
          mayTranscribe: async (chunk) => {
            const isSent = await price.mayTranscribe(chunk)
            if (isSent) inFlight++
            return isSent
          },
          // What is sent is charged even if the task ends unfinished; a task gone meanwhile sends nothing more.
          onSending: (chunk) => markChunkSent(task.id, chunk.index),
          onChunkDone: async (chunk, done, speech) => {
            inFlight--
            heardMs.set(chunk.index, chunk.endMs - chunk.startMs)
            const soFar = [...heardMs.values()].reduce((sum, ms) => sum + ms, 0)
            await saveChunk(task.id, chunk.index, done, run.progress('transcribe', soFar, task.audioDurationMs ?? 0))
            await options.onChunkSaved?.(chunk.index)
            cues.add(chunk, done.words, language === 'auto' ? (done.heard ?? 'en') : language, speech)
          },
          onLanguage: async (heard) => {
            language = heard
            await db.task.update({ where: { id: task.id }, data: { originalLanguage: heard, detectedLanguage: heard, ...(task.withTranslation ? {} : { targetLanguage: heard }) } })
          },
          onEncoded: (chunk, encodeMs) => log.info('transcribe.chunk_encoded', { taskId: task.id, chunk: chunk.index, lengthMs: chunk.endMs - chunk.startMs, encodeMs }),
          onPartEnd: async (end) => {
            log.info('transcribe.part_decoded', { taskId: task.id, part: end.index, decodedMs: end.decodedMs, ended: end.ended })
            await price.partEnded(end)
            // The recording is for the player: failing to keep it never fails the transcription it was paid for.
            if (++ended === source.parts.length && source.uploads.length > 0) {
              keeping = storeUploadedRecording(task.id, source.uploads, { storage, dir, signal: keepSignal }).then(
                () => undefined,
                (error) => {
                  if (keepSignal.aborted) throw error
                  log.error('transcribe.recording_store_failed', { taskId: task.id, error })
                },
              )
            }
          },
        })
        await cues.settle()
        await keeping
      } catch (error) {
        stopKeeping.abort()
        await keeping.catch(() => {})
        if (error instanceof TaskStoppedError) return 'skipped'
        // Nothing new arrived and nothing is in flight: the worker is given back, the job comes again.
        if (parking.signal.aborted && !signal?.aborted) {
          await cues.settle().catch((settling) => log.warn('transcribe.parked_cues_failed', { taskId: task.id, error: settling }))
          return 'waiting'
        }
        if (signal?.aborted || !(error instanceof SttError)) throw error
        log.warn('transcribe.failed', { taskId: task.id, error })
        return { failed: error }
      }
      if (outcome.kind === 'unreadable') return { failed: 'the recording has no sound we can read' }
      const refusedMs = price.refusedMs()
      if (refusedMs > 0) {
        await db.task.update({ where: { id: task.id }, data: { audioRefusedMs: refusedMs } })
        // Nothing could be sent: the recording is longer than it said, and the balance cannot pay for it.
        if (price.sentMs() === 0) return { failed: 'the recording is longer than its declared length, and the balance cannot pay for the rest' }
      }
      const stored = await storeCues(task.id, outcome.language, task.withTranslation, outcome.speech)
      await dropUploadedParts(source.uploads)
      return stored === 'transcribed' ? 'next' : stored
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  },
}

/**
 * A chunk's words, heard language, left-out lines and new voices, saved with the task's chunk
 * count and its progress (`progress`: the sound transcribed against the length the task was priced
 * for) in one transaction.
 */
async function saveChunk(taskId: string, index: number, { words, heard, leftOut, speakers }: ChunkDone, progress: Prisma.PrismaPromise<number>): Promise<void> {
  const json = (value: unknown) => value as Prisma.InputJsonValue
  await db.$transaction([
    db.transcriptChunk.update({ where: { taskId_index: { taskId, index } }, data: { words: json(words), language: heard, leftOut: json(leftOut), speakers: json(speakers) } }),
    db.$executeRaw`UPDATE "Task" SET "chunksDone" = (SELECT count(*) FROM "TranscriptChunk" WHERE "taskId" = ${taskId} AND "words" IS NOT NULL)::int WHERE "id" = ${taskId}`,
    progress,
  ])
}
