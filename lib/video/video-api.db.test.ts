import { describe, expect, it } from 'vitest'
import { db } from '@/lib/db'
import { GET as styleGet, POST as stylePost } from '@/app/api/user/video_style/route'
import { GET as wordsGet } from '@/app/api/tasks/[id]/words/route'
import { call, makeUser } from '@/test/route-harness'
import { presetStyle } from '@/components/video-export/look'

// Issue 29's server side: a creator's burn-in style is remembered (validated, per creator), and a
// transcription's timed words reach the word-highlight style. The bundled CJK fonts are static
// files (scripts/vendor-fonts.test.ts).

describe('remembered burn-in style', () => {
  it('is null at first, then the style last saved, for that creator only', async () => {
    const [a, b] = [await makeUser(), await makeUser()]
    expect((await call(styleGet, '/api/user/video_style', { method: 'GET', token: a.token })).data).toBeNull()
    const style = { ...presetStyle('box'), position: 'top' as const, main: { ...presetStyle('box').main, colour: '#ffcc00' } }
    const saved = await call(stylePost, '/api/user/video_style', { token: a.token, body: style })
    expect(saved.code).toBe(20000)
    expect((await call(styleGet, '/api/user/video_style', { method: 'GET', token: a.token })).data).toEqual(style)
    expect((await call(styleGet, '/api/user/video_style', { method: 'GET', token: b.token })).data).toBeNull()
  })

  it('refuses a style outside the schema with 400 and keeps the old one', async () => {
    const a = await makeUser()
    await call(stylePost, '/api/user/video_style', { token: a.token, body: presetStyle('outlined') })
    for (const bad of [{ ...presetStyle('outlined'), main: { ...presetStyle('outlined').main, size: 5 } }, { ...presetStyle('outlined'), position: 'left' }, 'x']) {
      const answer = await call(stylePost, '/api/user/video_style', { token: a.token, body: bad })
      expect(answer.status).toBe(400)
    }
    expect((await call(styleGet, '/api/user/video_style', { method: 'GET', token: a.token })).data).toEqual(presetStyle('outlined'))
  })

  it('needs a signed-in creator', async () => {
    expect((await call(styleGet, '/api/user/video_style', { method: 'GET' })).status).toBe(401)
  })
})

describe('timed words', () => {
  it('answers the chunks\' words in order for the owner, 404 for anyone else', async () => {
    const [owner, other] = [await makeUser(), await makeUser()]
    const task = await db.task.create({ data: { id: `${Date.now()}${Math.floor(Math.random() * 1000)}`, userId: owner.user.id, fileName: 'talk.mp4', originalLanguage: 'en', detectedLanguage: 'en', targetLanguage: 'ja', translationService: 'deepseek', cost: 0, kind: 'transcription', status: 'completed' } })
    await db.transcriptChunk.createMany({
      data: [
        { taskId: task.id, index: 1, startMs: 5000, endMs: 9000, words: [{ text: 'again.', startMs: 5100, endMs: 5600 }] },
        { taskId: task.id, index: 0, startMs: 0, endMs: 5000, words: [{ text: 'Hello', startMs: 200, endMs: 600 }, { text: 'there', startMs: 650, endMs: 1000 }] },
      ],
    })
    const answer = await call(wordsGet, `/api/tasks/${task.id}/words`, { method: 'GET', token: owner.token, params: { id: task.id } })
    expect(answer.data).toEqual([{ text: 'Hello', startMs: 200, endMs: 600 }, { text: 'there', startMs: 650, endMs: 1000 }, { text: 'again.', startMs: 5100, endMs: 5600 }])
    expect((await call(wordsGet, `/api/tasks/${task.id}/words`, { method: 'GET', token: other.token, params: { id: task.id } })).status).toBe(404)
  })
})
