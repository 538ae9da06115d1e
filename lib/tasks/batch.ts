import 'server-only'
import { db } from '@/lib/db'
import { AppError } from '@/lib/errors'
import { errorMessage } from '@/lib/errors'
import type { Locale } from '@/lib/site'
import { LEDGER_TX_OPTIONS } from '@/lib/points'
import { isTargetLanguage } from '@/lib/languages'
import { checkService } from '@/lib/translate/service'
import { storeSubtitleTask } from './create'
import type { Enqueue } from './enqueue'
import { type TaskDto } from './dto'
import { analyseUpload } from './analyse-pool'
import type { CreateTaskFields } from './schemas'
import { readStagedUpload } from './staged-upload'
import { readSubtitleFile, type AnalysedSubtitle, type SubtitleUpload } from './upload'

export const MAX_BATCH_FILES = 20
export const MAX_BATCH_LANGUAGES = 5

export type BatchFields = Omit<CreateTaskFields, 'targetLanguage'>

/** The repeated `targetLanguage` fields: 1..5 distinct target languages, in the order sent. */
export function batchTargets(form: FormData | null): string[] {
  const targets = [...new Set((form?.getAll('targetLanguage') ?? []).filter((v): v is string => typeof v === 'string').map((v) => v.trim()).filter(Boolean))]
  if (targets.length === 0) throw new AppError('bad_request', 'targetLanguageRequired')
  if (targets.length > MAX_BATCH_LANGUAGES) throw new AppError('bad_request', 'batchTooManyLanguages', { max: MAX_BATCH_LANGUAGES })
  if (!targets.every(isTargetLanguage)) throw new AppError('bad_request', 'targetLanguageInvalid')
  return targets
}

/**
 * Reads and analyses every file of a batch, in order: the repeated `uploadId`s of their estimates
 * when sent, the repeated `file` fields otherwise. Rules: 1..20 files; an upload id that expired is
 * 40400 (choose the files again); the first bad file is a 40000 that names it ("movie.vtt: WebVTT
 * file format incorrect...") and nothing is created.
 */
export async function readBatchFiles(form: FormData | null, locale: Locale, userId: string): Promise<{ upload: SubtitleUpload; analysis: AnalysedSubtitle }[]> {
  const uploadIds = (form?.getAll('uploadId') ?? []).filter((v): v is string => typeof v === 'string')
  const files = uploadIds.length > 0 ? uploadIds : (form?.getAll('file') ?? [])
  if (files.length === 0) throw new AppError('bad_request', 'fileRequired')
  if (files.length > MAX_BATCH_FILES) throw new AppError('bad_request', 'batchTooManyFiles', { max: MAX_BATCH_FILES })
  const read: { upload: SubtitleUpload; analysis: AnalysedSubtitle }[] = []
  for (const file of files) {
    const upload = typeof file === 'string' && uploadIds.length > 0 ? await readStagedUpload({ userId, uploadId: file }) : null
    const name = upload?.fileName ?? (typeof file === 'string' ? '' : file.name)
    try {
      const chosen = upload ?? (await readSubtitleFile(file))
      read.push({ upload: chosen, analysis: await analyseUpload(chosen.bytes, chosen.format) })
    } catch (error) {
      if (!(error instanceof AppError)) throw error
      throw new AppError('bad_request', 'batchFileInvalid', { file: name, reason: errorMessage(locale, error.messageKey, error.values) })
    }
  }
  return read
}

/**
 * Creates one task per file and target language. Rules: all or nothing: the files are read first
 * (a bad one creates nothing), then ONE transaction reserves every task's cost, stores the tasks
 * and queues them; when the balance does not cover the sum the reservation that overdraws throws
 * 40200 and the whole transaction, with every earlier task, is rolled back.
 */
export async function createTaskBatch({
  userId,
  form,
  fields,
  locale,
  enqueue,
}: {
  userId: string
  form: FormData | null
  fields: BatchFields
  locale: Locale
  enqueue: Enqueue
}): Promise<{ tasks: TaskDto[] }> {
  const service = checkService(fields.service)
  const targets = batchTargets(form)
  const files = await readBatchFiles(form, locale, userId)
  await enqueue.prepare?.()
  const tasks = await db.$transaction(async (tx) => {
    const created: TaskDto[] = []
    for (const { upload, analysis } of files) {
      for (const targetLanguage of targets) created.push(await storeSubtitleTask(tx, { userId, upload, analysis, fields: { ...fields, service, targetLanguage }, enqueue }))
    }
    return created
  }, LEDGER_TX_OPTIONS)
  return { tasks }
}
