import 'server-only'
import type { Prisma, Task } from '@prisma/client'
import type { StorageDriver } from '@/lib/storage'
import type { RetryPolicy, TranslateProvider } from '@/lib/translate'
import type { SttProvider } from '@/lib/transcribe'
import type { Translator, TranslatorTask } from './translate'

// What every stage of a task's job shares: the stored stage a resumed run starts from, the
// options of a run, what a stage hands back to the runner (runner.ts), and the share of the
// progress bar each stage fills.

/** A transcription's stored stage (`Task.stage`): its recording is still being transcribed. */
export const TRANSCRIBING = 'transcribing'
/** A transcription's stored stage once its cues are stored and a target language was chosen. */
export const TRANSLATING = 'translating'

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
}

export type PipelineOptions = {
  /** Builds the provider of a task's service (tests inject one; default: from the environment). */
  provider?: (service: string) => TranslateProvider
  /** The providers that take over cues the first cannot translate (default: from the environment, none with an injected provider). */
  fallbacks?: (service: string) => TranslateProvider[]
  storage?: StorageDriver
  /** Translation requests in flight at once (default TRANSLATION_CONCURRENCY). */
  concurrency?: number
  /** Per-request retries of the engine (3 retries, 1000 ms apart). */
  retry?: Partial<RetryPolicy>
  /**
   * Extra passes of a stage that gave up on a retryable error (the translate stage, over the cues
   * still untranslated: what was translated is kept, so a pass only repeats the failed batches).
   */
  resumePasses?: number
  resumeDelayMs?: number
  /**
   * Lines too long for their cue shortened once or flagged after translation (default on; tests of
   * other stages turn it off, since the fake's "[ja] <English>" lines would all be shortened).
   */
  fit?: boolean
  /** The transcribe stage's own settings (its storage defaults to `storage`). */
  transcription?: TranscriptionOptions
  signal?: AbortSignal
}

/** How a run of a task's job ended (`waiting`: a transcription parked until its upload brings more). */
export type PipelineOutcome = 'completed' | 'failed' | 'skipped' | 'deleted' | 'no_speech' | 'waiting'

/**
 * What a stage answers: `next` (done, the next stage follows), an end of the run (`failed`: the
 * stage's own guard failed the task), or a failure the runner hands over: `{ failed }` ends the
 * task (failTask: its work charged, the rest released);
 * `gaveUp` is a provider that gave up, run again when `retryable` (PipelineOptions.resumePasses)
 * before the task fails the same way.
 */
export type StageEnd = 'next' | PipelineOutcome | { failed: unknown } | { gaveUp: unknown; retryable: boolean }

/** What the runner hands each stage: the run's options and the pieces it owns. */
export type TaskRun = {
  taskId: string
  options: PipelineOptions
  /** The run's one translator (translate.ts): the streamed transcription's chunks and the translate stage share it. */
  translator(task: TranslatorTask): Translator
  /**
   * The write that raises the task's progress to the share `done` of `total` fills for `stage`
   * (never lowering it, never past 99 while it runs): awaited, or sent in a batch transaction.
   */
  progress(stage: 'transcribe' | 'translate', done: number, total: number): Prisma.PrismaPromise<number>
}

/** A stage of the job: one entry, run by the runner on the task as it is now. */
export type Stage = { name: string; run(run: TaskRun, task: Task): Promise<StageEnd> }

/** Progress a transcription shows once transcribed: half the bar when its lines are translated next, else all but completion's point. */
export const transcribedProgress = (withTranslation: boolean) => (withTranslation ? 50 : 99)

/** An error as a task's `error` (at most 500 characters). */
export const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500)
