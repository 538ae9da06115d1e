import 'server-only'
import type { Prisma } from '@prisma/client'
import type { Span, TimedWord } from '@/lib/captions'
import { db } from '@/lib/db'
import { log } from '@/lib/log'
import { recallTranslations } from '@/lib/memory'
import { cuesFromWords } from '@/lib/transcribe'
import { ProviderError, type CueToTranslate, type ReviewOutcome, type TranslatedBy } from '@/lib/translate'
import { speakerLineLabel } from '../speakers'
import type { Translator } from './translate'
import { TaskStoppedError } from './sent-sound'

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

type TaskForCues = { id: string; userId: string; targetLanguage: string; withTranslation: boolean; useMemory: boolean; speakerNames: unknown }

/**
 * A chunk's words as its cues (lib/transcribe cuesFromWords, timed to the speech heard), in the
 * shape a chunk's row keeps them: the cues made while transcribing and those a run makes from
 * stored words alike.
 */
export function chunkCuesOf(words: TimedWord[], language: string, speech: readonly Span[]): ChunkCue[] {
  return cuesFromWords(words, language, speech).map((c) => ({ startMs: c.startMs, endMs: c.endMs, text: c.text, ...(c.speakers ? { speakers: c.speakers } : {}) }))
}

/** Cue ids inside one translation call: the chunk's cues after the context borrowed from the chunk before. */
const CONTEXT_CUES = 6

/**
 * Builds each chunk's cues as soon as its words arrive and, for a task with a target language,
 * hands them to the translate stage's translator (the run's one: ./translate.ts), which
 * translates (and reviews) them while later chunks are still being transcribed. Rules:
 * a chunk boundary lies in a silence, so it is a cue boundary; the last cues of the chunk before,
 * when already translated, go along as context, so context crosses chunks as it does inside a
 * file; the cues and translations are stored on the chunk's row, so a resumed run keeps them; a
 * translation that fails is left for the translate stage that follows the transcription (it
 * translates what is missing, with its retries and fallbacks), never failing the task here.
 */
export function chunkCueMaker(task: TaskForCues, translator: Translator) {
  const made = new Map<number, ChunkCue[]>()
  const running: Promise<void>[] = []

  async function translate(index: number, cues: ChunkCue[], language: string) {
    const before = [...made.entries()].filter(([i]) => i < index).sort(([a], [b]) => b - a)[0]?.[1] ?? []
    const context = before.slice(-CONTEXT_CUES).filter((c) => c.translatedText)
    // Lines the creator's memory holds are left to the translate stage, which reuses (and reviews) them.
    const remembered = task.useMemory ? await recallTranslations({ userId: task.userId, sourceLanguage: language, targetLanguage: task.targetLanguage, texts: cues.map((c) => c.text) }) : new Map<string, string>()
    const speakerOf = speakerLineLabel(task.speakerNames)
    const list: CueToTranslate[] = [
      ...context.map((c, i) => ({ id: i + 1, text: c.text, translatedText: c.translatedText, ...speakerOf(c.speakers ?? []) })),
      ...cues.flatMap((c, i) => (remembered.has(c.text) ? [] : [{ id: context.length + i + 1, text: c.text, ...speakerOf(c.speakers ?? []) }])),
    ]
    if (list.length === context.length) return
    await translator.translate({
      cues: list,
      sourceLanguage: language,
      onBatchDone: (batch) => {
        for (const item of batch) {
          const cue = cues[item.id - context.length - 1]
          if (cue) Object.assign(cue, { translatedText: item.translatedText, translatedBy: item.translatedBy, review: item.review, firstTranslation: item.firstTranslation })
        }
      },
    })
  }

  async function make(chunk: { index: number }, words: TimedWord[], language: string, speech: Span[]) {
    // Timed to the speech heard so far, as a whole recording's cues are.
    const cues = chunkCuesOf(words, language, speech)
    made.set(chunk.index, cues)
    if (task.withTranslation && cues.length > 0) {
      try {
        await translate(chunk.index, cues, language)
      } catch (error) {
        if (translator.signal?.aborted || !(error instanceof ProviderError)) throw error
        log.warn('transcribe.live_translation_failed', { taskId: task.id, chunk: chunk.index, error })
      }
    }
    const { count } = await db.transcriptChunk.updateMany({ where: { taskId: task.id, index: chunk.index }, data: { cues: cues as unknown as Prisma.InputJsonValue } })
    // The chunk went with its task, deleted meanwhile: the run stops as it does when it sees that first.
    if (count === 0) throw new TaskStoppedError(`task ${task.id} is no longer running`)
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
