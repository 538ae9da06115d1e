import net from 'node:net'
import { expect, request, test } from '@playwright/test'
import { E2E } from './env'
import { newCreator } from './helpers'

// Body limits on the production server (issue 24.5): what only real HTTP through Next.js shows.
// Next.js reads the whole body of any request its proxy sees before the route runs (and cuts it at
// 10 MB), so these prove the API answers without that: a refusal arrives while the client is still
// sending, and a batch larger than 10 MB is read whole.

type Early = { status: number; body: string }

/**
 * Sends the headers of a POST declaring `declaredBytes` and only the first 64 KB of its body, then
 * stalls. Answers what the server says while the rest is still unsent; fails after 10 s of silence.
 */
function stalledUpload(path: string, headers: Record<string, string>, declaredBytes: number): Promise<Early> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(E2E.port, '127.0.0.1')
    let received = ''
    const timer = setTimeout(() => {
      socket.destroy()
      reject(new Error('no answer while the body was unsent: the server waited for the whole body'))
    }, 10_000)
    socket.on('connect', () => {
      const head = Object.entries({
        host: E2E.cnHost,
        'content-type': 'multipart/form-data; boundary=----stalled',
        'content-length': String(declaredBytes),
        'x-locale': 'en-US',
        ...headers,
      })
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('')
      socket.write(`POST ${path} HTTP/1.1\r\n${head}\r\n`)
      socket.write(`------stalled\r\nContent-Disposition: form-data; name="file"; filename="big.srt"\r\n\r\n${'x'.repeat(64 * 1024)}`)
    })
    socket.on('data', (chunk) => {
      received += chunk.toString('utf8')
      const end = received.indexOf('\r\n\r\n')
      if (end < 0) return
      const head = received.slice(0, end)
      const status = Number(received.slice(9, 12))
      let body = received.slice(end + 4)
      if (/transfer-encoding: chunked/i.test(head)) {
        if (!body.endsWith('0\r\n\r\n')) return
        body = dechunk(body)
      } else {
        const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0)
        if (Buffer.byteLength(body) < length) return
      }
      clearTimeout(timer)
      socket.destroy()
      resolve({ status, body })
    })
    socket.on('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
  })
}

/** The body of a chunked answer (`size\r\ndata\r\n`… `0\r\n\r\n`). */
function dechunk(raw: string): string {
  const bytes = Buffer.from(raw)
  const parts: Buffer[] = []
  let at = 0
  for (;;) {
    const lineEnd = bytes.indexOf('\r\n', at)
    const size = parseInt(bytes.subarray(at, lineEnd).toString(), 16)
    if (!size) return Buffer.concat(parts).toString('utf8')
    parts.push(bytes.subarray(lineEnd + 2, lineEnd + 2 + size))
    at = lineEnd + 2 + size + 2
  }
}

/** A subtitle file of about `bytes`, in cues of 1,900 characters (few cues, quick to parse). */
function bigSrt(bytes: number): string {
  const blocks: string[] = []
  let size = 0
  for (let i = 1; size < bytes - 2_100; i++) {
    const block = `${i}\n00:${String(Math.floor(i / 60) % 60).padStart(2, '0')}:${String(i % 60).padStart(2, '0')},000 --> 00:${String(Math.floor(i / 60) % 60).padStart(2, '0')}:${String(i % 60).padStart(2, '0')},900\n${'We have to leave before the sun goes down. '.repeat(44).slice(0, 1_900)}\n\n`
    size += block.length
    blocks.push(block)
  }
  return blocks.join('')
}

test.describe('body limits over real HTTP', () => {
  test('an unauthenticated 9 MB upload is answered 401 while its body is still unsent', async () => {
    for (const path of ['/api/tasks/batch', '/api/tasks/estimate', '/api/upload']) {
      const answer = await stalledUpload(path, {}, 9 * 1024 * 1024)
      expect({ path, status: answer.status, code: JSON.parse(answer.body).code }).toEqual({ path, status: 401, code: 40100 })
    }
  })

  test('a signed-in upload declaring more than its route takes is answered 413 before its body', async () => {
    const creator = await newCreator(0)
    const api = await request.newContext({ baseURL: E2E.apiUrl, extraHTTPHeaders: { host: E2E.cnHost } })
    const token = (await (await api.post('/api/email/auth', { data: { email: creator.email, pass: creator.password } })).json()).data.token as string
    await api.dispose()
    const estimate = await stalledUpload('/api/tasks/estimate', { authorization: `Bearer ${token}` }, 9 * 1024 * 1024)
    expect([estimate.status, JSON.parse(estimate.body)]).toEqual([413, { code: 41300, msg: 'file too large (5 MB at most)', data: null }])
    const batch = await stalledUpload('/api/tasks/batch', { authorization: `Bearer ${token}` }, 200 * 1024 * 1024)
    expect([batch.status, JSON.parse(batch.body).code]).toEqual([413, 41300])
  })

  test('a batch of three 4 MB files is read whole and priced', async () => {
    const creator = await newCreator(0)
    const api = await request.newContext({ baseURL: E2E.apiUrl, extraHTTPHeaders: { host: E2E.cnHost, 'x-locale': 'en-US' } })
    try {
      const token = (await (await api.post('/api/email/auth', { data: { email: creator.email, pass: creator.password } })).json()).data.token as string
      const file = bigSrt(4 * 1024 * 1024)
      expect(file.length).toBeGreaterThan(4_100_000)
      const form = new FormData()
      for (const name of ['a.srt', 'b.srt', 'c.srt']) form.append('file', new File([file], name))
      form.append('targetLanguage', 'ja')
      form.append('service', 'deepseek')
      const three = await api.post('/api/tasks/batch', { headers: { authorization: `Bearer ${token}` }, multipart: form, timeout: 60_000 })
      // Every file was read and analysed; the creator has no points for them (nothing is created).
      expect([three.status(), await three.json()]).toEqual([402, { code: 40200, msg: 'Insufficient points', data: null }])
    } finally {
      await api.dispose()
    }
  })
})
