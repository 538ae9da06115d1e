import 'server-only'
import { db } from '@/lib/db'
import { AppError } from '@/lib/errors'
import { log } from '@/lib/log'
import { MAX_CUE_CHARS } from '@/lib/pricing/cost'
import { charsSent, clipContextLine, ProviderError, type CueToTranslate, type RetryPolicy, type TranslateProvider } from '@/lib/translate'
import { chargeFreeTranslation } from '@/lib/translate/free-usage'
import { toSegmentDto, type SegmentDto } from './dto'
import { taskTranslator } from './pipeline'
import { findOwnTask } from './queries'
import { keepReplacedVersions } from './segment-versions'
import { speakerLineLabel } from './speakers'

// The editor's "translate again": a few segments sent to the task's service once more, with their
// neighbours as context, and stored over the translations they had.

/** Cues on each side of a segment sent along as context when it is retranslated. */
const CONTEXT_SIZE = 3

type Task = Awaited<ReturnType<typeof findOwnTask>>
type Retranslated = { id: number; text: string; by: string | null }

/**
 * The segments asked for and their neighbours as the engine takes them. Rules: every id must be a
 * segment of the task (40400) no longer than a cue may be (40000); each line carries its speaker;
 * neighbours are marked done (with
 * their translation, else their source) so they go as context only, each clipped to
 * CONTEXT_LINE_CHARS (the part nearest the lines asked for).
 */
async function cuesAround(task: Task, wanted: ReadonlySet<number>): Promise<CueToTranslate[]> {
  const around = new Set([...wanted].flatMap((id) => Array.from({ length: 2 * CONTEXT_SIZE + 1 }, (_, k) => id - CONTEXT_SIZE + k)))
  const rows = await db.segment.findMany({ where: { taskId: task.id, index: { in: [...around] } }, orderBy: { index: 'asc' }, select: { index: true, originalText: true, translatedText: true, speakers: true } })
  const speakerOf = speakerLineLabel(task.speakerNames)
  if (rows.filter((r) => wanted.has(r.index)).length !== wanted.size) throw new AppError('not_found', 'segmentNotFound')
  if (rows.some((r) => wanted.has(r.index) && r.originalText.length > MAX_CUE_CHARS)) throw new AppError('bad_request', 'segmentTooLong', { max: MAX_CUE_CHARS })
  const first = Math.min(...wanted)
  return rows.map((r): CueToTranslate => {
    if (wanted.has(r.index)) return { id: r.index, text: r.originalText, ...speakerOf(r.speakers) }
    const clipped = clipContextLine({ id: r.index, text: r.originalText, translation: r.translatedText?.trim() ? r.translatedText : r.originalText || ' ' }, r.index < first ? 'before' : 'after')
    return { id: r.index, text: clipped.text, translatedText: clipped.translation, ...speakerOf(r.speakers) }
  })
}

/** The engine's answer for the segments asked for, with who made each; a provider failure is a 50200 and changes nothing. */
async function translateAgain(task: Task, cues: CueToTranslate[], wanted: ReadonlySet<number>, options: { provider?: TranslateProvider; retry?: Partial<RetryPolicy> }): Promise<Retranslated[]> {
  const madeBy = new Map<number, string | null>()
  try {
    // The task's service and its fallback, as its job translated it; no glossary and no review pass.
    const provider = options.provider
    const translator = taskTranslator(task, { provider: provider ? () => provider : undefined, retry: options.retry })
    const result = await translator.translate({
      cues,
      sourceLanguage: task.originalLanguage,
      glossary: false,
      review: false,
      concurrency: 4,
      contextSize: CONTEXT_SIZE,
      // Asked to translate these lines again: an identical line's answer is not what the user wants.
      memory: false,
      onBatchDone: (done) => {
        for (const item of done) madeBy.set(item.id, item.translatedBy)
      },
    })
    return [...wanted].map((id) => ({ id, text: result.get(id) ?? '', by: madeBy.get(id) ?? null }))
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error
    log.warn('tasks.retranslate_failed', { taskId: task.id, ids: [...wanted].slice(0, 20), error })
    throw new AppError('upstream_failed', 'retranslateFailed')
  }
}

/** Stores the new translations; the machine's ones replaced are kept, so undoing the retranslation restores their origin. */
async function storeRetranslations(taskId: string, done: Retranslated[]): Promise<void> {
  await db.$transaction(async (tx) => {
    await keepReplacedVersions(tx, taskId, done.map((d) => ({ id: d.id, translatedText: d.text })))
    await tx.$executeRaw`
      UPDATE "Segment" AS s SET "translatedText" = v.t, "translatedBy" = v.b, "firstTranslation" = NULL, "fit" = NULL, "editedAt" = now()
      FROM unnest(${done.map((d) => d.id)}::int[], ${done.map((d) => d.text)}::text[], ${done.map((d) => d.by)}::text[]) AS v(i, t, b)
      WHERE s."taskId" = ${taskId} AND s."index" = v.i`
  })
}

/**
 * Translates several segments again in one call with the task's service (and its fallback), with
 * three cues on each side as context, and stores the results. Rules: not while the task is
 * translating (40900); free of points (the file was paid for as a whole) but counted with the free
 * translate calls (60 a minute, a daily character allowance counting the context too; 42900 past
 * either). A fresh translation is no longer the review's correction (its first version is dropped)
 * nor checked for its fit (the flag is cleared).
 */
export async function retranslateSegments({ userId, taskId, ids, provider, retry }: { userId: string; taskId: string; ids: number[]; provider?: TranslateProvider; retry?: Partial<RetryPolicy> }): Promise<SegmentDto[]> {
  const task = await findOwnTask({ userId, taskId })
  if (task.status === 'translating') throw new AppError('conflict', 'taskBusy')
  const wanted = new Set(ids)
  const cues = await cuesAround(task, wanted)
  // Counted by what may be sent: every line's source and every neighbour's translation.
  await chargeFreeTranslation({ userId, chars: charsSent({ lines: cues.map((c) => ({ text: c.text, translation: c.translatedText ?? undefined })) }) })
  await storeRetranslations(taskId, await translateAgain(task, cues, wanted, { provider, retry }))
  const updated = await db.segment.findMany({ where: { taskId, index: { in: [...wanted] } }, orderBy: { index: 'asc' } })
  return updated.map(toSegmentDto)
}

/** Translates one segment again: `retranslateSegments` with a single id. */
export async function retranslateSegment(options: { userId: string; taskId: string; segmentId: number; provider?: TranslateProvider; retry?: Partial<RetryPolicy> }): Promise<SegmentDto> {
  const { segmentId, ...rest } = options
  const [segment] = await retranslateSegments({ ...rest, ids: [segmentId] })
  return segment
}
