// Glossary help for an uploaded file: which of the user's entries its lines use, and which names
// and terms recur in it (worth an entry, so every batch translates them the same way).
import { isStopWord } from './stop-words'

/** A recurring name or term, how often it occurs, and its first cue (number from 1, start time). */
export type TermSuggestion = { term: string; count: number; first: { cue: number; startMs: number } }

/** A cue as suggestions read it. */
export type SuggestCue = { text: string; startMs: number }

// Tags and ASS overrides are markup, not words.
const MARKUP = /<[^>]*>|\{\\[^}]*\}/g
// A capitalised word (McDonald, O'Brien, DiCaprio) and runs of them joined by a space or hyphen.
const NAME_WORD = String.raw`\p{Lu}(?:['’]\p{Lu})?\p{Ll}+(?:\p{Lu}\p{Ll}+)*`
const NAME_RUN = new RegExp(String.raw`(?<![\p{L}\p{M}\p{N}'’])${NAME_WORD}(?:[ -]${NAME_WORD})*(?![\p{L}\p{M}])`, 'gu')
// A word that starts in lower case (kept when it is all lower case: "it", "cause").
const LOWER_WORD = /(?<![\p{L}\p{M}])\p{Ll}[\p{L}\p{M}]*/gu
const KATAKANA = /[\p{Script=Katakana}ー・]{3,}/gu
// A name (kanji or katakana) directly followed by an honorific or title, Japanese or Chinese.
const HONORIFIC_NAME = /([\p{Script=Han}]{1,4}|[\p{Script=Katakana}ー]{2,})(?:さん|くん|君|ちゃん|さま|様|先輩|殿|先生|小姐|老师|師匠|师傅|同学)/gu
// What ends a sentence (or opens a new one) before a word: the word is then sentence-initial.
const SENTENCE_BREAK = /(?:^|[.!?…:;"“”«»„¿¡([\-–—♪])$/u
// A title's abbreviation does not end the sentence: "Mr. Wilder" has Wilder inside it.
const TITLE_BEFORE = /(?:^|[^\p{L}])(?:Mr|Mrs|Ms|Dr|St|Prof|Capt|Sgt|Lt|Col|Gen|Jr|Sr|M|Mme|Mlle|Hr|Fr|Sra)\.$/u

type Seen = { count: number; first: { cue: number; startMs: number }; isInside: boolean }

/**
 * Names and terms that recur in the cues. Rules:
 * - a capitalised word, or a run of them ("Sebastian Wilder"), is a candidate; a run that starts a
 *   sentence loses its first word ("Tell Haruka" → "Haruka") unless the whole run also occurs
 *   inside a sentence;
 * - a one-word candidate is not a term when the word also occurs in lower case anywhere in the file,
 *   when it only ever starts a sentence, or when it is on the stop list of the file's language
 *   (lib/glossary/stop-words.ts); a run needs one word that passes these tests and one occurrence
 *   inside a sentence;
 * - katakana runs of three or more, and kanji or katakana names before an honorific (さん, 先生,
 *   小姐, …), count as they are;
 * - each is kept when it occurs at least `minCount` times and is not in the glossary yet (`exclude`,
 *   ignoring case), the most frequent first, at most `max`, with the cue it first occurs in.
 */
export function suggestTerms(
  cues: readonly SuggestCue[],
  { language, max = 12, minCount = 2, exclude = [] as readonly string[] }: { language?: string; max?: number; minCount?: number; exclude?: readonly string[] } = {},
): TermSuggestion[] {
  const texts = cues.map((cue) => cue.text.replace(MARKUP, ' '))
  // Every word the file writes in lower case somewhere ("it", "cause", "will").
  const lowerWords = new Set<string>()
  for (const text of texts) for (const [word] of text.matchAll(LOWER_WORD)) if (word === word.toLowerCase()) lowerWords.add(word)
  const isCommon = (word: string) => lowerWords.has(word.toLowerCase()) || isStopWord(word, language)

  const seen = new Map<string, Seen>()
  const add = (term: string, index: number, isInside: boolean) => {
    const entry = seen.get(term)
    if (entry) {
      entry.count += 1
      entry.isInside ||= isInside
    } else seen.set(term, { count: 1, first: { cue: index + 1, startMs: cues[index].startMs }, isInside })
  }

  // Capitalised runs, and whether each starts a sentence; runs seen inside a sentence anywhere.
  const runs = texts.map((text) =>
    [...text.matchAll(NAME_RUN)].map((match) => {
      const before = text.slice(0, match.index).trimEnd()
      return { run: match[0], isFirst: SENTENCE_BREAK.test(before) && !TITLE_BEFORE.test(before) }
    }),
  )
  const insideRuns = new Set(runs.flatMap((list) => list.filter((r) => !r.isFirst).map((r) => r.run)))

  texts.forEach((text, index) => {
    for (const { run, isFirst } of runs[index]) {
      const words = run.split(/[ -](?=\p{Lu})/u)
      if (!isFirst) add(run, index, true)
      else if (words.length === 1) add(run, index, false)
      // "Sebastian Wilder is here", said elsewhere inside a sentence too: the name. "Tell Haruka":
      // the first word is only capitalised because it starts the sentence.
      else if (insideRuns.has(run)) add(run, index, true)
      else add(run.slice(words[0].length + 1), index, true)
    }
    for (const [run] of text.matchAll(KATAKANA)) if (/[^ー・]/.test(run)) add(run, index, true)
    for (const match of text.matchAll(HONORIFIC_NAME)) add(match[1], index, true)
  })

  const known = new Set(exclude.map((t) => t.normalize('NFKC').toLowerCase()))
  const isTerm = (term: string, { count, isInside }: Seen) => {
    if (count < minCount || known.has(term.normalize('NFKC').toLowerCase())) return false
    if (!/^\p{Lu}/u.test(term)) return true
    return isInside && term.split(/[ -](?=\p{Lu})/u).some((word) => !isCommon(word))
  }
  return [...seen]
    .filter(([term, stats]) => isTerm(term, stats))
    .sort((a, b) => b[1].count - a[1].count || a[0].localeCompare(b[0]))
    .slice(0, max)
    .map(([term, { count, first }]) => ({ term, count, first }))
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
