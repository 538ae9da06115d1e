import { describe, expect, it } from 'vitest'
import type { ExportContent } from '@/lib/subtitles/serialize'
import { formatMs } from '@/lib/subtitles/time'
import { renderTaskFile } from '@/lib/tasks/render'
import { assScriptWith } from './ass-script'

// The editor's preview of an ASS task draws the script the ASS export would write from the rows as
// typed: the same bytes as the server's export of those rows, tags and styles kept.

const SOURCE = `[Script Info]
ScriptType: v4.00+
PlayResX: 640
PlayResY: 360

[V4+ Styles]
Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
Style: Default,Liberation Sans,40,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,-1,0,0,0,100,100,0,0,1,0,0,2,10,10,10,1

[Events]
Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
Dialogue: 0,0:00:01.00,0:00:03.00,Default,,0,0,0,,{\\an5\\pos(160,100)\\c&H0000FF&}Red here
Dialogue: 0,0:00:04.00,0:00:06.00,Default,,0,0,0,,{\\fad(200,200)}Fading\\Nout
Dialogue: 0,0:00:07.00,0:00:09.00,Default,,0,0,0,,{\\k20}Ka{\\k30}ra{\\k40}oke
`

const row = (index: number, startMs: number, endMs: number, originalText: string, translatedText: string | null) => ({ index, startTime: formatMs(startMs), endTime: formatMs(endMs), originalText, translatedText })
const SAVED = [row(1, 1000, 3000, 'Red here', 'ここは赤'), row(2, 4000, 6000, 'Fading\nout', '消えていく'), row(3, 7000, 9000, 'Karaoke', null)]
// As typed in the editor: a longer line (broken per language), a cue moved, a line emptied.
const TYPED = [
  row(1, 1000, 3000, 'Red here', '赤い文字はここにあって、ちょうど指定した位置に表示されるはずです'),
  row(2, 4500, 6500, 'Fading\nout', ''),
  row(3, 7000, 9000, 'Karaoke!', null),
]

const server = (rows: typeof SAVED, content: ExportContent) => renderTaskFile({ task: { format: 'ass', targetLanguage: 'ja' }, source: SOURCE, rows, format: 'ass', content }).body

describe('assScriptWith', () => {
  const base = server(SAVED, 'original')
  const typed = TYPED.map(({ index, translatedText, ...rest }) => ({ ...rest, id: index, translatedText: translatedText ?? '' }))

  for (const content of ['translated', 'original', 'bilingual'] as const) {
    it(`writes the rows as typed as the ${content} ASS export would`, async () => {
      expect(await assScriptWith(base, typed, content, 'ja')).toBe(server(TYPED, content))
    })
  }

  it('keeps each cue\'s override tags around its new text', async () => {
    const script = await assScriptWith(base, typed, 'translated', 'ja')
    expect(script).toContain('{\\an5\\pos(160,100)\\c&H0000FF&}赤い文字は')
    expect(script).toContain('Dialogue: 0,0:00:04.50,0:00:06.50,Default,,0,0,0,,{\\fad(200,200)}Fading\\Nout')
  })
})
