import { z } from 'zod'
import type { LedgerReason, LotSource } from '@prisma/client'

// What the points endpoints answer, declared once (see lib/tasks/contract.ts).

export const LOT_SOURCES = ['purchase', 'grant', 'refund'] as const satisfies readonly LotSource[]
export const LEDGER_REASONS = ['purchase', 'grant', 'refund', 'spend', 'reserve', 'capture', 'release'] as const satisfies readonly LedgerReason[]

export const balanceSchema = z.object({ point: z.number().int().min(0) })
export const adjustResultSchema = balanceSchema.extend({ isDuplicate: z.boolean() })

export const lotViewSchema = z.object({
  id: z.string(),
  granted: z.number().int(),
  remaining: z.number().int(),
  source: z.enum(LOT_SOURCES),
  orderId: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  isExpired: z.boolean(),
})
export const entryViewSchema = z.object({
  id: z.string(),
  delta: z.number().int(),
  reason: z.enum(LEDGER_REASONS),
  note: z.string().nullable(),
  taskId: z.string().nullable(),
  orderId: z.string().nullable(),
  createdAt: z.string(),
})
export const pointHistorySchema = z.object({
  lots: z.array(lotViewSchema),
  lotCount: z.number().int(),
  entries: z.array(entryViewSchema),
  entryCount: z.number().int(),
  /** The points that expire next: the soonest lot and those within a day after it, or null when none is left. */
  nextExpiry: z.object({ points: z.number().int(), expiresAt: z.string() }).nullable(),
})

export type LotView = z.infer<typeof lotViewSchema>
export type EntryView = z.infer<typeof entryViewSchema>
export type PointHistory = z.infer<typeof pointHistorySchema>
