// Speakers (issue 30 item 4) against two espeak-ng voices alternating in a recording cut into at
// least 3 chunks, and the speech-to-text fake speaking OpenAI's diarization protocol, whose labels
// change from request to request unless known speakers are sent. Every cue has one speaker, each
// voice keeps one label in every chunk, the WebVTT export has voice spans (with the names the
// creator gives), and every line sent to the DeepSeek fake carries its speaker. A diarized answer
// is screened as any other: a line invented over silence is left out with its speaker.
import { openAsBlob } from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { STT_STOCK_PHRASES } from '@/fakes/stt-quirks'
import { GET as exportRoute } from '@/app/api/tasks/[id]/export/route'
import { GET as leftOutRoute } from '@/app/api/tasks/[id]/left-out/route'
import { POST as restoreRoute } from '@/app/api/tasks/[id]/left-out/[lineId]/restore/route'
import { PATCH as speakersRoute } from '@/app/api/tasks/[id]/speakers/route'
import { POST as transcribeRoute } from '@/app/api/tasks/transcribe/route'
import { checkCues } from '@/lib/captions'
import { db } from '@/lib/db'
import { grantPoints } from '@/lib/points'
import { parseTime } from '@/lib/subtitles'
import { buildRequest, ctx, makeUser, readAnswer } from '@/test/route-harness'
import { makeRecording, type PlacedSpeech } from '@/test/speech-audio'
import { runTask } from '../pipeline'
import { speechSetup } from '@/test/task-setup'

// A diarizing model: speakers are asked for without STT_DIARIZE.
const { stt, deepseek, dir } = await speechSetup('speakers', { env: { STT_MODEL: 'gpt-4o-transcribe-diarize' } })

const LOW = ['-v', 'en+m3', '-p', '30']
const HIGH = ['-v', 'en+f3', '-p', '70']
const TEXTS = ['Did you see the river this morning?', 'The water is very high again.', 'We should close the old bridge.', 'I will call the mayor right away.']
// Each text said by one voice, then the other (identical lines by two people), every 4 s: 48 s,
// cut into chunks of about 15 s, so each voice is heard in every chunk.
const SENTENCES = TEXTS.flatMap((text, k) => [
  { text, atMs: 1000 + k * 12_000, voice: LOW, who: 'low' },
  { text, atMs: 5000 + k * 12_000, voice: HIGH, who: 'high' },
]).concat([{ text: 'That is all for today.', atMs: 49_000, voice: LOW, who: 'low' }])
const CHUNK_MS = 15_000

let file: string
let placed: PlacedSpeech[]

beforeAll(async () => {
  file = path.join(dir, 'dialogue.ogg')
  placed = await makeRecording({ sentences: SENTENCES, totalMs: 53_000, file })
}, 60_000)


async function transcribe(auth: Record<string, string>, recording = file) {
  const form = new FormData()
  form.append('sourceLanguage', 'en')
  form.append('targetLanguage', 'fr')
  form.append('file', await openAsBlob(recording), path.basename(recording))
  const created = await readAnswer(await transcribeRoute(buildRequest('/api/tasks/transcribe', { headers: auth, raw: form }), ctx()))
  expect(created.status, created.msg).toBe(200)
  const taskId = created.data.id as string
  expect(await runTask({ taskId, retry: { attempts: 3, delayMs: 5 }, transcription: { retry: { attempts: 3, delayMs: 5 }, chunkTargetMs: CHUNK_MS } })).toBe('completed')
  return taskId
}

async function exported(taskId: string, auth: Record<string, string>, query: string) {
  const res = await exportRoute(buildRequest(`/api/tasks/${taskId}/export?${query}`, { method: 'GET', headers: auth }), ctx({ id: taskId }))
  expect(res.status).toBe(200)
  return res.text()
}

