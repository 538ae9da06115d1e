import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { formatMs } from '@/lib/subtitles/time'
import { parseAss } from '@/lib/subtitles/ass'
import { parseSubtitle } from '@/lib/subtitles/format'
import { writeSubtitle } from '@/lib/subtitles/write'

const ANIME = readFileSync(path.join(__dirname, 'fixtures/anime.ass'), 'utf8')
const VTT = 'WEBVTT\n\nintro\n00:01.500 --> 00:04.200 align:start\n<v Mina>Hello</v>\n\n00:05.000 --> 00:06.000\nBye\n'

const segmentsOf = (text: string, format: 'vtt' | 'ass', shiftMs = 0) =>
  parseSubtitle(text, format).map((cue) => ({
    id: cue.id,
    startTime: formatMs(cue.startMs + (cue.id === 1 ? shiftMs : 0)),
    endTime: formatMs(cue.endMs + (cue.id === 1 ? shiftMs : 0)),
    originalText: cue.text,
    translatedText: `T${cue.id}`,
  }))

describe('writeSubtitle', () => {
  it('moves only the Start and End fields of a shifted ASS event', () => {
    const out = writeSubtitle({ sourceFormat: 'ass', source: ANIME, segments: segmentsOf(ANIME, 'ass', 1000), format: 'ass', content: 'original' })
    expect(out).toBe(ANIME.replace('Dialogue: 0,0:00:01.50,0:00:04.20,', 'Dialogue: 0,0:00:02.50,0:00:05.20,'))
    expect(parseAss(out).cues[0]).toMatchObject({ startMs: 2500, endMs: 5200 })
  })

  it('rewrites the timing line of a shifted VTT cue, keeping its settings', () => {
    const out = writeSubtitle({ sourceFormat: 'vtt', source: VTT, segments: segmentsOf(VTT, 'vtt', -500), format: 'vtt', content: 'bilingual' })
    expect(out).toBe('WEBVTT\n\nintro\n00:00:01.000 --> 00:00:03.700 align:start\n<v Mina>Hello\nT1</v>\n\n00:05.000 --> 00:06.000\nBye\nT2\n')
  })

  it('writes a new ASS script for a VTT task, bilingual as original above translation', () => {
    const out = writeSubtitle({ sourceFormat: 'vtt', source: VTT, segments: segmentsOf(VTT, 'vtt'), format: 'ass', content: 'bilingual' })
    expect(out).toContain('[V4+ Styles]')
    expect(parseAss(out).cues.map((c) => [c.startMs, c.endMs, c.text])).toEqual([
      [1500, 4200, 'Hello\nT1'],
      [5000, 6000, 'Bye\nT2'],
    ])
  })

  // Issue 29: bilingual ASS put the translation on top while SRT and VTT put it below.
  it('puts the translation below the original in every format and both ways of writing', () => {
    const lines = (text: string) => text.split('\n').filter((line) => line === 'Hello' || line === 'T1')
    const srt = writeSubtitle({ sourceFormat: 'vtt', source: VTT, segments: segmentsOf(VTT, 'vtt'), format: 'srt', content: 'bilingual' })
    const vtt = writeSubtitle({ sourceFormat: 'vtt', source: VTT, segments: segmentsOf(VTT, 'vtt'), format: 'vtt', content: 'bilingual' })
    const freshAss = writeSubtitle({ sourceFormat: 'vtt', source: VTT, segments: segmentsOf(VTT, 'vtt'), format: 'ass', content: 'bilingual' })
    const ownAss = writeSubtitle({ sourceFormat: 'ass', source: ANIME, segments: segmentsOf(ANIME, 'ass'), format: 'ass', content: 'bilingual' })
    expect(lines(srt)).toEqual(['Hello', 'T1'])
    expect(lines(vtt.replace('<v Mina>', '').replace('</v>', ''))).toEqual(['Hello', 'T1'])
    expect(lines(parseAss(freshAss).cues[0].text)).toEqual(['Hello', 'T1'])
    const first = parseAss(ownAss).cues[0]
    expect(first.text.split('\n')).toEqual([parseAss(ANIME).cues[0].text, 'T1'])
  })
})
