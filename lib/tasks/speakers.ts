import 'server-only'
import type { Prisma } from '@prisma/client'
import { z } from 'zod'
import { db } from '@/lib/db'
import { AppError } from '@/lib/errors'
import type { Cue } from '@/lib/subtitles'
import { isOneLineName, oneLineName } from '@/lib/speakers'
import { toTaskDto, type TaskDto } from './dto'
import { findOwnTask } from './queries'

// A task's speakers: each cue stores labels (S1, S2, ...), and the creator names each speaker once
// for the whole task. A transcription's come from the provider; an uploaded WebVTT or ASS file's
// from its voices and Name fields, already named. Exports write the names, or "Speaker 1" for an unnamed one.

/** Longest speaker name. */
export const MAX_SPEAKER_NAME = 40
const LABEL = /^S[1-9]\d{0,2}$/

/**
 * `PATCH /api/tasks/{id}/speakers`: label → name; a blank name forgets the name. A name with a line
 * break or a control character is refused before anything else is looked at, whatever its label
 * (one could write a cue of its own into an SRT file).
 */
export const speakerNamesBody = z.object({
  names: z
    .record(z.string(), z.unknown())
    .superRefine((names, ctx) => {
      const unsafe = Object.entries(names).find(([, name]) => typeof name === 'string' && !isOneLineName(name))
      if (unsafe) ctx.addIssue({ code: 'custom', message: 'speakerNameUnsafe', path: [unsafe[0]] })
    })
    .pipe(z.record(z.string().regex(LABEL, 'invalidField'), z.string().trim().max(MAX_SPEAKER_NAME, 'speakerNameTooLong')))
    .refine((names) => Object.keys(names).length >= 1 && Object.keys(names).length <= 100, 'invalidField'),
})

/** The names a task's creator gave its speakers (the stored JSON, read defensively). */
export function speakerNamesOf(value: unknown): Record<string, string> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {}
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''))
}

/** Most speakers read from one file (a file naming more keeps the first ones'). */
export const MAX_FILE_SPEAKERS = 100

/**
 * The speakers an uploaded file names (WebVTT voices, ASS Name fields: `cue.speakers`) as task
 * speakers: a label for each name in the order first met, the names given to the labels (on one
 * line, at most MAX_SPEAKER_NAME characters), and each cue's labels. Nothing when the file names nobody.
 */
export function speakersFromFile(cues: readonly Cue[]): { names: Record<string, string>; cues: { id: number; speakers: string[] }[] } {
  const labels = new Map<string, string>()
  const names: Record<string, string> = {}
  const spoken: { id: number; speakers: string[] }[] = []
  for (const cue of cues) {
    const speakers: string[] = []
    for (const raw of cue.speakers ?? []) {
      const name = oneLineName(raw).slice(0, MAX_SPEAKER_NAME).trim()
      if (name === '') continue
      if (!labels.has(name) && labels.size < MAX_FILE_SPEAKERS) {
        const label = `S${labels.size + 1}`
        labels.set(name, label)
        names[label] = name
      }
      const label = labels.get(name)
      if (label && !speakers.includes(label)) speakers.push(label)
    }
    if (speakers.length > 0) spoken.push({ id: cue.id, speakers })
  }
  return { names, cues: spoken }
}

/** What a cue's speakers are called in an export: their given names, else "Speaker 1", "Speaker 2". */
export function speakerDisplayNames(labels: readonly string[], names: Record<string, string>): string[] {
  return labels.map((label) => names[label] ?? `Speaker ${label.replace(/^S/, '')}`)
}

/** A line's speaker as the translation request carries it (`{ speaker: 'Ada' }`, two joined by " / "), or nothing when unknown. */
export function speakerLineLabel(speakerNames: unknown): (labels: readonly string[]) => { speaker?: string } {
  const names = speakerNamesOf(speakerNames)
  return (labels) => (labels.length > 0 ? { speaker: speakerDisplayNames(labels, names).join(' / ') } : {})
}

/**
 * Names (or renames) speakers of the caller's task, once for every cue they speak. Rules: each
 * label must be one the task's cues have (40000 otherwise); a blank name forgets the name given.
 */
export async function nameSpeakers({ userId, taskId, names }: { userId: string; taskId: string; names: Record<string, string> }): Promise<TaskDto> {
  await findOwnTask({ userId, taskId })
  const labels = Object.keys(names)
  const used = await db.$queryRaw<{ label: string }[]>`
    SELECT DISTINCT unnest("speakers") AS label FROM "Segment" WHERE "taskId" = ${taskId}`
  const known = new Set(used.map((u) => u.label))
  if (labels.some((label) => !known.has(label))) throw new AppError('bad_request', 'speakerUnknown')
  const task = await db.$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<{ speakerNames: unknown }[]>`SELECT "speakerNames" FROM "Task" WHERE "id" = ${taskId} FOR UPDATE`
    const merged = { ...speakerNamesOf(row?.speakerNames) }
    for (const [label, name] of Object.entries(names)) {
      if (name === '') delete merged[label]
      else merged[label] = name
    }
    return tx.task.update({ where: { id: taskId }, data: { speakerNames: merged as Prisma.InputJsonValue } })
  })
  return toTaskDto(task, await db.segment.count({ where: { taskId } }))
}
