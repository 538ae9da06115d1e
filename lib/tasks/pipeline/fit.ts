import 'server-only'
import type { Task } from '@prisma/client'
import { db } from '@/lib/db'
import { sandboxTranslators } from '@/lib/features'
import { timeStage } from '@/lib/metrics'
import { condenseTranslations, linesToFit, shortenedLine, type GlossaryTerm, type RetryPolicy, type TranslateProvider } from '@/lib/translate'
import type { SegmentFit } from '../contract'
import { speakerLineLabel } from '../speakers'
import type { Stage, StageEnd, TaskRun } from './stage'

// The fit stage, translations that fit their time: after a task is translated, a line that cannot
// be shown within its cue is shortened once by its provider (DeepSeek), or flagged when its
// service cannot shorten. Part of the translation the task paid for: no points of its own, and
// never a reason to fail the task.

/** Fits the task's translated lines (fitTranslations) with the run's provider and glossary; timed as `fitting`. */
export const fit: Stage = {
  name: 'fit',
  async run(run: TaskRun, task: Task): Promise<StageEnd> {
    const translator = run.translator(task)
    const glossary = await translator.glossary(task.originalLanguage)
    const fitting = () =>
      fitTranslations({ taskId: task.id, provider: translator.provider(), sourceLanguage: task.originalLanguage, targetLanguage: task.targetLanguage, glossary, speakerNames: task.speakerNames, retry: translator.retry, signal: translator.signal })
    await timeStage('fitting', fitting, (outcome) => (outcome.sent > 0 ? 'shortened' : 'checked'))
    return 'next'
  },
}

export type FitOptions = {
  taskId: string
  provider: TranslateProvider
  sourceLanguage?: string
  targetLanguage: string
  glossary?: GlossaryTerm[]
  /** The task's speaker names (a transcription's): each line goes with its speaker, as when translated. */
  speakerNames?: unknown
  retry?: Partial<RetryPolicy>
  signal?: AbortSignal
}

export type FitOutcome = { sent: number; shortened: number; flagged: number }

/**
 * Checks every translated segment not checked yet against its cue and deals with those that do not
 * fit (lib/translate/fit-plan.ts). Rules: lines the provider made (or an identical line's answer)
 * go to it in one condense request for the whole task (lib/translate/condense.ts), each asked to
 * stay within the characters its cue holds; an answer shorter than the translation replaces it
 * (the first kept as `firstTranslation`, the first version ever) and is marked `shortened`, or
 * `over_shortened` when still too long; a failed request or an answer no shorter leaves the line
 * as translated, marked `over`. Lines of another service (Google, MyMemory), of the translation
 * memory, or of a provider that cannot shorten are marked `over` without a request. A person's
 * lines and lines changed meanwhile are never touched. Marked lines are not checked again, so a
 * resumed task sends no line twice. The sandbox's lines (`[ja] ` and the source line) are not in the
 * target language: they are neither judged by its limits nor shortened.
 */
export async function fitTranslations({ taskId, provider, sourceLanguage, targetLanguage, glossary = [], speakerNames, retry, signal }: FitOptions): Promise<FitOutcome> {
  if (sandboxTranslators().includes(provider.name)) return { sent: 0, shortened: 0, flagged: 0 }
  const rows = await db.segment.findMany({
    where: { taskId, fit: null, translatedText: { not: null } },
    orderBy: { index: 'asc' },
    select: { index: true, originalText: true, translatedText: true, translatedBy: true, durationMs: true, speakers: true },
  })
  const speakerOf = speakerLineLabel(speakerNames)
  const { toShorten, over } = linesToFit(
    rows.map((r) => ({ id: r.index, text: r.originalText, translation: r.translatedText as string, translatedBy: r.translatedBy, durationMs: r.durationMs, ...speakerOf(r.speakers) })),
    { targetLanguage, provider },
  )
  await markOver(taskId, over)

  const outcome: FitOutcome = { sent: toShorten.length, shortened: 0, flagged: over.length }
  const durations = new Map(rows.map((r) => [r.index, r.durationMs]))
  await condenseTranslations({
    provider,
    lines: toShorten,
    glossary,
    sourceLanguage,
    targetLanguage,
    retry,
    signal,
    onBatchDone: async (batch, answer) => {
      const shortened: { id: number; first: string; text: string; fit: SegmentFit }[] = []
      const kept: { id: number; text: string }[] = []
      for (const line of batch) {
        const made = shortenedLine(line, answer?.get(line.id), durations.get(line.id) ?? 0, targetLanguage)
        if (made) shortened.push({ id: line.id, first: line.translation, ...made })
        else kept.push({ id: line.id, text: line.translation })
      }
      await saveShortened(taskId, provider.name, shortened)
      await markOver(taskId, kept)
      outcome.shortened += shortened.length
      outcome.flagged += kept.length + shortened.filter((s) => s.fit === 'over_shortened').length
    },
  })
  return outcome
}
/** Marks lines too long for their cue, as translated; a line edited meanwhile (its text changed) is left alone. */
async function markOver(taskId: string, lines: readonly { id: number; text: string }[]): Promise<void> {
  if (lines.length === 0) return
  await db.$executeRaw`
    UPDATE "Segment" AS s SET "fit" = 'over'
    FROM unnest(${lines.map((l) => l.id)}::int[], ${lines.map((l) => l.text)}::text[]) AS v(i, t)
    WHERE s."taskId" = ${taskId} AND s."index" = v.i AND s."translatedText" = v.t AND s."translatedBy" IS DISTINCT FROM 'edited'`
}

/** Writes the shortened lines, each keeping the first version ever; only where the translation sent is still the row's. */
async function saveShortened(taskId: string, by: string, lines: readonly { id: number; first: string; text: string; fit: SegmentFit }[]): Promise<void> {
  if (lines.length === 0) return
  await db.$executeRaw`
    UPDATE "Segment" AS s
    SET "firstTranslation" = COALESCE(s."firstTranslation", s."translatedText"), "translatedText" = v.t, "translatedBy" = ${by}, "fit" = v.f
    FROM unnest(${lines.map((l) => l.id)}::int[], ${lines.map((l) => l.first)}::text[], ${lines.map((l) => l.text)}::text[], ${lines.map((l) => l.fit)}::text[]) AS v(i, first, t, f)
    WHERE s."taskId" = ${taskId} AND s."index" = v.i AND s."translatedText" = v.first AND s."translatedBy" IS DISTINCT FROM 'edited'`
}
