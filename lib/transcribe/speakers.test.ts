import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { screenChunk } from './screen'
import { knownSpeakers, labelChunk, wavClip } from './speakers'

const dir = mkdtempSync(path.join(tmpdir(), 'speakers-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const answer = (speakers: string[]) => ({
  language: null,
  words: [],
  segments: speakers.map((speaker, i) => ({ startMs: i * 3000, endMs: i * 3000 + 2000 + i * 500, text: `Line ${i}.`, speaker })),
})

describe('labelChunk', () => {
  it('gives each new voice the next label with a clip of its longest segments, and keeps the labels sent', () => {
    const first = labelChunk(answer(['A', 'B', 'A']), { startMs: 60_000, endMs: 120_000 }, [])
    expect(first.answer.segments.map((s) => s.speaker)).toEqual(['S1', 'S2', 'S1'])
    expect(first.found).toEqual([
      { label: 'S1', clip: [{ startMs: 60_000, endMs: 62_000 }, { startMs: 66_000, endMs: 69_000 }] },
      { label: 'S2', clip: [{ startMs: 63_000, endMs: 65_500 }] },
    ])
    // The next chunk was sent S1 and S2: the provider answers them back, and a third voice is new.
    const next = labelChunk(answer(['S2', 'A', 'S1']), { startMs: 120_000, endMs: 180_000 }, first.found)
    expect(next.answer.segments.map((s) => s.speaker)).toEqual(['S2', 'S3', 'S1'])
    expect(next.found.map((f) => f.label)).toEqual(['S3'])
  })

  it('carries the labels onto the words on the timeline, and onto the lines left out', () => {
    const chunk = { startMs: 1000, endMs: 9000 }
    const { answer: labelled } = labelChunk(answer(['B', 'A']), chunk, [])
    // Speech under the first line only: the second, over silence with no free speech near, is left out.
    const screened = screenChunk(labelled, chunk, [{ startMs: 1000, endMs: 3000 }], 'en')
    expect(screened.words.map((w) => [w.text, w.speaker])).toEqual([
      ['Line', 'S1'],
      ['0.', 'S1'],
    ])
    expect(screened.words[0].startMs).toBe(1000)
    expect(screened.leftOut).toEqual([{ startMs: 4000, endMs: 6500, text: 'Line 1.', reason: 'noSpeech', speaker: 'S2' }])
  })
})

describe('reference clips', () => {
  // Ten seconds of decoded samples (16 kHz mono 16-bit), each sample its own index.
  const pcm = path.join(dir, 'audio.pcm')
  const samples = new Int16Array(160_000).map((_, i) => i % 30_000)
  writeFileSync(pcm, Buffer.from(samples.buffer))

  it('cuts a WAV of the parts, padded to 2 s', async () => {
    const wav = await wavClip(pcm, [{ startMs: 1000, endMs: 1500 }])
    expect(wav.subarray(0, 4).toString()).toBe('RIFF')
    expect(wav.readUInt32LE(24)).toBe(16_000)
    const length = (wav.length - 44) / 2
    expect(length).toBeGreaterThanOrEqual(32_000)
    expect(wav.readInt16LE(44)).toBe(16_000)
    expect(wav.readInt16LE(44 + 2 * 7999)).toBe(23_999)
    expect(wav.readInt16LE(44 + 2 * 8000)).toBe(0)
  })

  it('sends the voices heard last first, at most as many as the provider takes', async () => {
    const voices = ['S1', 'S2', 'S3'].map((label, i) => ({ label, clip: [{ startMs: i * 1000, endMs: i * 1000 + 2500 }] }))
    const sent = await knownSpeakers(pcm, voices, ['S1', 'S2', 'S3', 'S1'], 2)
    expect(sent.map((s) => s.name)).toEqual(['S1', 'S3'])
    expect(sent[0].clip.length).toBe(44 + 2 * 40_000)
  })
})
