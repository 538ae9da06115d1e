import { afterAll, describe, expect, it } from 'vitest'
import { startDeepSeekFake } from '@/fakes/deepseek'
import { startMyMemoryFake } from '@/fakes/mymemory'
import { startOssFake } from '@/fakes/oss'
import { db } from '@/lib/db'
import { getBalance } from '@/lib/points'
import { createOssStorage } from '@/lib/storage'
import { runTask } from '@/lib/tasks'
import { taskOfNewUser } from '@/test/task-setup'

// The finished file goes to Aliyun OSS through ali-oss when OSS is configured: proven against the
// OSS fake, which checks ali-oss's real signatures and Content-MD5.
const KEY = 'sk-oss-pipeline'
const deepseek = await startDeepSeekFake({ apiKey: KEY })
// The fallback service (MyMemory without a Google key) is a local fake too: no test reaches the internet.
const mymemory = await startMyMemoryFake()
Object.assign(process.env, { DEEPSEEK_API_KEY: KEY, DEEPSEEK_BASE_URL: deepseek.url, MYMEMORY_BASE_URL: mymemory.url })
const oss = await startOssFake({ accessKeyId: 'LTAI-test', accessKeySecret: 'oss-secret', bucket: 'subtitles' })
const storage = createOssStorage({ region: 'oss-cn-hangzhou', bucket: 'subtitles', endpoint: oss.url, accessKeyId: 'LTAI-test', accessKeySecret: 'oss-secret' })
const PIPELINE = { retry: { attempts: 3, delayMs: 5 }, resumeDelayMs: 20, storage, fit: false }

afterAll(async () => {
  await oss.close()
  await deepseek.close()
  await mymemory.close()
})

const pendingTask = (fileName: string) => taskOfNewUser({ fileName, cues: 6 })

describe('translated files on OSS', () => {
  it('stores the SRT under translated-files/{taskId}_{fileName}', async () => {
    const { taskId } = await pendingTask('clip.srt')
    expect(await runTask({ taskId, ...PIPELINE })).toBe('completed')
    const task = await db.task.findUniqueOrThrow({ where: { id: taskId } })
    expect(task.storageKey).toBe(`translated-files/${taskId}_clip.srt`)
    expect(task.uploadError).toBeNull()
    const stored = [...oss.objects.entries()].find(([key]) => key.endsWith(`translated-files/${taskId}_clip.srt`))
    // Lines are broken for Japanese in the stored file (lib/subtitles/reflow.ts).
    expect(stored?.[1].toString('utf8')).toContain('[ja] Line number 1,\na sentence to translate.')
  })

  it('records an OSS failure as uploadError and still completes and charges the task', async () => {
    const { user, taskId } = await pendingTask('broken.srt')
    oss.failNextPuts(1, 'error')
    expect(await runTask({ taskId, ...PIPELINE })).toBe('completed')
    const task = await db.task.findUniqueOrThrow({ where: { id: taskId } })
    expect(task.status).toBe('completed')
    expect(task.storageKey).toBeNull()
    expect(task.uploadError).toBeTruthy()
    expect(task.pointsError).toBeNull()
    expect(await getBalance({ userId: user.id })).toBe(90)
  })
})
