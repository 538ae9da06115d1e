// An uploaded file's own speakers: read from WebVTT voice tags and ASS Name (or Actor) fields, and
// written back into the file renamed as the task names them now, every other byte as uploaded.
import { describe, expect, it } from 'vitest'
import { parseSubtitle } from './format'
import { assNamesIn, renameVoices, voicesIn } from './speakers'
import { writeSubtitle } from './write'

const VTT = `WEBVTT

intro
00:00:01.000 --> 00:00:03.000 align:start
<v.loud Ada Lovelace>Where is the engine?</v>

00:00:03.500 --> 00:00:05.000
<v Bo &amp; Co>- It left.</v>
<v Ada Lovelace>- When?</v>

00:00:05.500 --> 00:00:07.000
Nobody speaks this one.
`

const ASS = `[Script Info]
ScriptType: v4.00+

[Events]
Format: Layer, Name, Start, End, Style, MarginL, MarginR, MarginV, Effect, Text
Dialogue: 0,Ada,0:00:01.00,0:00:03.00,Default,0,0,0,,Where is the engine?
Dialogue: 0,Ada & Bo,0:00:03.50,0:00:05.00,Default,0,0,0,,- It left.\\N- When?
Dialogue: 0,,0:00:05.50,0:00:07.00,Default,0,0,0,,Nobody speaks this one.
`

const segmentsOf = (text: string, format: 'vtt' | 'ass', rename: Record<string, string> = {}) =>
  parseSubtitle(text, format).map((cue) => ({ id: cue.id, startTime: cue.startTime, endTime: cue.endTime, originalText: cue.text, speakers: cue.speakers?.map((name) => rename[name] ?? name) }))

describe('speakers of an uploaded file', () => {
  it('are read from WebVTT voices, each once in order, classes and entities aside', () => {
    expect(voicesIn('<v.loud Ada Lovelace>Hi</v>')).toEqual(['Ada Lovelace'])
    expect(voicesIn('<v Bo &amp; Co>- It left.</v>\n<v Ada>- When?</v>\n<v Bo &amp; Co>- Now.</v>')).toEqual(['Bo & Co', 'Ada'])
    expect(voicesIn('<i>No voice</i>')).toEqual([])
    expect(parseSubtitle(VTT, 'vtt').map((cue) => cue.speakers)).toEqual([['Ada Lovelace'], ['Bo & Co', 'Ada Lovelace'], undefined])
  })

  it('are read from ASS Name fields (or Actor), two joined by " & "', () => {
    expect(assNamesIn('Ada & Bo')).toEqual(['Ada', 'Bo'])
    expect(assNamesIn('  ')).toEqual([])
    expect(parseSubtitle(ASS, 'ass').map((cue) => cue.speakers)).toEqual([['Ada'], ['Ada', 'Bo'], undefined])
    const actor = ASS.replace('Format: Layer, Name,', 'Format: Layer, Actor,')
    expect(parseSubtitle(actor, 'ass').map((cue) => cue.speakers)).toEqual([['Ada'], ['Ada', 'Bo'], undefined])
  })

  it('are renamed in a WebVTT file written back, its classes and every other byte kept', () => {
    expect(renameVoices('<v.loud Ada>Hi</v>', ['Ada'], ['Adele <A&B>'])).toBe('<v.loud Adele &lt;A&amp;B&gt;>Hi</v>')
    const unchanged = writeSubtitle({ sourceFormat: 'vtt', source: VTT, segments: segmentsOf(VTT, 'vtt'), format: 'vtt', content: 'original' })
    expect(unchanged).toBe(VTT)
    const renamed = writeSubtitle({ sourceFormat: 'vtt', source: VTT, segments: segmentsOf(VTT, 'vtt', { 'Ada Lovelace': 'Countess' }), format: 'vtt', content: 'original' })
    expect(renamed).toBe(VTT.replace('<v.loud Ada Lovelace>', '<v.loud Countess>').replace('<v Ada Lovelace>', '<v Countess>'))
    // A translated cue keeps its renamed voice around the new text.
    const segments = segmentsOf(VTT, 'vtt', { 'Ada Lovelace': 'Countess' }).map((s) => ({ ...s, translatedText: `[ja] ${s.originalText}` }))
    expect(writeSubtitle({ sourceFormat: 'vtt', source: VTT, segments, format: 'vtt', content: 'translated' })).toContain('<v.loud Countess>[ja] Where is the engine?</v>')
  })

  it('are renamed in an ASS file written back: only the Name field changes, wherever the Format puts it', () => {
    expect(writeSubtitle({ sourceFormat: 'ass', source: ASS, segments: segmentsOf(ASS, 'ass'), format: 'ass', content: 'original' })).toBe(ASS)
    const segments = segmentsOf(ASS, 'ass', { Ada: 'Countess' }).map((s, i) => (i === 0 ? { ...s, startTime: '00:00:01,500' } : s))
    const renamed = writeSubtitle({ sourceFormat: 'ass', source: ASS, segments, format: 'ass', content: 'original' })
    expect(renamed).toBe(ASS.replace('0,Ada,0:00:01.00,', '0,Countess,0:00:01.50,').replace('0,Ada & Bo,', '0,Countess & Bo,'))
  })
})
