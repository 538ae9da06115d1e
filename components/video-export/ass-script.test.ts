import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseAss } from '@/lib/subtitles/ass'
import { formatMs } from '@/lib/subtitles/time'
import { renderTaskFile } from '@/lib/tasks/render'
import { assScriptWith } from './ass-script'

// The editor's preview of an ASS task draws the script the ASS export would write from the rows as
// typed: the same bytes as the server's export of those rows, styles and override tags kept.

const SOURCE = readFileSync(path.join(process.cwd(), 'lib/subtitles/fixtures/anime.ass'), 'utf8')
const CUES = parseAss(SOURCE).cues
const LONG = '港の明かりが一つずつ消えていったけれど、私たちはまだそこで待っていました'

type Row = { index: number; startTime: string; endTime: string; originalText: string; translatedText: string | null }
const SAVED: Row[] = CUES.map((cue) => ({ index: cue.id, startTime: formatMs(cue.startMs), endTime: formatMs(cue.endMs), originalText: cue.text, translatedText: `訳${cue.id}` }))
// As typed in the editor: a long line (broken per language), a cue moved, a line emptied, an untranslated one, an original edited.
const TYPED: Row[] = SAVED.map((row, i) => {
  if (i === 0) return { ...row, translatedText: LONG }
  if (i === 1) return { ...row, startTime: formatMs(CUES[1].startMs + 200), endTime: formatMs(CUES[1].endMs + 200), translatedText: '' }
  if (i === 2) return { ...row, translatedText: null }
  if (i === 3) return { ...row, originalText: `${row.originalText} (edited)` }
  return row
})

const server = (rows: Row[], content: 'translated' | 'original' | 'bilingual') => renderTaskFile({ task: { format: 'ass', targetLanguage: 'ja' }, source: SOURCE, rows, format: 'ass', content }).body

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
    expect(script).toContain(`${CUES[4].lead}訳5`)
    expect(script).toMatch(/\{\\pos\(960,120\)\\fs48\\c&H3A3AE0&\}HARBOUR MASTER/)
    expect(script).toContain(`,${LONG.slice(0, 5)}`)
  })
})
