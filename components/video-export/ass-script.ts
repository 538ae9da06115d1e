// An ASS task's script as its ASS export writes it (lib/tasks/render.ts: the uploaded file with each
// cue's text and times from the task, translations broken per language), built in the browser from
// the editor's rows with their unsaved drafts, so the preview drawn by libass follows typing.
import type { ExportContent, Segment } from '@/lib/subtitles/serialize'

/** A row as the editor shows it (`id` the cue's number); an empty translation keeps the source's line, as the export does. */
export type ScriptRow = Required<Pick<Segment, 'id' | 'startTime' | 'endTime' | 'originalText' | 'translatedText'>>

/** A video's subtitles (translation, original or both) as the export content the server writes. */
export const EXPORT_CONTENT = { translation: 'translated', original: 'original', both: 'bilingual' } as const satisfies Record<string, ExportContent>

/** Line breaking is BudouX's work for some languages: each translation is broken once per text. */
const broken = new Map<string, string>()

/**
 * `source`: the task's script as uploaded with its cues' saved times (its ASS export of the
 * original). Written as the export writes it, the drafts of `rows` included.
 */
export async function assScriptWith(source: string, rows: readonly ScriptRow[], content: ExportContent, language: string): Promise<string> {
  const [{ writeSubtitle }, { reflowCue }] = await Promise.all([import('@/lib/subtitles/write'), import('@/lib/subtitles/reflow')])
  const reflow = (text: string) => {
    const key = `${language}\n${text}`
    if (broken.size > 5000) broken.clear()
    if (!broken.has(key)) broken.set(key, reflowCue(text, language))
    return broken.get(key)!
  }
  const segments = rows.map((row) => ({ ...row, translatedText: content === 'original' ? undefined : reflow(row.translatedText) }))
  return writeSubtitle({ sourceFormat: 'ass', source, segments, format: 'ass', content })
}
