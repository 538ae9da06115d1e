// Find and replace over the editor's rows, pure so it is unit tested.

export type FindField = 'translatedText' | 'originalText'
export type FindOptions = { query: string; field: FindField; matchCase: boolean; wholeWord: boolean }
export type Match = { id: number; start: number; end: number }

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The search as a global regular expression, or null for an empty query. */
export function findPattern({ query, matchCase, wholeWord }: Omit<FindOptions, 'field'>): RegExp | null {
  if (query === '') return null
  // \b knows ASCII only; these bounds also keep "café" and "東京" whole.
  const body = wholeWord ? `(?<![\\p{L}\\p{N}_])${escape(query)}(?![\\p{L}\\p{N}_])` : escape(query)
  return new RegExp(body, matchCase ? 'gu' : 'giu')
}

/** Every match in the rows' texts, in row order then position. */
export function findMatches(rows: readonly { id: number; text: string }[], options: FindOptions): Match[] {
  const pattern = findPattern(options)
  if (!pattern) return []
  const matches: Match[] = []
  for (const row of rows) {
    if (!row.text) continue
    pattern.lastIndex = 0
    for (const m of row.text.matchAll(pattern)) matches.push({ id: row.id, start: m.index, end: m.index + m[0].length })
  }
  return matches
}

/** Replaces every match in one text; the replacement is taken literally ($ has no meaning). */
export function replaceAll(text: string, options: Omit<FindOptions, 'field'>, replacement: string): string {
  const pattern = findPattern(options)
  return pattern ? text.replace(pattern, () => replacement) : text
}

/** Replaces one match found in `text`. */
export function replaceOne(text: string, match: Pick<Match, 'start' | 'end'>, replacement: string): string {
  return text.slice(0, match.start) + replacement + text.slice(match.end)
}
