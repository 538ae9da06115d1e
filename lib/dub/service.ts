import 'server-only'
import { createWriteStream } from 'node:fs'
import { mkdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'
import { db, type Tx } from '@/lib/db'
import { env } from '@/lib/env'
import { AppError } from '@/lib/errors'
import { log } from '@/lib/log'
import { reserveDubPoints, settleDubPoints, spendPoints } from '@/lib/points'
import type { StorageDriver } from '@/lib/storage'
import { appStorage } from '@/lib/storage/app-storage'
import { parseTime } from '@/lib/subtitles/time'
import { condenseTranslations, providerFor, type TranslateProvider } from '@/lib/translate'
import { dubPrice, type CreateDubInput, type DubDto, type DubOriginalDto } from './contract'
import { toOriginalDto } from './original'
import { speakPhrases, type Condense, type PhraseOutcome } from './dub'
import { mixUnderVoices } from './mix'
import { storeTrack } from './store'
import { assignVoices, planPhrases, type DubLine } from './phrases'
import { dubReportCsv, dubReportJson } from './report'
import { createTtsProvider, OPENAI_VOICES, type TtsProvider } from './tts-provider'

/** Queues a dub's run inside the caller's transaction (lib/jobs hands it to the routes). */
export type EnqueueDub = (options: { dubId: string; tx: Tx }) => Promise<void>

const RUNNING = ['queued', 'speaking', 'mixing']

/** The configured text-to-speech provider; without TTS_API_KEY nothing can be dubbed (50300). */
export function ttsProvider(): TtsProvider {
  const e = env()
  if (!e.TTS_API_KEY) throw new AppError('unavailable', 'dubUnavailable')
  return createTtsProvider({ baseUrl: e.TTS_BASE_URL, apiKey: e.TTS_API_KEY, model: e.TTS_MODEL, voices: e.TTS_VOICES ?? OPENAI_VOICES, isSandbox: e.SANDBOX })
}

async function ownTask(userId: string, taskId: string) {
  const task = await db.task.findFirst({
    where: { id: taskId, userId },
    select: { id: true, userId: true, audioKey: true, audioDurationMs: true, speakerNames: true, translationService: true, originalLanguage: true, detectedLanguage: true, targetLanguage: true, dubOriginal: true },
  })
  if (!task) throw new AppError('not_found', 'taskNotFound')
  return task
}

type OwnTask = Awaited<ReturnType<typeof ownTask>>

/** The sound "keep the original" mixes over: the creator's upload (their video's own track), else a transcription's recording. */
function originalOf(task: OwnTask): { key: string; dto: DubOriginalDto } | null {
  if (task.dubOriginal) return { key: task.dubOriginal.storageKey, dto: toOriginalDto(task.dubOriginal) }
  if (task.audioKey) return { key: task.audioKey, dto: { source: 'recording', format: null, codec: null, durationMs: task.audioDurationMs, bytes: null, createdAt: null } }
  return null
}

/** The task's translated lines to speak, in order; the first speaker of a line speaks it. */
export async function dubLinesOf(taskId: string): Promise<DubLine[]> {
  const rows = await db.segment.findMany({ where: { taskId, translatedText: { not: null } }, orderBy: { index: 'asc' }, select: { index: true, startTime: true, endTime: true, originalText: true, translatedText: true, speakers: true } })
  return rows
    .filter((r) => (r.translatedText ?? '').trim() !== '')
    .map((r) => ({ id: r.index, startMs: parseTime(r.startTime) ?? 0, endMs: parseTime(r.endTime) ?? 0, text: stripTags(r.translatedText ?? ''), sourceText: stripTags(r.originalText), speaker: r.speakers[0] ?? null }))
}

/** What is spoken of a line: its text without markup (ASS overrides, HTML-like tags) or line breaks. */
const stripTags = (text: string) => text.replace(/\{\\[^}]*\}/g, '').replace(/<[^>]+>/g, '').replace(/\\N|\r?\n/g, ' ').replace(/\s+/g, ' ').trim()

function speakersOf(lines: DubLine[], names: Record<string, string>, voices: Map<string | null, string>) {
  const counts = new Map<string | null, number>()
  for (const line of lines) counts.set(line.speaker, (counts.get(line.speaker) ?? 0) + 1)
  return [...counts].map(([speaker, count]) => ({ speaker: speaker ?? '', name: speaker ? (names[speaker] ?? speaker) : '', voice: voices.get(speaker)!, lines: count }))
}

