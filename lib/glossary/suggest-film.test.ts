import { describe, expect, it } from 'vitest'
import { detectLanguage } from '@/lib/languages'
import { formatMs, parseSrtOrThrow } from '@/lib/subtitles'
import { suggestTerms } from './suggest'

// A feature-length English film, written like a screenplay's subtitles: about 1,600 cues of
// dialogue in which the characters' names come inside sentences and at their starts, addressed
// and talked about, with the sentence-first words of real subtitles ("It", "What", "The", "We",
// "Cause", "Hi", "Thank", "Can") that the old rule suggested before the names, some of them after a
// line break with no punctuation before it.

const CHARACTERS = ['Sebastian', 'Mia', 'Keith', 'Laura', 'Tracy', 'Alexis']
const PLACES = ['Los Angeles', 'Hermosa Beach', 'Boulder City', 'Paris']
// Capitalised in the film, but common words: the suggestions must not hold them.
const COMMON = ['It', 'What', 'The', 'We', 'Cause', 'Hi', 'Thank', 'Can', 'You', 'Okay', 'Well', 'Listen', 'Look', 'Come', 'Yes', 'No', 'Bill', 'Will', 'Mom', 'Monday']

// {a} and {b}: characters; {p}: a place.
const TEMPLATES = [
  'Where is {a}?',
  'Have you seen {a} today?',
  '{a}, wait!',
  '{a} is late again.',
  'I told {a} about the audition.',
  'You know {a} plays jazz, right?',
  '- {a}!\n- What?',
  'What are you doing here, {a}?',
  "It's fine. {a} will understand.",
  'It was never about the money.',
  "What do you mean it's over?",
  'The club closes at midnight.',
  'The piano is out of tune.',
  'We should go to {p}.',
  'We could drive to {p} with {b}.',
  'Cause I love you.',
  "Cause that's what {a} wants.",
  'Hi.',
  'Hi, {a}.',
  'Thank you.',
  'Thank you so much, {a}.',
  'Can you hear me?',
  'Can we talk about it?',
  'I can play it again if you want.',
  'You can stay with {a} and {b}.',
  'Okay.',
  'Okay, {a}, go.',
  'Well...\nI guess we tried.',
  'Listen to me.',
  'Look at this place.',
  'Come on, {a}.',
  'Yes.',
  'No, no, no.',
  '<i>{a} never called back.</i>',
  '<i>We were so happy in {p}.</i>',
  'I miss {p}.',
  'Did {a} say that?',
  'and then {a} just left',
  'Tell {a} I said hi.',
  'Ask {a}.',
  'Bill, the bill is here.',
  'Will you pay the bill?',
  'I will, I promise.',
  'Mom called on Monday.',
  'Call Mom.',
  'Mr. Wilder, you are on in five.',
  'Is Mr. Wilder here?',
  'Sebastian Wilder is playing tonight.',
  'Have you heard Sebastian Wilder play?',
  'This is Mia Dolan, the actress.',
  'It was a strange night in {p}.',
  'what it was like for us',
  'we can go if you want',
  'thank you for coming',
  // Two utterances in one cue with no punctuation between them, as many real subtitles write it:
  // the second line's first word looks like it sits inside a sentence.
  "I don't know\nWhat you want from me",
  "It's late\nWe should go",
  "Come on\nIt's just a song",
  'Okay\nThe show starts now',
  'Sure\nCan I have a coffee',
  'Right\nThank you',
  'Hey\nHi',
  'Sure\nCause I said so',
]

/** A deterministic pseudo-random sequence (mulberry32), so the film is the same on every run. */
function random(seed: number) {
  let t = seed
  return () => {
    t = (t + 0x6d2b79f5) | 0
    let r = Math.imul(t ^ (t >>> 15), 1 | t)
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296
  }
}

function film(cueCount: number): string {
  const next = random(2016)
  const pick = <T,>(list: readonly T[]) => list[Math.floor(next() * list.length)]
  const blocks: string[] = []
  let at = 60_000
  for (let i = 1; i <= cueCount; i++) {
    const a = pick(CHARACTERS)
    const b = pick(CHARACTERS.filter((c) => c !== a))
    const text = pick(TEMPLATES).replaceAll('{a}', a).replaceAll('{b}', b).replaceAll('{p}', pick(PLACES))
    const length = 1200 + Math.floor(next() * 2500)
    blocks.push(`${i}\n${formatMs(at)} --> ${formatMs(at + length)}\n${text}\n`)
    at += length + 200 + Math.floor(next() * 3000)
  }
  return blocks.join('\n')
}

describe('suggestions for a feature-length English film', () => {
  const cues = parseSrtOrThrow(film(1600))

  it('suggest its names and places, and no common word', () => {
    expect(cues.length).toBe(1600)
    expect(cues[cues.length - 1].endMs).toBeGreaterThan(90 * 60_000)
    const language = detectLanguage(cues)
    expect(language).toBe('en')
    const suggestions = suggestTerms(cues, { language })
    const terms = suggestions.map((s) => s.term)
    const names = new Set([...CHARACTERS, ...PLACES, 'Sebastian Wilder', 'Mia Dolan', 'Wilder', 'Dolan'])
    expect(terms.filter((term) => !names.has(term))).toEqual([])
    for (const word of COMMON) expect(terms).not.toContain(word)
    for (const name of [...CHARACTERS, 'Sebastian Wilder', 'Los Angeles', 'Paris']) expect(terms).toContain(name)
    expect(suggestions.length).toBe(12)
  })

  it('each suggestion says the cue it first occurs in, with that cue’s start', () => {
    const suggestions = suggestTerms(cues, { language: 'en' })
    for (const { term, count, first } of suggestions) {
      const firstIndex = cues.findIndex((cue) => cue.text.includes(term))
      expect(cues[first.cue - 1].text, term).toContain(term)
      expect(first.startMs).toBe(cues[first.cue - 1].startMs)
      // "Sebastian" inside "Sebastian Wilder" is that name's, not its own: it may come first later.
      const isPartOfAnother = suggestions.some((other) => other.term !== term && other.term.includes(term))
      if (isPartOfAnother) expect(first.cue).toBeGreaterThanOrEqual(firstIndex + 1)
      else expect(first.cue, term).toBe(firstIndex + 1)
      expect(count).toBeGreaterThanOrEqual(2)
    }
  })
})
