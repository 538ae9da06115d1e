// The original sound of a subtitle file's task: the editor sends the audio track of the creator's
// video (copied out of it, not re-encoded) and the dub is mixed over it. Through HTTP: a sound of
// the task's length is kept and offered by the estimate; a text file, a whole video, a sound far
// longer than the task and a missing file are each refused with their message; a second upload
// replaces the first (whose file goes, as no dub used it); the dub's mix is the sound under the
// voices, as long as it; a file a dub was mixed over stays when another replaces it.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTtsFake } from '@/fakes/tts'
import { db } from '@/lib/db'
import { grantPoints } from '@/lib/points'
import { appStorage } from '@/lib/storage/app-storage'
import { serveRoutes } from '@/test/route-server'
import { buildSrt, makeUser, waitFor } from '@/test/route-harness'
import { deepSeekSetup, startTestWorkers } from '@/test/task-setup'

const tts = await startTtsFake({ apiKey: 'sk-tts-dub-original' })
afterAll(() => tts.close())
await deepSeekSetup('dub-original', { stopsBoss: true, env: { TTS_API_KEY: 'sk-tts-dub-original', TTS_BASE_URL: `${tts.url}/v1` } })
await startTestWorkers()
const server = await serveRoutes()
afterAll(() => server.close())

const dir = mkdtempSync(path.join(tmpdir(), 'dub-original-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const ffmpeg = (args: string[]) => execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args])
const files = { m4a: path.join(dir, 'sound.m4a'), ogg: path.join(dir, 'sound.ogg'), long: path.join(dir, 'long.m4a'), video: path.join(dir, 'video.mp4'), text: path.join(dir, 'notes.m4a') }
beforeAll(() => {
  // The task below runs to 17.4 s; its video's sound to 20 s.
  ffmpeg(['-f', 'lavfi', '-i', 'sine=frequency=330:sample_rate=48000:duration=20', '-c:a', 'aac', '-b:a', '64k', files.m4a])
  ffmpeg(['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000:duration=19', '-c:a', 'libopus', '-b:a', '32k', files.ogg])
  ffmpeg(['-f', 'lavfi', '-i', 'sine=frequency=330:sample_rate=48000:duration=80', '-c:a', 'aac', '-b:a', '32k', files.long])
  ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=160x90:rate=10:duration=5', '-f', 'lavfi', '-i', 'sine=duration=5', '-c:v', 'libx264', '-c:a', 'aac', '-shortest', files.video])
  execFileSync('sh', ['-c', `printf 'not a sound at all' > '${files.text}'`])
}, 60_000)

type Answer = { status: number; code: number; msg: string; data: any } // eslint-disable-line @typescript-eslint/no-explicit-any
async function api(pathname: string, { method = 'GET', auth, json, file }: { method?: string; auth: string; json?: unknown; file?: string }): Promise<Answer> {
  const headers: Record<string, string> = { 'x-locale': 'en-US', authorization: `Bearer ${auth}` }
  let body: BodyInit | undefined
  if (json !== undefined) {
    headers['content-type'] = 'application/json'
    body = JSON.stringify(json)
  } else if (file !== undefined) {
    const form = new FormData()
    form.append('file', new Blob([readFileSync(file)]), path.basename(file))
    body = form
  } else if (method === 'POST') body = new FormData()
  const res = await fetch(server.url + pathname, { method, headers, body })
  const envelope = (await res.json().catch(() => ({}))) as { code?: number; msg?: string; data?: unknown }
  return { status: res.status, code: envelope.code ?? 0, msg: envelope.msg ?? '', data: envelope.data }
}

async function translatedTask() {
  const owner = await makeUser()
  await grantPoints({ userId: owner.user.id, amount: 200, key: `g:${owner.user.id}` })
  const form = new FormData()
  form.append('file', new Blob([buildSrt(6, { cueMs: 2500, gapMs: 400, text: (i) => `Line ${i} is spoken.` })]), 'talk.srt')
  form.append('targetLanguage', 'ja')
  form.append('service', 'deepseek')
  const res = await fetch(`${server.url}/api/tasks`, { method: 'POST', headers: { authorization: `Bearer ${owner.token}` }, body: form })
  const taskId = ((await res.json()) as { data: { id: string } }).data.id
  await waitFor(async () => (await api(`/api/tasks/${taskId}?segments=0`, { auth: owner.token })).data.status === 'completed', { what: 'the translation to complete' })
  return { ...owner, taskId }
}

const stored = async (key: string) => (await appStorage().size(key)) !== null

describe('the original sound of a subtitle file\'s task', () => {
  it('keeps the video\'s own audio track, offers it to the dub, and refuses what is not it', async () => {
    const { token, taskId } = await translatedTask()
    expect((await api(`/api/tasks/${taskId}/dubs/estimate`, { auth: token })).data).toMatchObject({ hasOriginal: false, original: null })

    const refused = {
      text: await api(`/api/tasks/${taskId}/dubs/original`, { method: 'POST', auth: token, file: files.text }),
      video: await api(`/api/tasks/${taskId}/dubs/original`, { method: 'POST', auth: token, file: files.video }),
      long: await api(`/api/tasks/${taskId}/dubs/original`, { method: 'POST', auth: token, file: files.long }),
      none: await api(`/api/tasks/${taskId}/dubs/original`, { method: 'POST', auth: token }),
    }
    const notAudio = 'this file holds no sound we can read, or holds pictures too: send the video\'s audio track alone'
    expect(refused.text).toMatchObject({ status: 400, code: 40000, msg: notAudio })
    expect(refused.video).toMatchObject({ status: 400, code: 40000, msg: notAudio })
    expect(refused.long).toMatchObject({ status: 400, code: 40000, msg: 'this sound is longer than the task (about 1 minute) by more than a minute: is it the right video?' })
    expect(refused.none).toMatchObject({ status: 400, code: 40000, msg: 'please send the original sound as the form\'s file' })
    const stranger = await makeUser()
    expect(await api(`/api/tasks/${taskId}/dubs/original`, { method: 'POST', auth: stranger.token, file: files.m4a })).toMatchObject({ status: 404, code: 40400 })
    expect(await db.dubOriginal.count({ where: { taskId } })).toBe(0)

    // Opus in Ogg first, then AAC in M4A: the second replaces the first, whose file goes.
    const first = await api(`/api/tasks/${taskId}/dubs/original`, { method: 'POST', auth: token, file: files.ogg })
    expect(first.status, first.msg).toBe(200)
    expect(first.data).toMatchObject({ source: 'upload', codec: 'opus', format: 'ogg' })
    const firstKey = (await db.dubOriginal.findUniqueOrThrow({ where: { taskId } })).storageKey
    expect(firstKey).toMatch(new RegExp(`^dubs/originals/${taskId}-[0-9a-f]{12}\\.ogg$`))
    const second = await api(`/api/tasks/${taskId}/dubs/original`, { method: 'POST', auth: token, file: files.m4a })
    expect(second.data).toMatchObject({ source: 'upload', codec: 'aac', bytes: readFileSync(files.m4a).length })
    expect(Math.abs(second.data.durationMs - 20_000)).toBeLessThan(100)
    expect(await stored(firstKey)).toBe(false)
    const secondKey = (await db.dubOriginal.findUniqueOrThrow({ where: { taskId } })).storageKey

    const estimate = await api(`/api/tasks/${taskId}/dubs/estimate`, { auth: token })
    expect(estimate.data).toMatchObject({ hasOriginal: true, original: { source: 'upload', codec: 'aac' } })

    // The dub is mixed over it: the mix runs as long as the sound.
    const started = await api(`/api/tasks/${taskId}/dubs`, { method: 'POST', auth: token, json: { withOriginal: true } })
    expect(started.data).toMatchObject({ withOriginal: true })
    const dub = await waitFor(async () => {
      const state = await api(`/api/tasks/${taskId}/dubs/${started.data.id}`, { auth: token })
      return ['completed', 'failed'].includes(state.data.status) ? state.data : null
    }, { timeoutMs: 60_000, what: 'the dub to finish' })
    expect(dub).toMatchObject({ status: 'completed', withOriginal: true })
    const mix = await fetch(`${server.url}/api/tasks/${taskId}/dubs/${dub.id}/audio?kind=mix`, { headers: { authorization: `Bearer ${token}` } })
    expect(mix.status).toBe(200)
    const mixFile = path.join(dir, 'mix.m4a')
    execFileSync('sh', ['-c', `cat > '${mixFile}'`], { input: Buffer.from(await mix.arrayBuffer()) })
    const seconds = Number(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', mixFile]).toString())
    expect(Math.abs(seconds - 20)).toBeLessThan(0.2)
    expect((await db.dub.findUniqueOrThrow({ where: { id: dub.id } })).originalKey).toBe(secondKey)

    // Replaced again: the file the dub was mixed over stays (a re-spoken line mixes over it again).
    expect((await api(`/api/tasks/${taskId}/dubs/original`, { method: 'POST', auth: token, file: files.ogg })).status).toBe(200)
    expect(await stored(secondKey)).toBe(true)
  }, 120_000)
})