describe('speakers of a transcription', () => {
  it('keeps one label per voice over every chunk, one speaker per cue, into the exports and the translation requests', async () => {
    const made = await makeUser()
    await grantPoints({ userId: made.user.id, amount: 100, key: `grant:${made.user.id}` })
    const taskId = await transcribe(made.auth)

    const task = await db.task.findUniqueOrThrow({ where: { id: taskId } })
    expect(task.chunksTotal).toBeGreaterThanOrEqual(3)
    const rows = await db.segment.findMany({ where: { taskId }, orderBy: { index: 'asc' } })
    expect(rows).toHaveLength(SENTENCES.length)
    expect(rows.every((r) => r.speakers.length === 1)).toBe(true)
    const cues = rows.map((r) => ({ startMs: parseTime(r.startTime)!, endMs: parseTime(r.endTime)!, text: r.originalText, speakers: r.speakers }))
    expect(checkCues(cues, 'en')).toEqual([])

    // Each sentence's cue has the label of its voice, the same in every chunk; the two voices differ.
    const labelOf = (speech: PlacedSpeech) => cues.find((c) => c.startMs < speech.endMs && c.endMs > speech.startMs)!.speakers[0]
    const byVoice = { low: new Set<string>(), high: new Set<string>() }
    SENTENCES.forEach((s, i) => byVoice[s.who as 'low' | 'high'].add(labelOf(placed[i])))
    expect([...byVoice.low]).toHaveLength(1)
    expect([...byVoice.high]).toHaveLength(1)
    expect([...byVoice.low][0]).not.toBe([...byVoice.high][0])

    // The provider's own labels changed between requests; ours held because every request after
    // the first sent both voices as known speakers.
    const requests = stt.stats.log.map((r) => r.data as { speakers: string[]; known: string[] }).filter(Boolean)
    expect(requests.length).toBe(task.chunksTotal)
    expect(requests[0].known).toEqual([])
    expect(new Set(requests[0].speakers)).not.toEqual(new Set(['S1', 'S2']))
    for (const later of requests.slice(1)) expect([...later.known].sort()).toEqual(['S1', 'S2'])

    // Every line sent to DeepSeek carries its cue's speaker; identical lines of two people are
    // both sent, each translated for its speaker, never one answer reused for the other.
    const sent = deepseek.stats.log.flatMap((r) => (r.data as { lines: { id: number; text: string; speaker?: string }[] }).lines)
    expect(sent.length).toBeGreaterThan(0)
    for (const line of sent) expect(line.speaker).toBe(`Speaker ${rows[line.id - 1].speakers[0].slice(1)}`)
    const twins = rows.filter((a) => rows.some((b) => b.originalText === a.originalText && b.speakers[0] !== a.speakers[0]))
    expect(twins.length).toBeGreaterThan(0)
    const sentIds = new Set(sent.map((l) => l.id))
    for (const row of twins) {
      const sameSpeakerEarlier = rows.some((b) => b.index < row.index && b.originalText === row.originalText && b.speakers[0] === row.speakers[0])
      if (!sameSpeakerEarlier) expect(sentIds.has(row.index), `cue ${row.index} sent`).toBe(true)
      expect(row.translatedBy).toBe(sameSpeakerEarlier ? 'repeat' : 'deepseek')
    }

    // Exports: WebVTT voice spans, the ASS Name field, and "Name: " in SRT when asked; named once for the task.
    const vtt = await exported(taskId, made.auth, 'format=vtt&content=original')
    expect(vtt.match(/<v Speaker [12]>/g)).toHaveLength(rows.length)
    const name = (names: Record<string, string>, auth = made.auth) =>
      speakersRoute(buildRequest(`/api/tasks/${taskId}/speakers`, { method: 'PATCH', headers: auth, body: { names } }), ctx({ id: taskId })).then(readAnswer)
    const named = await name({ [[...byVoice.low][0]]: 'Ada', [[...byVoice.high][0]]: 'Bo' })
    expect(named.status, named.msg).toBe(200)
    expect(named.data.speakerNames).toEqual({ [[...byVoice.low][0]]: 'Ada', [[...byVoice.high][0]]: 'Bo' })
    const namedVtt = await exported(taskId, made.auth, 'format=vtt&content=original')
    expect(namedVtt.match(/<v Ada>/g)).toHaveLength(5)
    expect(namedVtt.match(/<v Bo>/g)).toHaveLength(4)
    expect(await exported(taskId, made.auth, 'format=ass&content=original')).toMatch(/^Dialogue: 0,[^,]+,[^,]+,Default,Bo,/m)
    const srt = await exported(taskId, made.auth, 'format=srt&content=bilingual&speakers=1')
    expect(srt).toMatch(/^Ada: .+\nAda: \[fr\] /m)
    expect(await exported(taskId, made.auth, 'format=srt&content=original')).not.toMatch(/Ada: /)

    // Naming is checked: a label no cue has, a name too long, another user's task.
    expect((await name({ S9: 'Cy' })).status).toBe(400)
    expect((await name({ S1: 'x'.repeat(41) })).status).toBe(400)
    expect((await name({ S1: 'Cy' }, (await makeUser()).auth)).status).toBe(404)
  })

  it('screens a diarized answer: a line invented over silence is left out with its speaker, kept out of the voice clips, and restored as that speaker\'s cue', async () => {
    const made = await makeUser()
    await grantPoints({ userId: made.user.id, amount: 100, key: `grant:${made.user.id}` })
    // Two voices, then 8 s of silence the provider fills with a stock phrase (one chunk, one request).
    const short = path.join(dir, 'invented.ogg')
    await makeRecording({ sentences: [{ text: TEXTS[0], atMs: 500, voice: LOW }, { text: TEXTS[1], atMs: 4000, voice: HIGH }], totalMs: 14_000, file: short })
    stt.setQuirks({ stockPhrases: true })
    const taskId = await transcribe(made.auth, short).finally(() => stt.setQuirks({}))

    const rows = await db.segment.findMany({ where: { taskId }, orderBy: { index: 'asc' } })
    expect(rows).toHaveLength(2)
    const [low, high] = rows.map((r) => r.speakers[0])
    expect(new Set([low, high]).size).toBe(2)

    // The invented line goes with the voice heard last (the high one), and stays out of the cues.
    const listed = await readAnswer(await leftOutRoute(buildRequest(`/api/tasks/${taskId}/left-out`, { method: 'GET', headers: made.auth }), ctx({ id: taskId })))
    expect(listed.status, listed.msg).toBe(200)
    expect(listed.data).toEqual([expect.objectContaining({ reason: 'stockPhrase', speaker: high })])
    const line = listed.data[0] as { id: string; text: string; startMs: number; endMs: number }
    expect(STT_STOCK_PHRASES.en).toContain(line.text)
    // A voice's reference clip is cut from its speech only, never from the silence under the invented line.
    const chunks = await db.transcriptChunk.findMany({ where: { taskId } })
    const clips = chunks.flatMap((c) => (c.speakers ?? []) as { label: string; clip: { startMs: number; endMs: number }[] }[])
    expect(clips.map((v) => v.label).sort()).toEqual([low, high].sort())
    for (const part of clips.flatMap((v) => v.clip)) expect(part.endMs <= line.startMs || part.startMs >= line.endMs, `${part.startMs}-${part.endMs}`).toBe(true)

    const restored = await readAnswer(await restoreRoute(buildRequest(`/api/tasks/${taskId}/left-out/${line.id}/restore`, { method: 'POST', headers: made.auth }), ctx({ id: taskId, lineId: line.id })))
    expect(restored.status, restored.msg).toBe(200)
    expect(restored.data).toMatchObject({ id: 3, originalText: line.text, speakers: [high] })
    expect((await db.segment.findFirstOrThrow({ where: { taskId, index: 3 } })).speakers).toEqual([high])
  })
})
