// Decoding is bounded by what is paid: a part that is not the last ends where the next one starts,
// whatever its file holds. A 5-hour, 6 kbit/s Opus file sent as a first part placed to last one
// second is decoded for that second, not for five hours: its ffmpeg's CPU time, read from this
// process's reaped children (/proc/self/stat), stays far below what decoding it all takes.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { POST as transcribeRoute } from '@/app/api/tasks/transcribe/route'
import { db } from '@/lib/db'
import { ffmpegPath } from '@/lib/media/binaries'
import { grantPoints } from '@/lib/points'
import { buildRequest, ctx, makeUser, readAnswer } from '@/test/route-harness'
import { sendPart } from '@/test/send-part'
import { makeRecording } from '@/test/speech-audio'
import { speechUploadSetup } from '@/test/task-setup'
import { runTask } from '../pipeline'

const { dir, server } = await speechUploadSetup('bounds')
const PIPELINE = { retry: { attempts: 3, delayMs: 5 }, resumeDelayMs: 20, fit: false, transcription: { retry: { attempts: 3, delayMs: 5 } } }
const HOURS_5 = 5 * 3600

/** CPU seconds (user and system) of this process's children that have ended. */
function childCpuSeconds(): number {
  // Fields after the command's closing parenthesis: cutime and cstime are the 14th and 15th.
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ')
  const ticks = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim())
  return (Number(fields[13]) + Number(fields[14])) / ticks
}

let longPart: string
let shortPart: string

beforeAll(async () => {
  // A minute of faint noise at 6 kbit/s, its packets copied 300 times over: five hours in a second or two.
  const minute = path.join(dir, 'minute.ogg')
  longPart = path.join(dir, 'five-hours.ogg')
  const ffmpeg = await ffmpegPath()
  execFileSync(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'anoisesrc=r=16000:a=0.002:d=60', '-ac', '1', '-c:a', 'libopus', '-b:a', '6k', '-compression_level', '0', '-frame_duration', '120', minute])
  execFileSync(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', '-stream_loop', String(HOURS_5 / 60 - 1), '-i', minute, '-c', 'copy', longPart])
  shortPart = path.join(dir, 'short.ogg')
  await makeRecording({ sentences: [{ text: 'The second part speaks here.', atMs: 2000 }], totalMs: 10_000, file: shortPart, opusRate: 16_000 })
}, 120_000)

describe('a part longer than its place on the timeline', () => {
  it('is decoded up to where the next part starts: a 5-hour part priced as 1 s costs under 5 CPU-seconds', async () => {
    const made = await makeUser()
    await grantPoints({ userId: made.user.id, amount: 100, key: `grant:${made.user.id}` })
    const first = sendPart(server.url, longPart, { token: made.token, index: 0, startMs: 0 })
    const second = sendPart(server.url, shortPart, { token: made.token, index: 1, startMs: 1000 })
    const parts = [await first.id, await second.id]
    await Promise.all([first.done, second.done])

    const form = new FormData()
    for (const [name, value] of Object.entries({ parts: parts.join(','), durationMs: '11000', sourceLanguage: 'en' })) form.append(name, value)
    const created = await readAnswer(await transcribeRoute(buildRequest('/api/tasks/transcribe', { headers: made.auth, raw: form }), ctx()))
    expect(created.status, created.msg).toBe(200)
    expect(created.data).toMatchObject({ cost: 10 })

    const before = childCpuSeconds()
    expect(await runTask({ taskId: created.data.id, ...PIPELINE })).toBe('completed')
    const spent = childCpuSeconds() - before
    expect(spent).toBeLessThan(5)

    // One second of the first part and the ten of the second: still one minute.
    const task = await db.task.findUniqueOrThrow({ where: { id: created.data.id } })
    expect(task.cost).toBe(10)
    expect(Math.abs(task.audioDurationMs! - 11_000)).toBeLessThan(200)
    const segments = await db.segment.findMany({ where: { taskId: task.id } })
    expect(segments).toHaveLength(1)
  }, 180_000)
})
