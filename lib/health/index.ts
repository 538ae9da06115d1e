import 'server-only'
import { z } from 'zod'
import { db } from '@/lib/db'
import { mediaToolVersions } from '@/lib/media'

// What /api/health checks and reports: that the database answers, and which ffmpeg and ffprobe
// decode the users' recordings. Here so no route handler touches lib/db.

/** Resolves when the database answers a query; throws (a 500 from the route) when it does not. */
export async function checkDatabase(): Promise<void> {
  await db.$queryRaw`SELECT 1`
}

const tool = z.object({ version: z.string(), source: z.enum(['system', 'npm']) }).nullable()
export const healthSchema = z.object({ status: z.literal('ok'), ffmpeg: tool, ffprobe: tool })

/** The version and origin (the system's package, or npm in development) of each media tool; null when it cannot run. */
export async function mediaToolsReport(): Promise<Pick<z.infer<typeof healthSchema>, 'ffmpeg' | 'ffprobe'>> {
  try {
    const { ffmpeg, ffprobe } = await mediaToolVersions()
    return { ffmpeg: { version: ffmpeg.version, source: ffmpeg.source }, ffprobe: { version: ffprobe.version, source: ffprobe.source } }
  } catch {
    return { ffmpeg: null, ffprobe: null }
  }
}
