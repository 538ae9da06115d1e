import 'server-only'
import type { Prisma } from '@prisma/client'
import type { Span, TimedWord } from '@/lib/captions'
import { db } from '@/lib/db'
import { env } from '@/lib/env'
import { glossaryTermsFor } from '@/lib/glossary/terms'
import { log } from '@/lib/log'
import { cuesFromWords } from '@/lib/transcribe'
import { ProviderError, translateCues, type CueToTranslate, type ReviewOutcome, type TranslatedBy, type TranslateProvider } from '@/lib/translate'
import { fallbacksFor, providerFor } from '@/lib/translate/service'
import { recallTranslations } from '@/lib/memory'
import { speakerLineLabel } from '../speakers'
import type { PipelineOptions } from '../run-translation'

/** A cue of one chunk, with its translation once made (stored on the chunk's row, `TranscriptChunk.cues`). */
export type ChunkCue = {
  startMs: number
  endMs: number
  text: string
  /** Who speaks in it, when the provider labels speakers. */
  speakers?: string[]
  translatedText?: string | null
  translatedBy?: TranslatedBy | null
  review?: ReviewOutcome
  firstTranslation?: string
}

type TaskForCues = { id: string; userId: string; originalLanguage: string; targetLanguage: string; translationService: string; withTranslation: boolean; review: boolean; batchSize: number | null; useMemory: boolean; speakerNames: unknown }

/** Cue ids inside one translation call: the chunk's cues after the context borrowed from the chunk before. */
const CONTEXT_CUES = 6

/**
 * Builds each chunk's cues as soon as its words arrive and, for a task with a target language,
 * translates (and reviews) them while later chunks are still being transcribed. Rules:
 * a chunk boundary lies in a silence, so it is a cue boundary; the last cues of the chunk before,
 * when already translated, go along as context, so context crosses chunks as it does inside a
 * file; the cues and translations are stored on the chunk's row, so a resumed run keeps them; a
 * translation that fails is left for the translation run that follows the transcription (it
 * translates what is missing, with its retries and fallbacks), never failing the task here.
 */
export function chunkCueMaker(task: TaskForCues, options: Pick<PipelineOptions, 'provider' | 'fallbacks' | 'concurrency' | 'retry' | 'signal'>) {
  const made = new Map<number, ChunkCue[]>()
  const running: Promise<void>[] = []
  let provider: TranslateProvider | null = null
  let fallbacks: TranslateProvider[] = []
  let glossary: Awaited<ReturnType<typeof glossaryTermsFor>> | null = null

  async function translate(index: number, cues: ChunkCue[], language: string) {
    provider ??= (options.provider ?? providerFor)(task.translationService)
    fallbacks = (options.fallbacks ?? (options.provider ? () => [] : fallbacksFor))(task.translationService)
    glossary ??= await glossaryTermsFor({ userId: task.userId, targetLanguage: task.targetLanguage, sourceLanguage: language })
    const before = [...made.entries()].filter(([i]) => i < index).sort(([a], [b]) => b - a)[0]?.[1] ?? []
    const context = before.slice(-CONTEXT_CUES).filter((c) => c.translatedText)
    // Lines the creator's memory holds are left to the translation run, which reuses (and reviews) them.
    const remembered = task.useMemory ? await recallTranslations({ userId: task.userId, sourceLanguage: language, targetLanguage: task.targetLanguage, texts: cues.map((c) => c.text) }) : new Map<string, string>()
    const speakerOf = speakerLineLabel(task.speakerNames)
    const list: CueToTranslate[] = [
      ...context.map((c, i) => ({ id: i + 1, text: c.text, translatedText: c.translatedText, ...speakerOf(c.speakers ?? []) })),
      ...cues.flatMap((c, i) => (remembered.has(c.text) ? [] : [{ id: context.length + i + 1, text: c.text, ...speakerOf(c.speakers ?? []) }])),
    ]
    if (list.length === context.length) return
    await translateCues({
      provider,
      fallbacks,
      cues: list,
      glossary,
      review: task.review,
      sourceLanguage: language,
      targetLanguage: task.targetLanguage,
      batchSize: task.batchSize ?? undefined,
      concurrency: options.concurrency ?? env().TRANSLATION_CONCURRENCY,
      retry: options.retry,
      signal: options.signal,
      onBatchDone: (batch) => {
        for (const item of batch) {
          const cue = cues[item.id - context.length - 1]
          if (cue) Object.assign(cue, { translatedText: item.translatedText, translatedBy: item.translatedBy, review: item.review, firstTranslation: item.firstTranslation })
        }
      },
    })
  }

  async function make(chunk: { index: number }, words: TimedWord[], language: string, speech: Span[]) {
    // Timed to the speech heard so far, as a whole recording's cues are (lib/transcribe cuesFromWords).
    const cues: ChunkCue[] = cuesFromWords(words, language, speech).map((c) => ({ startMs: c.startMs, endMs: c.endMs, text: c.text, ...(c.speakers ? { speakers: c.speakers } : {}) }))
    made.set(chunk.index, cues)
    if (task.withTranslation && cues.length > 0) {
      try {
        await translate(chunk.index, cues, language)
      } catch (error) {
        if (options.signal?.aborted || !(error instanceof ProviderError)) throw error
        log.warn('transcribe.live_translation_failed', { taskId: task.id, chunk: chunk.index, error })
      }
    }
    await db.transcriptChunk.update({ where: { taskId_index: { taskId: task.id, index: chunk.index } }, data: { cues: cues as unknown as Prisma.InputJsonValue } })
  }

  return {
    /** Starts a chunk's cues (and translation) without holding up the next chunk's transcription. */
    add(chunk: { index: number }, words: TimedWord[], language: string, speech: Span[]) {
      const work = make(chunk, words, language, speech)
      // Awaited by settle(); until then a failure must not count as unhandled.
      work.catch(() => {})
      running.push(work)
    },
    /** Cues a resumed run already made. */
    know(index: number, cues: ChunkCue[]) {
      made.set(index, cues)
    },
    /** Waits for every chunk's cues and translations; the first unexpected failure is thrown. */
    async settle() {
      for (let done = 0; done < running.length; done = running.length) await Promise.all(running.slice(done))
    },
  }
}