/** The price of dubbing the task now, the voice each speaker would get, and the voices to choose from. */
export async function estimateDub({ userId, taskId, provider = ttsProvider() }: { userId: string; taskId: string; provider?: TtsProvider }) {
  const task = await ownTask(userId, taskId)
  const lines = await dubLinesOf(taskId)
  const characters = planPhrases(lines).reduce((n, p) => n + p.text.length, 0)
  const voices = assignVoices(lines.map((l) => l.speaker), provider.voices)
  const original = originalOf(task)
  return { characters, price: dubPrice(characters), lines: lines.length, speakers: speakersOf(lines, task.speakerNames as Record<string, string>, voices), voices: [...provider.voices], hasOriginal: original !== null, original: original?.dto ?? null, isSandbox: provider.isSandbox }
}

/**
 * Starts a dub of the caller's task. Rules: one dub of a task runs at a time (40900); a task
 * without translated lines is refused (40000), and so is a voice the provider does not offer; the
 * price (counted on the characters to speak) is reserved in the same transaction that creates the
 * dub and queues its run, so a refused reservation (40200) leaves nothing behind.
 */
export async function createDub({ userId, taskId, input, enqueue, provider = ttsProvider() }: { userId: string; taskId: string; input: CreateDubInput; enqueue: EnqueueDub; provider?: TtsProvider }): Promise<DubDto> {
  const task = await ownTask(userId, taskId)
  for (const voice of Object.values(input.voices)) if (!provider.voices.includes(voice)) throw new AppError('bad_request', 'dubUnknownVoice', { voice })
  const lines = await dubLinesOf(taskId)
  if (lines.length === 0) throw new AppError('bad_request', 'dubNothingToSpeak')
  const voices = assignVoices(lines.map((l) => l.speaker), provider.voices, input.voices)
  const characters = planPhrases(lines).reduce((n, p) => n + p.text.length, 0)
  const price = dubPrice(characters)
  const dub = await db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT 1 FROM "Task" WHERE "id" = ${taskId} FOR UPDATE`
    if ((await tx.dub.count({ where: { taskId, status: { in: RUNNING } } })) > 0) throw new AppError('conflict', 'dubRunning')
    const originalKey = input.withOriginal ? (originalOf(task)?.key ?? null) : null
    const created = await tx.dub.create({ data: { taskId, voices: Object.fromEntries([...voices].map(([speaker, voice]) => [speaker ?? '', voice])), withOriginal: originalKey !== null, originalKey, characters, price } })
    await reserveDubPoints({ userId, dubId: created.id, amount: price, tx })
    await enqueue({ dubId: created.id, tx })
    return created
  })
  return toDto(dub, 0)
}

type DubRow = Awaited<ReturnType<typeof db.dub.findUniqueOrThrow>>

function toDto(dub: DubRow, flagged: number): DubDto {
  return {
    id: dub.id, taskId: dub.taskId, status: dub.status as DubDto['status'], voices: dub.voices as Record<string, string>, withOriginal: dub.withOriginal, characters: dub.characters, price: dub.price,
    charged: dub.charged === null ? null : dub.charged + dub.respeakCharged,
    phrasesTotal: dub.phrasesTotal, phrasesDone: dub.phrasesDone, flagged, error: dub.error, createdAt: dub.createdAt.toISOString(), completedAt: dub.completedAt?.toISOString() ?? null,
  }
}

async function ownDub(userId: string, taskId: string, dubId: string) {
  const dub = await db.dub.findFirst({ where: { id: dubId, taskId, task: { userId } } })
  if (!dub) throw new AppError('not_found', 'dubNotFound')
  return dub
}

async function flaggedLines(dubId: string): Promise<number> {
  const rows = await db.dubPhrase.findMany({ where: { dubId }, select: { outcome: true } })
  return rows.map((r) => r.outcome as unknown as PhraseOutcome).filter((o) => o.flag !== null).reduce((n, o) => n + o.lineIds.length, 0)
}

export async function getDub({ userId, taskId, dubId }: { userId: string; taskId: string; dubId: string }): Promise<DubDto> {
  const dub = await ownDub(userId, taskId, dubId)
  return toDto(dub, await flaggedLines(dub.id))
}

export async function listDubs({ userId, taskId }: { userId: string; taskId: string }): Promise<{ dubs: DubDto[] }> {
  await ownTask(userId, taskId)
  const dubs = await db.dub.findMany({ where: { taskId }, orderBy: { createdAt: 'desc' }, take: 20 })
  return { dubs: await Promise.all(dubs.map(async (d) => toDto(d, await flaggedLines(d.id)))) }
}

const audioKey = (dubId: string, kind: 'voices' | 'mix', format: 'm4a' | 'wav') => `dubs/${dubId}/${kind}.${format}`
const clipKey = (dubId: string, key: string) => `dubs/${dubId}/phrases/${key.replace(/[^0-9a-z+:]/gi, '_').replace(/[+:]/g, '-')}.pcm`

/**
 * Every file a task's dubs keep in storage: their tracks, their spoken clips and the original sounds
 * sent for them. Read before the task is deleted (its rows cascade away with it), removed after.
 */
export async function dubFilesOfTask(taskId: string): Promise<string[]> {
  return dubFilesWhere({ taskId })
}

/** The same for every task of a user (their account is being deleted). */
export async function dubFilesOfUser(userId: string): Promise<string[]> {
  return dubFilesWhere({ task: { userId } })
}

async function dubFilesWhere(where: { taskId: string } | { task: { userId: string } }): Promise<string[]> {
  const [dubs, originals] = await Promise.all([
    db.dub.findMany({ where, select: { id: true, originalKey: true, phrases: { select: { clipKey: true } } } }),
    db.dubOriginal.findMany({ where, select: { storageKey: true } }),
  ])
  const keys = dubs.flatMap((dub) => [
    ...(['voices', 'mix'] as const).flatMap((kind) => (['m4a', 'wav'] as const).map((format) => audioKey(dub.id, kind, format))),
    ...dub.phrases.map((phrase) => phrase.clipKey),
    // A replaced original a dub was mixed over is kept for it; a transcription's own recording is the task's file.
    dub.originalKey?.startsWith('dubs/') ? dub.originalKey : null,
  ])
  return [...new Set([...keys, ...originals.map((original) => original.storageKey)].filter((key): key is string => Boolean(key)))]
}

/** Removes stored files, each on its own: a missing one is no error, a failing one is logged and left. */
export async function removeDubFiles(keys: string[], storage: StorageDriver = appStorage()): Promise<void> {
  for (const key of keys) await storage.delete(key).catch((error: unknown) => log.warn('dub.file_delete_failed', { key, error }))
}

/** A finished dub's track (the voices alone, or the mix) from storage, for a download or the player. */
export async function dubAudio({ userId, taskId, dubId, kind, format, storage = appStorage() }: { userId: string; taskId: string; dubId: string; kind: 'voices' | 'mix'; format: 'm4a' | 'wav'; storage?: StorageDriver }) {
  const dub = await ownDub(userId, taskId, dubId)
  if (dub.status !== 'completed') throw new AppError('conflict', 'dubNotReady')
  if (kind === 'mix' && !dub.withOriginal) throw new AppError('not_found', 'dubNoOriginal')
  const key = audioKey(dub.id, kind, format)
  const size = await storage.size(key)
  if (size === null) throw new AppError('not_found', 'dubNotFound')
  return {
    size,
    contentType: format === 'wav' ? 'audio/wav' : 'audio/mp4',
    fileName: `dub-${kind}.${format}`,
    open: async (span?: { start: number; end: number }) => {
      const stream = await storage.stream(key, span)
      if (!stream) throw new AppError('not_found', 'dubNotFound')
      return stream
    },
  }
}

/** The per-line report of a dub: line, speaker, voice, times, spoken length, speed factor, how it was fitted, flag. */
export async function dubReport({ userId, taskId, dubId, format }: { userId: string; taskId: string; dubId: string; format: 'csv' | 'json' }): Promise<string> {
  const dub = await ownDub(userId, taskId, dubId)
  const outcomes = (await db.dubPhrase.findMany({ where: { dubId: dub.id } })).map((r) => r.outcome as unknown as PhraseOutcome)
  const lines = await dubLinesOf(taskId)
  const plannedKeys = new Map(planPhrases(lines).flatMap((p) => p.lineIds.map((id) => [id, p.key] as const)))
  return format === 'csv' ? dubReportCsv(lines, outcomes, plannedKeys) : dubReportJson(lines, outcomes, plannedKeys)
}

/** The translation provider's shortening pass, asked in the task's languages. */
function condenseWith(provider: TranslateProvider, task: { originalLanguage: string; detectedLanguage: string; targetLanguage: string }, signal?: AbortSignal): Condense {
  return async (lines) => {
    const answers = new Map<number, string>()
    await condenseTranslations({ provider, lines, sourceLanguage: task.detectedLanguage || task.originalLanguage, targetLanguage: task.targetLanguage, signal, onBatchDone: (_, answer) => void answer?.forEach((text, id) => answers.set(id, text)) })
    return answers
  }
}

async function writeStream(stream: ReadableStream<Uint8Array>, file: string) {
  await pipeline(Readable.fromWeb(stream as unknown as WebReadableStream<Uint8Array>), createWriteStream(file))
}

export type RunDubOptions = { dubId: string; signal?: AbortSignal; provider?: TtsProvider; translator?: TranslateProvider; storage?: StorageDriver; concurrency?: number; retry?: { attempts?: number; delayMs?: number } }

/**
 * Runs (or resumes) a dub: speaks its task's lines phrase by phrase (lib/dub speakPhrases), each
 * phrase's outcome and clip stored as it is spoken so a restarted run speaks nothing twice; then
 * encodes the voices alone and, when asked, the mix over the task's recording; then settles its
 * points on what was spoken (lines the provider failed are not charged) and completes, in one
 * transaction. An error that is not the caller's abort fails the dub and returns all its points.
 */
export async function runDub({ dubId, signal, provider, translator, storage = appStorage(), concurrency = env().TTS_CONCURRENCY, retry }: RunDubOptions): Promise<'completed' | 'failed' | 'skipped'> {
  const dub = await db.dub.findUnique({ where: { id: dubId }, include: { task: true } })
  if (!dub || !RUNNING.includes(dub.status)) return 'skipped'
  const work = path.join(tmpdir(), 'subtitle-studio-dubs', dub.id)
  try {
    const tts = provider ?? ttsProvider()
    await db.dub.update({ where: { id: dub.id }, data: { status: 'speaking' } })
    const lines = await dubLinesOf(dub.taskId)
    const phrases = planPhrases(lines, { mediaEndMs: dub.task.audioDurationMs ?? undefined })
    const voiceOf = dub.voices as Record<string, string>
    const voices = new Map(phrases.map((p) => [p.speaker, voiceOf[p.speaker ?? ''] ?? tts.voices[0]]))
    await db.dub.update({ where: { id: dub.id }, data: { phrasesTotal: phrases.length } })
    await rm(work, { recursive: true, force: true })
    await mkdir(work, { recursive: true })
    const trackFile = path.join(work, 'voices.wav')
    const totalMs = Math.max(dub.task.audioDurationMs ?? 0, ...phrases.map((p) => p.windowEndMs)) + 500
    const stored = new Map((await db.dubPhrase.findMany({ where: { dubId: dub.id } })).map((r) => [r.key, r]))
    const outcomes = await speakPhrases({
      phrases, voices, provider: tts, trackFile, totalMs, concurrency, retry, signal,
      condense: condenseWith(translator ?? providerFor(dub.task.translationService), dub.task, signal),
      spokenBefore: async (key) => {
        const row = stored.get(key)
        const bytes = row?.clipKey ? await storage.get(row.clipKey) : null
        if (!row || (row.clipKey && !bytes)) return null
        return { outcome: row.outcome as unknown as PhraseOutcome, pcm: bytes ? new Int16Array(new Uint8Array(bytes).buffer) : new Int16Array(0) }
      },
      onPhrase: async (outcome, pcm) => {
        const key = pcm.length > 0 ? clipKey(dub.id, outcome.key) : null
        if (key) await storage.put(key, Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength))
        await db.$transaction([
          db.dubPhrase.upsert({ where: { dubId_key: { dubId: dub.id, key: outcome.key } }, create: { dubId: dub.id, key: outcome.key, outcome, clipKey: key }, update: { outcome, clipKey: key } }),
          db.dub.update({ where: { id: dub.id }, data: { phrasesDone: { increment: 1 } } }),
        ])
      },
    })
    await db.dub.update({ where: { id: dub.id }, data: { status: 'mixing' } })
    await storeTrack({ storage, wavFile: trackFile, m4aKey: audioKey(dub.id, 'voices', 'm4a'), wavKey: audioKey(dub.id, 'voices', 'wav'), signal })
    if (dub.withOriginal && dub.originalKey) {
      const original = path.join(work, 'original')
      const stream = await storage.stream(dub.originalKey)
      if (!stream) throw new Error('the original sound is gone from storage')
      await writeStream(stream, original)
      const mixFile = path.join(work, 'mix.wav')
      await mixUnderVoices({ originalFile: original, dubTrackFile: trackFile, spans: outcomes.filter((o) => o.spokenMs > 0).map((o) => ({ startMs: o.startMs, endMs: o.startMs + o.spokenMs })), outFile: mixFile, signal })
      await storeTrack({ storage, wavFile: mixFile, m4aKey: audioKey(dub.id, 'mix', 'm4a'), wavKey: audioKey(dub.id, 'mix', 'wav'), signal })
    }
    const spokenChars = outcomes.filter((o) => o.flag !== 'failed' && o.spokenMs > 0).reduce((n, o) => n + o.characters, 0)
    await db.$transaction(async (tx) => {
      const { kept } = await settleDubPoints({ dubId: dub.id, charge: Math.min(dub.price, dubPrice(spokenChars)), tx })
      await tx.dub.update({ where: { id: dub.id }, data: { status: 'completed', charged: kept, completedAt: new Date() } })
    })
    log.info('dub.completed', { dubId: dub.id, phrases: phrases.length, flagged: outcomes.filter((o) => o.flag).length })
    return 'completed'
  } catch (error) {
    if (signal?.aborted) throw error
    log.error('dub.failed', { dubId: dub.id, error })
    await db.$transaction(async (tx) => {
      const { kept } = await settleDubPoints({ dubId: dub.id, charge: 0, tx })
      await tx.dub.update({ where: { id: dub.id }, data: { status: 'failed', charged: kept, error: error instanceof AppError ? error.messageKey : 'the dub could not be made' } })
    })
    return 'failed'
  } finally {
    if (!signal?.aborted) await rm(work, { recursive: true, force: true })
  }
}

/** A dub whose worker failed past its retries: failed, all its points returned. */
export async function failDeadDub(dubId: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const dub = await tx.dub.findUnique({ where: { id: dubId } })
    if (!dub || !RUNNING.includes(dub.status)) return
    const { kept } = await settleDubPoints({ dubId, charge: 0, tx })
    await tx.dub.update({ where: { id: dubId }, data: { status: 'failed', charged: kept, error: 'its worker failed repeatedly' } })
  })
}

/**
 * Speaks again what changed since a dub was made: lines edited since (their phrase's text differs)
 * and lines the provider failed. Rules: only a completed dub (40900 otherwise); the phrases to
 * speak are charged at the dub's rate as they are asked (one ledger entry, its key naming them, so
 * the same request twice is charged once), and nothing else is: every other phrase keeps its clip;
 * the dub is queued again, and its run speaks only those phrases, then mixes and encodes afresh.
 * Nothing changed: the dub is answered as it is.
 */
export async function respeakDub({ userId, taskId, dubId, enqueue }: { userId: string; taskId: string; dubId: string; enqueue: EnqueueDub }): Promise<DubDto> {
  const dub = await ownDub(userId, taskId, dubId)
  if (dub.status !== 'completed') throw new AppError('conflict', 'dubRunning')
  const task = await ownTask(userId, taskId)
  const phrases = planPhrases(await dubLinesOf(taskId), { mediaEndMs: task.audioDurationMs ?? undefined })
  const stored = await db.dubPhrase.findMany({ where: { dubId } })
  const kept = new Set(stored.filter((r) => (r.outcome as unknown as PhraseOutcome).flag !== 'failed').map((r) => r.key))
  const toSpeak = phrases.filter((p) => !kept.has(p.key))
  if (toSpeak.length === 0) return toDto(dub, await flaggedLines(dub.id))
  const price = dubPrice(toSpeak.reduce((n, p) => n + p.text.length, 0))
  const planned = new Set(phrases.map((p) => p.key))
  const gone = stored.filter((r) => !planned.has(r.key) || !kept.has(r.key))
  const updated = await db.$transaction(async (tx) => {
    const locked = await tx.dub.updateMany({ where: { id: dubId, status: 'completed' }, data: { status: 'queued', respeakCharged: { increment: price }, phrasesDone: 0, completedAt: null } })
    if (locked.count === 0) throw new AppError('conflict', 'dubRunning')
    await spendPoints({ userId, amount: price, key: `dub:${dubId}:respeak:${toSpeak.map((p) => p.key).join(',').slice(0, 400)}`, reason: `dub ${dubId}`, tx })
    await tx.dubPhrase.deleteMany({ where: { dubId, key: { in: gone.map((r) => r.key) } } })
    await enqueue({ dubId, tx })
    return tx.dub.findUniqueOrThrow({ where: { id: dubId } })
  })
  const storage = appStorage()
  await Promise.all(gone.flatMap((r) => (r.clipKey ? [storage.delete(r.clipKey)] : [])))
  return toDto(updated, 0)
}

/** A dub's end as its webhook tells it: owner, state, price and charge, lines flagged. */
export async function dubEnd(dubId: string) {
  const dub = await db.dub.findUnique({ where: { id: dubId }, include: { task: { select: { userId: true } } } })
  if (!dub) return null
  return { ...toDto(dub, await flaggedLines(dub.id)), userId: dub.task.userId, completedAt: dub.completedAt }
}
