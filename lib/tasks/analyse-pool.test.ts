import { threadId } from 'node:worker_threads'
import { describe, expect, it } from 'vitest'
import { AppError } from '@/lib/errors'
import { analyseUpload, INLINE_MAX_BYTES } from './analyse-pool'
import { analyseSubtitle } from './upload'
import { buildSrt } from '@/test/route-harness'

const encode = (text: string) => new TextEncoder().encode(text)

describe('analyseUpload', () => {
  it('answers a large file from a worker thread exactly as the inline analysis does', async () => {
    const bytes = encode(buildSrt(6000))
    expect(bytes.byteLength).toBeGreaterThan(INLINE_MAX_BYTES)
    const [offThread, inline] = await Promise.all([analyseUpload(bytes), Promise.resolve(analyseSubtitle(bytes))])
    expect(offThread).toEqual(inline)
    expect(threadId).toBe(0)
  }, 30_000)

  it('reads a large WebVTT file in the worker as its format, keeping its source for export', async () => {
    const vtt = 'WEBVTT\n\n' + buildSrt(6000).replace(/(\d\d:\d\d:\d\d),(\d{3})/g, '$1.$2')
    const bytes = encode(vtt)
    expect(bytes.byteLength).toBeGreaterThan(INLINE_MAX_BYTES)
    const offThread = await analyseUpload(bytes, 'vtt')
    expect(offThread).toEqual(analyseSubtitle(bytes, 'vtt'))
    expect(offThread.cues).toHaveLength(6000)
    expect(offThread.source).toBe(vtt)
  }, 30_000)

  it('keeps the event loop free while a large file is analysed', async () => {
    const bytes = encode(buildSrt(20_000))
    const started = performance.now()
    const analysed = analyseUpload(bytes)
    // Inline, the whole analysis would run before the call returns; off the thread, only the hand-over.
    const heldMs = performance.now() - started
    const result = await analysed
    const totalMs = performance.now() - started
    expect(result.cues).toHaveLength(20_000)
    expect(heldMs, `the call held the loop ${Math.round(heldMs)} of ${Math.round(totalMs)} ms`).toBeLessThan(totalMs / 4)
  }, 30_000)

  it('answers a bad large file with the same localized error', async () => {
    const bytes = encode('not a subtitle line\n'.repeat(20_000))
    const error = await analyseUpload(bytes).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AppError)
    expect(error).toMatchObject({ code: 'bad_request', messageKey: 'srtInvalid' })
  }, 30_000)
})
