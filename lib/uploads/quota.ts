import 'server-only'
import { db } from '@/lib/db'
import { env } from '@/lib/env'
import { AppError } from '@/lib/errors'
import { partBytes } from './progress'

// Each user may keep UPLOAD_QUOTA_BYTES of parts that no task has taken yet (a task's parts are
// its own, paid for with it). Checked before a request's bytes are handed to the store, and again
// as they stream in, since a chunked PATCH declares no length.

const quotaRefusal = () => new AppError('payload_too_large', 'uploadQuota', { megabytes: Math.ceil(env().UPLOAD_QUOTA_BYTES / (1024 * 1024)) })

/** Bytes on disk of the user's parts no task has taken. */
export async function untakenBytes(userId: string): Promise<number> {
  const parts = await db.audioPart.findMany({ where: { userId, taskId: null }, select: { id: true } })
  const sizes = await Promise.all(parts.map((p) => partBytes(p.id)))
  return sizes.reduce((sum, size) => sum + size, 0)
}

/**
 * What the user may still send to untaken parts. Rule: a request whose declared length (or the
 * part's declared `Upload-Length`) does not fit is refused at once (41300 `uploadQuota`).
 */
export async function quotaLeft({ userId, declared }: { userId: string; declared: number[] }): Promise<number> {
  const left = env().UPLOAD_QUOTA_BYTES - (await untakenBytes(userId))
  if (declared.some((bytes) => Number.isFinite(bytes) && bytes > left)) throw quotaRefusal()
  return left
}

/** A body cut off with an error once more than `limit` bytes came; `passed()` says whether it was. */
export function capBody(body: ReadableStream<Uint8Array>, limit: number) {
  let seen = 0
  let isOver = false
  const capped = body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength
        if (seen > limit) {
          isOver = true
          controller.error(quotaRefusal())
          return
        }
        controller.enqueue(chunk)
      },
    }),
  )
  return { body: capped, isOver: () => isOver, refusal: quotaRefusal }
}
