import 'server-only'
import type { Prisma } from '@prisma/client'
import { db } from '@/lib/db'
import { subtitleStyleSchema, type SubtitleStyle } from './universal/styles'

/** The creator's last burn-in style, or null (first export, or a stored style older than the schema). */
export async function rememberedStyle(userId: string): Promise<SubtitleStyle | null> {
  const row = await db.videoStyle.findUnique({ where: { userId } })
  const parsed = subtitleStyleSchema.safeParse(row?.style)
  return parsed.success ? parsed.data : null
}

/** Keeps `style` as the creator's style (one row per creator, replaced). */
export async function rememberStyle(userId: string, style: SubtitleStyle): Promise<SubtitleStyle> {
  const data = style as unknown as Prisma.InputJsonValue
  await db.videoStyle.upsert({ where: { userId }, create: { userId, style: data }, update: { style: data } })
  return style
}
