import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseSrt } from '@/lib/subtitles'
import { parseVtt, writeVtt } from '@/lib/subtitles/vtt'
import { parseSubtitleOrThrow } from '@/lib/subtitles/format'

const read = (name: string) => readFileSync(path.join(__dirname, 'fixtures', name), 'utf8')

describe('a feature-length film as WebVTT and as SRT', () => {
  it('gives the same cues and timings (VTT sets its <i> spans aside, SRT keeps them in the text), and VTT its voices', () => {
    const fromSrt = parseSrt(read('film.srt')).map((cue) => ({ ...cue, text: cue.text.replace(/<\/?i>/g, '') }))
    const fromVtt = parseSubtitleOrThrow(read('film.vtt'), 'vtt')
    expect(fromSrt.length).toBeGreaterThan(1000)
    expect(fromVtt.map(({ speakers: _speakers, ...cue }) => cue)).toEqual(fromSrt)
    expect(fromVtt[0].speakers).toEqual(['Captain Oda'])
  })

  it('keeps its header, STYLE, REGION and NOTE blocks and every cue setting on export', () => {
    const source = read('film.vtt')
    const doc = parseVtt(source)
    const out = writeVtt(doc, doc.cues.map((c) => c.text.toUpperCase()))
    for (const block of doc.blocks) if (block.kind === 'block') expect(out).toContain(block.raw)
    const again = parseVtt(out)
    expect(again.cues.map((c) => [c.ident, c.settings, c.startMs, c.endMs])).toEqual(doc.cues.map((c) => [c.ident, c.settings, c.startMs, c.endMs]))
  })
})
