// The tail of a pipeline run (issue 31): what happens after the browser has read the whole file,
// each step in seconds after that moment, so a slow tail shows which stage holds it. The page
// gives the uploads (tus PATCHes), the fakes their request logs, and the database (watched every
// 50 ms while the task runs) when each chunk was cut, transcribed and given its cues.
import type { FakeRequestRecord } from '@/fakes/server'
import { sleep } from '../support/app'
import type { UploadRequest } from './probe'

type ChunkSeen = { index: number; startMs: number; endMs: number; plannedAt: number; wordsAt: number | null; cuesAt: number | null }

/** Watches a task's chunks until stopped: when each appeared, got its words, got its cues. */
export function watchChunks(taskId: string) {
  const seen = new Map<number, ChunkSeen>()
  let isStopped = false
  const running = (async () => {
    const { db } = await import('@/lib/db')
    while (!isStopped) {
      const rows = await db.$queryRaw<{ index: number; startMs: number; endMs: number; hasWords: boolean; hasCues: boolean }[]>`
        SELECT "index", "startMs", "endMs", "words" IS NOT NULL AS "hasWords", "cues" IS NOT NULL AS "hasCues" FROM "TranscriptChunk" WHERE "taskId" = ${taskId}`
      const now = Date.now()
      for (const r of rows) {
        const chunk = seen.get(r.index) ?? { index: r.index, startMs: r.startMs, endMs: r.endMs, plannedAt: now, wordsAt: null, cuesAt: null }
        if (r.hasWords) chunk.wordsAt ??= now
        if (r.hasCues) chunk.cuesAt ??= now
        seen.set(r.index, chunk)
      }
      await sleep(50)
    }
  })()
  return {
    async stop(): Promise<ChunkSeen[]> {
      isStopped = true
      await running
      return [...seen.values()].sort((a, b) => a.startMs - b.startMs)
    },
  }
}

const isReview = (record: FakeRequestRecord) => ((record.data as { lines?: { translation?: unknown }[] } | undefined)?.lines ?? []).some((l) => typeof l.translation === 'string')
const last = (values: (number | null | undefined)[]) => Math.max(...values.map((v) => v ?? -Infinity))

export type TailInput = {
  pickedAt: number
  extractedAt: number
  patches: UploadRequest[]
  /** When the server had every byte of each part (AudioPart.completedAt). */
  partsCompletedAt: number[]
  chunks: ChunkSeen[]
  stt: FakeRequestRecord[]
  deepseek: FakeRequestRecord[]
  /** The server's JSON log lines (transcribe.part_decoded, transcribe.chunk_encoded, request). */
  logs: { time: string; event: string; [key: string]: unknown }[]
  /** The task's cues stored as its segments (its stage left `transcribing`). */
  cuesStoredAt: number
  doneAt: number
}

/** Each chunk and each provider request, in seconds after the file was read (BENCH_DETAIL=1). */
export function tailDetail(t: TailInput) {
  const after = (at: number | null | undefined) => (at ? +((at - t.extractedAt) / 1000).toFixed(2) : null)
  return {
    chunks: t.chunks.map((c) => ({ index: c.index, startS: c.startMs / 1000, lengthS: (c.endMs - c.startMs) / 1000, planned: after(c.plannedAt), words: after(c.wordsAt), cues: after(c.cuesAt) })),
    stt: t.stt.filter((r) => r.at >= t.pickedAt).map((r) => ({ sent: after(r.at), answered: after(r.answeredAt) })),
    server: t.logs.filter((l) => l.event.startsWith('transcribe.') && Date.parse(l.time) >= t.pickedAt).map(({ time, event, taskId: _, ...fields }) => ({ at: after(Date.parse(time)), event, ...fields })),
    deepseek: t.deepseek.filter((r) => r.at >= t.pickedAt).map((r) => ({ review: isReview(r), lines: ((r.data as { lines?: unknown[] } | undefined)?.lines ?? []).length, sent: after(r.at), answered: after(r.answeredAt) })),
  }
}

/** Each step of the tail, in seconds after the file was read (negative: it came before). */
export function tailTimeline(t: TailInput): Record<string, number | string> {
  const after = (at: number) => +((at - t.extractedAt) / 1000).toFixed(2)
  const stt = t.stt.filter((r) => r.at >= t.pickedAt)
  const deepseek = t.deepseek.filter((r) => r.at >= t.pickedAt)
  const translations = deepseek.filter((r) => !isReview(r))
  const reviews = deepseek.filter(isReview)
  const lastChunk = t.chunks.at(-1)
  const mine = t.logs.filter((l) => Date.parse(l.time) >= t.pickedAt)
  const logged = (event: string) => mine.filter((l) => l.event === event).map((l) => Date.parse(l.time))
  const patchMs = mine.filter((l) => l.event === 'request' && l.method === 'PATCH').map((l) => Number(l.ms)).sort((a, b) => a - b)
  const late = t.patches.filter((p) => p.at >= t.extractedAt)
  const durations = t.patches.flatMap((p) => (p.endAt ? [p.endAt - p.at] : [])).sort((a, b) => a - b)
  return {
    'pick → file read (s)': +((t.extractedAt - t.pickedAt) / 1000).toFixed(2),
    'PATCHes: count, median KB, median/max ms': `${t.patches.length}, ${Math.round((t.patches.map((p) => p.bytes).sort((a, b) => a - b)[Math.floor(t.patches.length / 2)] ?? 0) / 1024)}, ${durations[Math.floor(durations.length / 2)] ?? 0}/${durations.at(-1) ?? 0}`,
    'PATCHes sent after the file was read (count, KB)': `${late.length}, ${Math.round(late.reduce((s, p) => s + p.bytes, 0) / 1024)}`,
    'last PATCH answered': after(last(t.patches.map((p) => p.endAt))),
    'PATCHes handled by the server, median/max ms': `${patchMs[Math.floor(patchMs.length / 2)] ?? 0}/${patchMs.at(-1) ?? 0}`,
    'server has every part': after(last(t.partsCompletedAt)),
    'server decoded every part': after(last(logged('transcribe.part_decoded'))),
    'last chunk cut (part end known)': lastChunk ? after(lastChunk.plannedAt) : 'none',
    'last chunk (s of sound)': lastChunk ? +((lastChunk.endMs - lastChunk.startMs) / 1000).toFixed(1) : 'none',
    'last chunk encoded for STT': after(last(logged('transcribe.chunk_encoded'))),
    'last STT request sent': after(last(stt.map((r) => r.at))),
    'last STT request answered': after(last(stt.map((r) => r.answeredAt))),
    'last chunk words stored': after(last(t.chunks.map((c) => c.wordsAt))),
    'last translation request sent': after(last(translations.map((r) => r.at))),
    'last translation answered': after(last(translations.map((r) => r.answeredAt))),
    'last review request sent': after(last(reviews.map((r) => r.at))),
    'last review answered': after(last(reviews.map((r) => r.answeredAt))),
    'last chunk cues stored': after(last(t.chunks.map((c) => c.cuesAt))),
    'cues stored as segments': after(t.cuesStoredAt),
    'task completed': after(t.doneAt),
    'requests: STT, translate, review': `${stt.length}, ${translations.length}, ${reviews.length}`,
  }
}
