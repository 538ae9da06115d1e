import { readFileSync } from 'node:fs'
import { parseSubtitle } from './lib/subtitles/format'
import { cueFit, fitChars } from './lib/subtitles/fit'
import { condenseLine } from './fakes/deepseek-lengths'
const [file, lang] = process.argv.slice(2)
const text = readFileSync(file, 'utf8')
const parsed = { cues: parseSubtitle(text, file.split('.').pop() as never) }
for (const c of parsed.cues as { id: number; startMs: number; endMs: number; text: string }[]) {
  const t = c.text === '' ? '' : `[${lang}] ${c.text}`
  const d = c.endMs - c.startMs
  const fits = cueFit(t, d, lang).fits
  console.log(JSON.stringify(c.text), d, fits ? 'FITS' : `-> ${JSON.stringify(condenseLine({ id: c.id, text: c.text, translation: t, maxChars: fitChars(d, lang) }))}`)
}
