// Issue 30, items 1-3, against the speech-to-text fake over real HTTP with real speech (espeak-ng):
// a provider that invents stock phrases over silence, loops a line and places text seconds early
// after long silences still gives exactly one cue per sentence, on time; what was left out is kept
// and one line comes back as a cue; a provider answering segments only still gives cues on the
// speech that follow the rules.
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { STT_LOOP_LINES, STT_STOCK_PHRASES } from '@/fakes/stt-quirks'
import { GET as leftOutRoute } from '@/app/api/tasks/[id]/left-out/route'
import { POST as restoreRoute } from '@/app/api/tasks/[id]/left-out/[lineId]/restore/route'
import { POST as snapRoute } from '@/app/api/tasks/[id]/segments/snap/route'
import { POST as shiftRoute } from '@/app/api/tasks/[id]/segments/shift/route'
import { checkCues } from '@/lib/captions'
import { db } from '@/lib/db'
import { parseTime } from '@/lib/subtitles'
import { buildRequest, ctx, readAnswer } from '@/test/route-harness'
import { makeRecording, type PlacedSpeech } from '@/test/speech-audio'
import { speechSetup } from '@/test/task-setup'
import { transcribeFile } from '@/test/transcription'

const { stt, dir } = await speechSetup('trust', { env: { STT_CONCURRENCY: '2' }, teardownMs: 60_000 })

const TEXTS = [
  'The river was quiet and grey in the early morning light.',
  'We walked slowly down the path to the old stone bridge.',
  'Nobody came for a long time, so we sat down and waited.',
  'A small boat with a red sail passed under the bridge.',
  'The wind turned cold at noon and the clouds came in.',
  'We talked about the summer and the friends we had made.',
  'Then the rain began to fall on the water and the fields.',
  'We picked up our bags and walked home again together.',
]
/** The silence before each sentence and after the last, in ms: 5 to 20 s. */
const SILENCES = [19_000, 20_000, 6000, 20_000, 17_000, 20_000, 19_000, 20_000, 20_000]

let recording: string
let placed: PlacedSpeech[]
let totalMs: number

beforeAll(async () => {
  // Each sentence's sound measured first (espeak-ng's timing), so the silences between them are exact.
  const probe = await makeRecording({ sentences: TEXTS.map((text, i) => ({ text, atMs: i * 8000 })), totalMs: TEXTS.length * 8000, file: path.join(dir, 'probe.wav'), format: 'wav' })
  let at = 0
  const sentences = TEXTS.map((text, i) => {
    const lead = probe[i].startMs - i * 8000
    const atMs = at + SILENCES[i] - lead
    at = atMs + probe[i].endMs - i * 8000
    return { text, atMs }
  })
  totalMs = Math.round(at + SILENCES[TEXTS.length])
  recording = path.join(dir, 'walk.ogg')
  placed = await makeRecording({ sentences, totalMs, file: recording })
}, 120_000)

const transcribe = (file: string) => transcribeFile(file, { points: 100 })

async function cuesOf(taskId: string) {
  const rows = await db.segment.findMany({ where: { taskId }, orderBy: { index: 'asc' } })
  return rows.map((r) => ({ id: r.index, startMs: parseTime(r.startTime)!, endMs: parseTime(r.endTime)!, text: r.originalText }))
}

const near = (cue: { startMs: number; endMs: number }, speech: PlacedSpeech, ms: number) => Math.abs(cue.startMs - speech.startMs) <= ms && Math.abs(cue.endMs - speech.endMs) <= ms

