// Checking a recording has a time limit (issue 27 item 2): 30 hours of FLAC silence in Matroska,
// with no duration in its header, is stopped by MEDIA_CHECK_TIMEOUT_MS (set low here, so even the
// decoding that stops at 3 hours runs past it) with a clear message, and no decoder is left behind.
import { mkdirSync, mkdtempSync, openAsBlob, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { NextRequest } from 'next/server'
import { afterAll, expect, it } from 'vitest'
import { POST as estimateRoute } from '@/app/api/tasks/transcribe/estimate/route'
import { BASE, ctx, makeUser, readAnswer } from '@/test/route-harness'
import { makeSilentFlacMatroska, mediaProcessesWith } from '@/test/altered-recordings'

const dir = mkdtempSync(path.join(tmpdir(), 'ss-recording-timeout-'))
const uploads = path.join(dir, 'uploads')
mkdirSync(uploads)
Object.assign(process.env, { STT_API_KEY: 'sk-never-called', STORAGE_DIR: path.join(dir, 'storage'), TMPDIR: uploads, MEDIA_CHECK_TIMEOUT_MS: '300' })

afterAll(() => rmSync(dir, { recursive: true, force: true }))

it('stops checking 30 hours of FLAC silence at the time limit, with a message in the caller\'s language', async () => {
  const flac = path.join(dir, 'silence.mka')
  await makeSilentFlacMatroska(flac, { hours: 30 })
  const { auth } = await makeUser()
  for (const [locale, msg] of [
    ['en-US', 'reading this recording took too long (more than 1 second); please convert it to MP3 or Opus and try again'],
    ['ja-JP', 'この録音の読み取りに時間がかかりすぎました（1 秒以上）。MP3 または Opus に変換してからもう一度お試しください'],
  ]) {
    const form = new FormData()
    form.append('file', await openAsBlob(flac), 'silence.mka')
    const req = new NextRequest(`${BASE}/api/tasks/transcribe/estimate`, { method: 'POST', headers: { ...auth, host: new URL(BASE).host, 'x-locale': locale }, body: form })
    expect(await readAnswer(await estimateRoute(req, ctx()))).toMatchObject({ status: 400, code: 40000, msg })
  }
  expect(mediaProcessesWith(uploads)).toEqual([])
}, 120_000)
