// Glossary help for an uploaded file: which of the user's entries its lines use, and which names
// and terms recur in it (worth an entry, so every batch translates them the same way).

export type TermSuggestion = { term: string; count: number }

// Tags and ASS overrides are markup, not words.
const MARKUP = /<[^>]*>|\{\\[^}]*\}/g
const LATIN_NAME = /\p{Lu}\p{Ll}+(?:[ -]\p{Lu}\p{Ll}+)*/gu
const KATAKANA = /[\p{Script=Katakana}ー・]{3,}/gu
// A name (kanji or katakana) directly followed by an honorific or title, Japanese or Chinese.
const HONORIFIC_NAME = /([\p{Script=Han}]{1,4}|[\p{Script=Katakana}ー]{2,})(?:さん|くん|君|ちゃん|さま|様|先輩|殿|先生|小姐|老师|師匠|师傅|同学)/gu
const NOT_NAMES = new Set(['I', 'OK', 'Okay', 'Oh', 'Hey', 'Mr', 'Mrs', 'Ms', 'Dr', 'TV'])

/**
 * Names and terms that recur in the texts. Rules: a capitalised word (or run of them) counts when
 * it occurs at least once inside a sentence (not only as a sentence's first word); katakana runs of
 * three or more; kanji or katakana names before an honorific (さん, 先生, 小姐, …); each kept when it
 * occurs at least `minCount` times, the most frequent first, at most `max`.
 */
export function suggestTerms(texts: readonly string[], { max = 12, minCount = 2, exclude = [] as readonly string[] } = {}): TermSuggestion[] {
  const counts = new Map<string, number>()
  const insideSentence = new Set<string>()
  const add = (term: string) => counts.set(term, (counts.get(term) ?? 0) + 1)
  for (const raw of texts) {
    const text = raw.replace(MARKUP, ' ')
    for (const match of text.matchAll(LATIN_NAME)) {
      const before = text.slice(0, match.index).trimEnd()
      const isFirst = before === '' || /[.!?…:"“'‘\-–—]$/.test(before)
      // "Tell Haruka" at a sentence's start: "Tell" is just capitalised, "Haruka" is the name.
      const words = match[0].split(/(?<=\p{Ll})[ -](?=\p{Lu})/u)
      const term = isFirst && words.length > 1 ? match[0].slice(words[0].length + 1) : match[0]
      if (NOT_NAMES.has(term)) continue
      add(term)
      if (!isFirst || words.length > 1) insideSentence.add(term)
    }
    for (const match of text.matchAll(KATAKANA)) if (/[^ー・]/.test(match[0])) add(match[0])
    for (const match of text.matchAll(HONORIFIC_NAME)) add(match[1])
  }
  const known = new Set(exclude.map((t) => t.toLowerCase()))
  return [...counts]
    .filter(([term, count]) => count >= minCount && !known.has(term.toLowerCase()) && (!/^\p{Lu}/u.test(term) || insideSentence.has(term)))
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, max)
    .map(([term, count]) => ({ term, count }))
}

export type MatchableEntry = { term: string; targetLanguage: string; sourceLanguage: string | null }

/**
 * How many entries apply to the texts, per target language: entries whose term occurs in a line
 * (ignoring case) and whose source language is unset or the file's.
 */
export function countMatchingEntries(entries: readonly MatchableEntry[], texts: readonly string[], sourceLanguage: string): Record<string, number> {
  const joined = texts.join('\n').toLowerCase()
  const out: Record<string, number> = {}
  for (const entry of entries) {
    if (entry.sourceLanguage && entry.sourceLanguage !== sourceLanguage) continue
    if (entry.term.trim() === '' || !joined.includes(entry.term.toLowerCase())) continue
    out[entry.targetLanguage] = (out[entry.targetLanguage] ?? 0) + 1
  }
  return out
}
