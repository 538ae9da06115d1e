import 'server-only'
import { randomBytes } from 'node:crypto'
import { promisify } from 'node:util'
import { gunzip, gzip } from 'node:zlib'
import { db } from '@/lib/db'
import { binaryPool } from '@/lib/db/binary'
import { AppError } from '@/lib/errors'
import { SUBTITLE_FORMATS, type SubtitleFormat } from '@/lib/subtitles/format'
import { readSubtitleUpload, type SubtitleUpload } from './upload'

// The upload dialog sends a file once: the estimate keeps its bytes here and answers an
// `uploadId`, which the create calls take instead of the file. Kept a day, at most 50 per user.
// The bytes are written and read through the binary pool (lib/db/binary.ts), never through Prisma;
// times are UTC without a zone, as Prisma keeps them. The bytes are kept gzipped, compressed and
// expanded on libuv's thread pool: a fifth of the size to send to PostgreSQL from the event loop.

export const STAGED_UPLOAD_TTL_MS = 24 * 3600_000
const KEPT_PER_USER = 50
const UPLOAD_ID = /^[A-Za-z0-9_-]{24}$/

/** Keeps an upload that passed its estimate; answers the id a create call names it by. */
export async function stageUpload({ userId, upload }: { userId: string; upload: SubtitleUpload }): Promise<string> {
  const id = randomBytes(18).toString('base64url')
  const bytes = await compress(upload.bytes, { level: 1 })
  await binaryPool().query(`INSERT INTO "StagedUpload" ("id", "userId", "fileName", "format", "bytes", "createdAt") VALUES ($1, $2, $3, $4, $5, now() AT TIME ZONE 'UTC')`, [
    id,
    userId,
    upload.fileName,
    upload.format ?? 'srt',
    bytes,
  ])
  // A user choosing file after file keeps only the newest ones.
  const older = await db.stagedUpload.findMany({ where: { userId }, orderBy: { createdAt: 'desc' }, skip: KEPT_PER_USER, select: { id: true } })
  if (older.length > 0) await db.stagedUpload.deleteMany({ where: { id: { in: older.map((u) => u.id) } } })
  return id
}

/**
 * The user's upload of that id. Rules: an id that is malformed, unknown, another user's or older
 * than a day is 40400 "upload expired, choose the file again" (nothing tells them apart). It stays
 * usable until then: a batch or a second attempt after buying points names it again.
 */
export async function readStagedUpload({ userId, uploadId, now = new Date() }: { userId: string; uploadId: string; now?: Date }): Promise<SubtitleUpload> {
  const staged = UPLOAD_ID.test(uploadId)
    ? (
        await binaryPool().query<{ fileName: string; format: string; bytes: Buffer }>(
          `SELECT "fileName", "format", "bytes" FROM "StagedUpload" WHERE "id" = $1 AND "userId" = $2 AND "createdAt" > ($3::timestamptz AT TIME ZONE 'UTC')`,
          [uploadId, userId, new Date(now.getTime() - STAGED_UPLOAD_TTL_MS)],
        )
      ).rows[0]
    : undefined
  if (!staged) throw new AppError('not_found', 'uploadExpired')
  const format = (SUBTITLE_FORMATS as readonly string[]).includes(staged.format) ? (staged.format as SubtitleFormat) : 'srt'
  return { fileName: staged.fileName, bytes: new Uint8Array(isGzip(staged.bytes) ? await expand(staged.bytes) : staged.bytes), format }
}

const compress = promisify(gzip)
const expand = promisify(gunzip)
// Uploads kept before they were compressed are read as they are: no subtitle starts with these bytes.
const isGzip = (bytes: Buffer) => bytes[0] === 0x1f && bytes[1] === 0x8b

/** Deletes uploads older than a day (the maintenance pass). */
export async function deleteStaleUploads(now = new Date()): Promise<number> {
  return (await db.stagedUpload.deleteMany({ where: { createdAt: { lt: new Date(now.getTime() - STAGED_UPLOAD_TTL_MS) } } })).count
}

/** A create call's file: the staged upload it names (`uploadId`), or else the `file` it carries. */
export function chosenUpload({ userId, uploadId, form }: { userId: string; uploadId?: string; form: FormData | null }): Promise<SubtitleUpload> {
  return uploadId ? readStagedUpload({ userId, uploadId }) : readSubtitleUpload(form)
}
