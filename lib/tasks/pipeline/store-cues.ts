import 'server-only'
import type { Span, TimedWord } from '@/lib/captions'
import { db } from '@/lib/db'
import { formatMs } from '@/lib/subtitles'
import { insertSegments, saveSpeakers, saveTranslations } from '../segment-rows'
import { chunkCuesOf, type ChunkCue } from './chunk-cues'
import { endWithoutSpeech } from './no-speech'
import { markReviewIncomplete } from './review'
import { transcribedProgress, TRANSCRIBING, TRANSLATING } from './stage'
import { leftOutOfChunks, saveLeftOut, saveSpeech } from './transcript-rows'

/**
 * Every chunk's cues, in the order of the recording, stored as the task's segments in one
 * transaction with the stage's change, the recording's spans of speech and the lines left out: the
 * translations made while transcribing go with them (those still missing are left to the
 * translate stage), and a review that could not check a line marks the task for the review
 * refund. A recording without a single word ends as `no_speech`, its points released (nothing to
 * translate).
 */
export async function storeCues(taskId: string, language: string, withTranslation: boolean, speech: Span[]): Promise<'transcribed' | 'no_speech'> {
  const rows = await db.transcriptChunk.findMany({ where: { taskId }, orderBy: { index: 'asc' }, select: { words: true, cues: true, leftOut: true } })
  const chunkCues: ChunkCue[] = rows.flatMap((r) => (r.cues as unknown as ChunkCue[] | null) ?? chunkCuesOf((r.words ?? []) as unknown as TimedWord[], language, speech))
  if (chunkCues.length === 0) {
    await endWithoutSpeech(taskId)
    return 'no_speech'
  }
  const cues = chunkCues.map((c, i) => ({ id: i + 1, startMs: c.startMs, endMs: c.endMs, startTime: formatMs(c.startMs), endTime: formatMs(c.endMs), text: c.text }))
  await db.$transaction(async (tx) => {
    const changed = await tx.task.updateMany({ where: { id: taskId, stage: TRANSCRIBING, status: 'translating' }, data: { stage: withTranslation ? TRANSLATING : null, progress: transcribedProgress(withTranslation) } })
    if (changed.count === 0) return
    await tx.segment.deleteMany({ where: { taskId } })
    await insertSegments(tx, taskId, cues)
    if (chunkCues.some((c) => c.speakers)) await saveSpeakers(tx, taskId, chunkCues.map((c, i) => ({ id: i + 1, speakers: c.speakers ?? [] })))
    await saveSpeech(tx, taskId, speech)
    await saveLeftOut(tx, taskId, leftOutOfChunks(rows))
    // A transcript alone is its own "translation": exports and the editor read the same text.
    if (!withTranslation) return void (await saveTranslations(tx, taskId, cues.map((c) => ({ id: c.id, translatedText: c.text, translatedBy: 'speech' }))))
    const translated = chunkCues.flatMap((c, i) => (typeof c.translatedText === 'string' ? [{ id: i + 1, translatedText: c.translatedText, translatedBy: c.translatedBy ?? null, firstTranslation: c.firstTranslation }] : []))
    await saveTranslations(tx, taskId, translated)
    await markReviewIncomplete(tx, taskId, chunkCues)
  })
  return 'transcribed'
}