describe('a provider that invents, loops and drifts early', () => {
  it('gives exactly one cue per sentence, on time, and keeps what it left out; one line comes back as a cue', async () => {
    // The recording is as asked: over 3 minutes, silences of 5 to 20 s before each sentence.
    expect(totalMs).toBeGreaterThanOrEqual(180_000)
    const silences = [...placed.map((p, i) => p.startMs - (i > 0 ? placed[i - 1].endMs : 0)), totalMs - placed[placed.length - 1].endMs]
    expect(silences.every((ms) => ms >= 4900 && ms <= 20_100), silences.join(', ')).toBe(true)
    stt.setQuirks({ stockPhrases: true, loops: true, earlyWords: true })
    stt.resetStats()
    const { taskId, auth } = await transcribe(recording)
    stt.setQuirks({})
    // The provider really answered its mistakes: every sentence early, stock phrases and loops.
    expect(stt.stats.counters.earlyWords).toBe(TEXTS.length)
    expect(stt.stats.counters.stockPhrases).toBeGreaterThanOrEqual(4)
    expect(stt.stats.counters.loops).toBeGreaterThanOrEqual(3)

    const cues = await cuesOf(taskId)
    expect(cues).toHaveLength(TEXTS.length)
    placed.forEach((speech, i) => expect(near(cues[i], speech, 250), `cue ${i + 1} ${cues[i].startMs}-${cues[i].endMs}, speech ${Math.round(speech.startMs)}-${Math.round(speech.endMs)}`).toBe(true))
    const invented = [...STT_STOCK_PHRASES.en, STT_LOOP_LINES.en.replace('.', '')]
    expect(cues.filter((c) => invented.some((phrase) => c.text.includes(phrase)))).toEqual([])
    expect(cues.every((c) => /^Sandbox speech( [a-z]+)*\.$/.test(c.text.replace(/\n/g, ' ')))).toBe(true)

    // Nothing is lost silently: every invented line is listed, with why it was left out.
    const listed = await readAnswer(await leftOutRoute(buildRequest(`/api/tasks/${taskId}/left-out`, { method: 'GET', headers: auth }), ctx({ id: taskId })))
    expect(listed.status).toBe(200)
    const lines = listed.data as { id: string; text: string; reason: string; startMs: number; endMs: number }[]
    expect(lines).toHaveLength(stt.stats.counters.stockPhrases + stt.stats.counters.loops)
    expect(new Set(lines.map((l) => l.reason))).toEqual(new Set(['silence', 'stockPhrase', 'loop']))

    // One click restores a line: a cue at its time, between its neighbours, the cues after it renumbered.
    const line = lines.find((l) => l.reason === 'stockPhrase')!
    const restored = await readAnswer(await restoreRoute(buildRequest(`/api/tasks/${taskId}/left-out/${line.id}/restore`, { method: 'POST', headers: auth }), ctx({ id: taskId, lineId: line.id })))
    expect(restored.status, restored.msg).toBe(200)
    const after = await cuesOf(taskId)
    expect(after).toHaveLength(TEXTS.length + 1)
    expect(after.map((c) => c.id)).toEqual(after.map((_, i) => i + 1))
    expect(after.every((c, i) => i === 0 || c.startMs > after[i - 1].endMs)).toBe(true)
    expect(after[restored.data.id - 1]).toMatchObject({ text: line.text, startMs: line.startMs, endMs: line.endMs })
    const again = await readAnswer(await restoreRoute(buildRequest(`/api/tasks/${taskId}/left-out/${line.id}/restore`, { method: 'POST', headers: auth }), ctx({ id: taskId, lineId: line.id })))
    expect(again.status).toBe(404)
    expect((await db.leftOutLine.count({ where: { taskId } }))).toBe(lines.length - 1)

    // "Snap to speech": a cue moved 1.5 s late comes back onto its sentence; the restored one covers none.
    const second = after.find((c) => near(c, placed[1], 250))!
    const shifted = await readAnswer(await shiftRoute(buildRequest(`/api/tasks/${taskId}/segments/shift`, { method: 'POST', headers: auth, body: { offsetMs: 1500, ids: [second.id] } }), ctx({ id: taskId })))
    expect(shifted.status).toBe(200)
    const snapped = await readAnswer(await snapRoute(buildRequest(`/api/tasks/${taskId}/segments/snap`, { method: 'POST', headers: auth, body: { ids: [second.id, restored.data.id] } }), ctx({ id: taskId })))
    expect(snapped.status, snapped.msg).toBe(200)
    expect(snapped.data.silentIds).toEqual([restored.data.id])
    const back = snapped.data.segments.find((s: { id: number }) => s.id === second.id)
    expect(near({ startMs: parseTime(back.startTime)!, endMs: parseTime(back.endTime)! }, placed[1], 250)).toBe(true)
    const bad = await readAnswer(await snapRoute(buildRequest(`/api/tasks/${taskId}/segments/snap`, { method: 'POST', headers: auth, body: { ids: ['x'] } }), ctx({ id: taskId })))
    expect(bad.status).toBe(400)
  }, 240_000)
})

describe('a provider that answers segments only', () => {
  it('gives cues within 300 ms of the speech that follow the rules, from the pauses inside long segments', async () => {
    // Pairs of sentences 0.8 to 1.5 s apart: the provider answers each pair as one segment without words.
    const file = path.join(dir, 'pairs.ogg')
    const sentences = [
      { text: 'Good morning.', atMs: 1500 },
      { text: 'Today we walk to the river.', atMs: 3300 },
      { text: 'It is not far.', atMs: 10_000 },
      { text: 'We can be back by noon.', atMs: 12_200 },
      { text: 'Bring a coat.', atMs: 19_000 },
    ]
    const speech = await makeRecording({ sentences, totalMs: 24_000, file })
    stt.setQuirks({ noWords: true, longSegments: true })
    stt.resetStats()
    const { taskId } = await transcribe(file)
    stt.setQuirks({})
    expect(stt.stats.counters.noWords).toBe(1)
    const cues = await cuesOf(taskId)
    expect(cues).toHaveLength(sentences.length)
    speech.forEach((s, i) => expect(near(cues[i], s, 300), `cue ${i + 1} ${cues[i].startMs}-${cues[i].endMs}, speech ${Math.round(s.startMs)}-${Math.round(s.endMs)}`).toBe(true))
    expect(checkCues(cues, 'en')).toEqual([])
  }, 120_000)
})
