import { afterAll, describe, expect, it } from 'vitest'
import { POST as batchRoute } from '@/app/api/tasks/batch/route'
import { POST as estimateRoute } from '@/app/api/tasks/estimate/route'
import { POST as createRoute } from '@/app/api/tasks/route'
import { db } from '@/lib/db'
import { runMaintenance } from '@/lib/jobs/maintenance'
import { stopBoss } from '@/lib/jobs/boss'
import { grantPoints } from '@/lib/points'
import { buildSrt, call, makeUser } from '@/test/route-harness'
import { STAGED_UPLOAD_TTL_MS } from './staged-upload'

// An estimate keeps the file it analysed; the create calls name it by `uploadId` instead of
// sending the bytes again (lib/tasks/staged-upload.ts).

afterAll(() => stopBoss({ timeoutMs: 1000 }))

async function userWithPoints() {
  const made = await makeUser()
  await grantPoints({ userId: made.user.id, amount: 10_000, key: `g:${made.user.id}` })
  return made
}

async function estimate(token: string, name: string, body: string) {
  const answer = await call(estimateRoute, '/api/tasks/estimate', { token, form: { files: [{ name, body }] } })
  expect(answer.code).toBe(20000)
  return answer.data as { uploadId: string; segments: number; cost: number }
}

const create = (token: string, fields: Record<string, string | string[]>) => call(createRoute, '/api/tasks', { token, form: { fields: { service: 'deepseek', ...fields } } })

describe('an estimated upload named by its uploadId', () => {
  it('creates the task from the kept file: its name, format, cues and cost', async () => {
    const { user, token } = await userWithPoints()
    const kept = await estimate(token, 'Episode 01.vtt', `WEBVTT\n\n00:00:01.000 --> 00:00:03.000\nHello there\n\n00:00:04.000 --> 00:00:06.000\nGeneral Kenobi\n`)
    expect(kept.uploadId).toMatch(/^[A-Za-z0-9_-]{24}$/)

    const answer = await create(token, { uploadId: kept.uploadId, targetLanguage: 'ja' })
    expect(answer.code).toBe(20000)
    expect(answer.data).toMatchObject({ fileName: 'Episode 01.vtt', format: 'vtt', cost: kept.cost, segmentCount: 2, status: 'translating' })
    const segments = await db.segment.findMany({ where: { taskId: answer.data.id }, orderBy: { index: 'asc' } })
    expect(segments.map((s) => s.originalText)).toEqual(['Hello there', 'General Kenobi'])
    // Still usable (another language, or again after buying points) until it expires.
    expect((await create(token, { uploadId: kept.uploadId, targetLanguage: 'de' })).code).toBe(20000)
    expect(await db.task.count({ where: { userId: user.id } })).toBe(2)
  })

  it("is another user's to no one: an unknown, malformed, foreign or day-old id is 40400 and creates nothing", async () => {
    const owner = await userWithPoints()
    const stranger = await userWithPoints()
    const kept = await estimate(owner.token, 'mine.srt', buildSrt(3))

    for (const uploadId of [kept.uploadId.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')), '../../etc/passwd', 'x'.repeat(64)]) {
      const answer = await create(owner.token, { uploadId, targetLanguage: 'ja' })
      expect([answer.status, answer.code, answer.msg]).toEqual([404, 40400, 'this upload has expired, please choose the file again'])
    }
    expect((await create(stranger.token, { uploadId: kept.uploadId, targetLanguage: 'ja' })).code).toBe(40400)
    const ja = await call(createRoute, '/api/tasks', { token: stranger.token, locale: 'ja-JP', form: { fields: { service: 'deepseek', uploadId: kept.uploadId, targetLanguage: 'en' } } })
    expect(ja.msg).toBe('アップロードの有効期限が切れました。もう一度ファイルを選んでください')

    await db.stagedUpload.update({ where: { id: kept.uploadId }, data: { createdAt: new Date(Date.now() - STAGED_UPLOAD_TTL_MS - 1000) } })
    expect((await create(owner.token, { uploadId: kept.uploadId, targetLanguage: 'ja' })).code).toBe(40400)
    expect(await db.task.count({ where: { userId: { in: [owner.user.id, stranger.user.id] } } })).toBe(0)
  })

  it('makes a batch from the kept files of several estimates, all or nothing', async () => {
    const { user, token } = await userWithPoints()
    const one = await estimate(token, 'one.srt', buildSrt(3, { text: (i) => `First ${i}` }))
    const two = await estimate(token, 'two.ass', buildAss(['Second line one', 'Second line two']))

    const answer = await call(batchRoute, '/api/tasks/batch', { token, form: { fields: { service: 'deepseek', uploadId: [one.uploadId, two.uploadId], targetLanguage: ['ja', 'de'] } } })
    expect(answer.code).toBe(20000)
    expect((answer.data.tasks as { fileName: string; targetLanguage: string; format: string }[]).map((t) => `${t.fileName} ${t.format} ${t.targetLanguage}`).sort()).toEqual([
      'one.srt srt de',
      'one.srt srt ja',
      'two.ass ass de',
      'two.ass ass ja',
    ])

    const stale = await call(batchRoute, '/api/tasks/batch', { token, form: { fields: { service: 'deepseek', uploadId: [one.uploadId, 'A'.repeat(24)], targetLanguage: ['ja'] } } })
    expect(stale.code).toBe(40400)
    expect(await db.task.count({ where: { userId: user.id } })).toBe(4)
  })

  it('keeps nothing from a file that fails its estimate, and maintenance removes uploads kept over a day', async () => {
    const { user, token } = await userWithPoints()
    const bad = await call(estimateRoute, '/api/tasks/estimate', { token, form: { files: [{ name: 'bad.srt', body: 'not subtitles at all' }] } })
    expect(bad.code).toBe(40000)
    expect(await db.stagedUpload.count({ where: { userId: user.id } })).toBe(0)

    const fresh = await estimate(token, 'fresh.srt', buildSrt(2))
    const old = await estimate(token, 'old.srt', buildSrt(2))
    await db.stagedUpload.update({ where: { id: old.uploadId }, data: { createdAt: new Date(Date.now() - STAGED_UPLOAD_TTL_MS - 60_000) } })
    const report = await runMaintenance()
    expect(report.uploads).toBeGreaterThanOrEqual(1)
    expect((await db.stagedUpload.findMany({ where: { userId: user.id } })).map((u) => u.id)).toEqual([fresh.uploadId])
  })
})

function buildAss(lines: string[]): string {
  const events = lines.map((text, i) => `Dialogue: 0,0:00:0${i * 3 + 1}.00,0:00:0${i * 3 + 3}.00,Default,,0,0,0,,${text}`)
  return [
    '[Script Info]',
    'ScriptType: v4.00+',
    '',
    '[V4+ Styles]',
    'Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding',
    'Style: Default,Arial,20,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,2,2,2,10,10,10,1',
    '',
    '[Events]',
    'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
    ...events,
    '',
  ].join('\n')
}
