import { describe, expect, it } from 'vitest'
import { parseSrt, toSrt } from '@/lib/subtitles'
import { parseVtt, splitVttText, writeVtt } from '@/lib/subtitles/vtt'
import { parseSubtitleOrThrow, formatFromFileName } from '@/lib/subtitles/format'

const SAMPLE = `WEBVTT - Harbour Lights

STYLE
::cue(.yellow) { color: yellow; }

REGION
id:top width:40% lines:3 regionanchor:0%,100% viewportanchor:10%,90%

NOTE translated by kai
second line of the note

intro
00:01.500 --> 00:04.200 position:10% align:start line:0
<v Mina>Where did the ferry go?</v>

00:00:04.300 --> 00:00:07.050
<i>It left without us,</i>
and the tide is <b>turning</b> &amp; rising.

3
00:07.100 --> 00:09.000 region:top
<c.yellow>HARBOUR MASTER</c>
`

describe('parseVtt', () => {
  it('reads ids, settings, short timestamps and keeps blocks', () => {
    const doc = parseVtt(SAMPLE)
    expect(doc.cues.map((c) => c.text)).toEqual(['Where did the ferry go?', 'It left without us,\nand the tide is turning & rising.', 'HARBOUR MASTER'])
    expect(doc.cues[0]).toMatchObject({ ident: 'intro', settings: 'position:10% align:start line:0', startMs: 1500, endMs: 4200, lead: '<v Mina>', trail: '</v>' })
    expect(doc.cues[2]).toMatchObject({ ident: '3', settings: 'region:top', lead: '<c.yellow>', trail: '</c>' })
    expect(doc.blocks.filter((b) => b.kind === 'block')).toHaveLength(4)
  })

  it('writes back ids, settings, blocks and speakers around the new text', () => {
    const doc = parseVtt(SAMPLE)
    const out = writeVtt(doc, ['Où est le ferry ?', undefined, 'Capitainerie <port>'])
    expect(out).toContain('WEBVTT - Harbour Lights\n\nSTYLE\n::cue(.yellow) { color: yellow; }')
    expect(out).toContain('NOTE translated by kai\nsecond line of the note')
    expect(out).toContain('intro\n00:01.500 --> 00:04.200 position:10% align:start line:0\n<v Mina>Où est le ferry ?</v>')
    expect(out).toContain('3\n00:07.100 --> 00:09.000 region:top\n<c.yellow>Capitainerie &lt;port&gt;</c>')
    // A cue without a new text is written as uploaded, inline tags and entities included.
    expect(out).toContain('00:00:04.300 --> 00:00:07.050\n<i>It left without us,</i>\nand the tide is <b>turning</b> &amp; rising.')
    expect(writeVtt(doc, [])).toBe(SAMPLE)
    expect(parseVtt(out).cues.map((c) => c.startMs)).toEqual(doc.cues.map((c) => c.startMs))
  })

  it('a feature-length VTT and the same film as SRT give identical cues and timings', () => {
    const segments = Array.from({ length: 1800 }, (_, i) => {
      const start = 2000 + i * 3600
      return { id: i + 1, startTime: ms(start), endTime: ms(start + 2800), originalText: i % 7 === 0 ? `Line ${i}\nsecond part, ${i}` : `Line number ${i}.` }
    })
    const srt = toSrt(segments, { content: 'original' })
    // A VTT as players write it: header, short timestamps under an hour, ids on some cues.
    const vtt =
      'WEBVTT\n\nNOTE exported\n\n' +
      segments
        .map((s, i) => {
          const start = 2000 + i * 3600
          const stamp = (t: number) => (t < 3_600_000 ? ms(t).slice(3) : ms(t)).replace(',', '.')
          return `${i % 2 ? '' : `c${i}\n`}${stamp(start)} --> ${stamp(start + 2800)} align:center\n${s.originalText}`
        })
        .join('\n\n') + '\n'
    const fromSrt = parseSrt(srt)
    const fromVtt = parseSubtitleOrThrow(vtt, 'vtt')
    expect(fromVtt).toHaveLength(1800)
    expect(fromVtt).toEqual(fromSrt)
  })
})

describe('splitVttText', () => {
  it('keeps a speaker and whole-cue spans, drops spans that end inside the text', () => {
    expect(splitVttText('<v Mina><i>Wait</i> for me')).toEqual({ lead: '<v Mina>', body: 'Wait for me', trail: '' })
    expect(splitVttText('<i>Wait for me</i>')).toEqual({ lead: '<i>', body: 'Wait for me', trail: '</i>' })
  })
})

describe('formatFromFileName', () => {
  it('knows the four extensions in any case', () => {
    expect(['a.SRT', 'b.vtt', 'c.Ass', 'd.SSA', 'e.txt'].map(formatFromFileName)).toEqual(['srt', 'vtt', 'ass', 'ass', null])
  })
})

function ms(t: number): string {
  const pad = (n: number, w = 2) => String(n).padStart(w, '0')
  return `${pad(Math.floor(t / 3_600_000))}:${pad(Math.floor(t / 60_000) % 60)}:${pad(Math.floor(t / 1000) % 60)},${pad(t % 1000, 3)}`
}
