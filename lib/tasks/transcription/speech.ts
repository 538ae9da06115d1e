import 'server-only'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { z } from 'zod'
import type { Span } from '@/lib/captions'
import { db } from '@/lib/db'
import { AppError } from '@/lib/errors'
import { decodeForChunks, MediaBusyError, speechSpansOfPcm, withMediaSlot } from '@/lib/media'
import type { StorageDriver } from '@/lib/storage'
import { findOwnTask } from '../queries'
import { speechPairs, saveSpeech } from '../pipeline/transcript-rows'
import { appStorage } from '../storage'

/** A recording's spans of speech as the API answers them: `[startMs, endMs]` pairs, in order. */
export const speechSpansSchema = z.object({ spans: z.array(z.tuple([z.number().int(), z.number().int()])) })

const parse = (value: unknown): Span[] => (Array.isArray(value) ? value.filter((p) => Array.isArray(p) && p.length === 2).map(([startMs, endMs]) => ({ startMs: Number(startMs), endMs: Number(endMs) })) : [])

/** The recording's spans of speech, found once from the stored recording when an older task has none stored. */
async function speechOf(task: { id: string; userId: string; audioKey: string | null }, storage: StorageDriver): Promise<Span[]> {
  const stored = await db.taskSpeech.findUnique({ where: { taskId: task.id } })
  if (stored) return parse(stored.spans)
  if (!task.audioKey) throw new AppError('bad_request', 'noRecording')
  const bytes = await storage.get(task.audioKey)
  if (!bytes) throw new AppError('bad_request', 'noRecording')
  const dir = await mkdtemp(path.join(tmpdir(), 'speech-'))
  try {
    const spans = await withMediaSlot(task.userId, async () => {
      await writeFile(path.join(dir, 'audio'), bytes)
      await decodeForChunks(path.join(dir, 'audio'), { out: path.join(dir, 'audio.pcm') })
      return speechSpansOfPcm(path.join(dir, 'audio.pcm'))
    }).catch((error: unknown) => {
      if (error instanceof MediaBusyError) throw new AppError('rate_limited', 'mediaBusy')
      throw error
    })
    await saveSpeech(db, task.id, spans)
    return spans
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/** Where the caller's transcription's recording holds speech; 40000 `noRecording` for a task without one. */
export async function taskSpeech({ userId, taskId, storage = appStorage() }: { userId: string; taskId: string; storage?: StorageDriver }): Promise<Span[]> {
  return speechOf(await findOwnTask({ userId, taskId }), storage)
}

export { speechPairs }
