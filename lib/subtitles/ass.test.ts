import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseAss, writeAss, bilingualAssTexts, splitAssText } from '@/lib/subtitles/ass'

const anime = readFileSync(path.join(__dirname, 'fixtures/anime.ass'), 'utf8')

describe('parseAss', () => {
  it('reads the Dialogue lines with text, skipping comments, drawings and tag-only events', () => {
    const { cues } = parseAss(anime)
    expect(cues.map((c) => c.text)).toEqual([
      'Where did the ferry go?',
      'It left without us,\nand the tide is turning.',
      'HARBOUR MASTER',
      'Then we wait, together, until morning.',
      'Shiokaze',
      'Look — the lights are on.',
      'Finally.',
    ])
    expect(cues[0]).toMatchObject({ id: 1, startMs: 1500, endMs: 4200, startTime: '00:00:01,500' })
    expect(cues[2].lead).toBe('{\\an8}{\\pos(960,120)\\fs48\\c&H3A3AE0&}')
    expect(cues[6]).toMatchObject({ lead: '{\\i1}', trail: '{\\i0}' })
    expect(cues.every((c) => !c.text.includes('{\\') && !c.text.includes('\\N'))).toBe(true)
  })

  it('follows the Format line whatever the order of its fields', () => {
    const script = '[Events]\r\nFormat: Text, Start, End, Style\r\nDialogue: Hello, there,0:00:01.00,0:00:02.50,Default\r\n'
    // Text is not last here, so the line cannot be split safely: nothing is read rather than garbage.
    expect(parseAss(script).cues).toHaveLength(0)
    const reordered = '[Events]\nFormat: Style, End, Start, Layer, Text\nDialogue: Default,0:00:02.50,0:00:01.00,0,Hello, there\n'
    expect(parseAss(reordered).cues[0]).toMatchObject({ startMs: 1000, endMs: 2500, text: 'Hello, there' })
  })

  it('reads SSA (v4) scripts with Marked fields and CRLF endings', () => {
    const ssa = '[Script Info]\r\nScriptType: v4.00\r\n\r\n[Events]\r\nFormat: Marked, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\r\nDialogue: Marked=0,0:00:03.00,0:00:05.00,*Default,,0000,0000,0000,,Good morning\r\n'
    expect(parseAss(ssa).cues[0]).toMatchObject({ startMs: 3000, endMs: 5000, text: 'Good morning' })
  })
})

describe('writeAss', () => {
  it('changes only the dialogue text; every other byte is the source', () => {
    const doc = parseAss(anime)
    const out = writeAss(doc, doc.cues.map((c) => `T${c.id}`))
    const outLines = out.split('\n')
    const srcLines = anime.split('\n')
    expect(outLines).toHaveLength(srcLines.length)
    for (let i = 0; i < srcLines.length; i++) {
      if (!srcLines[i].startsWith('Dialogue:') || outLines[i] === srcLines[i]) {
        expect(outLines[i]).toBe(srcLines[i])
        continue
      }
      // Same fields before the text, only the text differs.
      const head = (line: string) => line.split(',').slice(0, 9).join(',')
      expect(head(outLines[i])).toBe(head(srcLines[i]))
    }
    expect(out).toContain('{\\an8}{\\pos(960,120)\\fs48\\c&H3A3AE0&}T3')
    expect(out).toContain('{\\i1}T7{\\i0}')
    expect(out).toContain('m 0 0 l 100 0 100 100 0 100{\\p0}')
    expect(writeAss(doc, [])).toBe(anime)
  })

  it('writes bilingual events as original, \\N, translation (as SRT and VTT)', () => {
    const doc = parseAss(anime)
    const out = writeAss(doc, bilingualAssTexts(doc, doc.cues.map(() => 'X')))
    expect(out).toContain(',Mina,0,0,0,,Where did the ferry go?\\NX')
  })

  it('keeps whole-line tags, drops a span toggled inside the text with its text kept', () => {
    expect(splitAssText('{\\i1}Finally.{\\i0}')).toEqual({ lead: '{\\i1}', body: 'Finally.', trail: '{\\i0}' })
    expect(splitAssText('{\\an8\\i1\\blur3}It left,{\\i0}\\Nand the tide')).toEqual({ lead: '{\\an8\\blur3}', body: 'It left,\nand the tide', trail: '' })
  })

  it('never lets a translation open an override block', () => {
    expect(splitAssText('{\\b1}a{\\b0} b\\hc').body).toBe('a b c')
    const doc = parseAss('[Events]\nFormat: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\nDialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,Hi\n')
    expect(writeAss(doc, ['{\\pos(1,1)}x\ny'])).toContain(',,(\\pos(1,1))x\\Ny')
  })
})
