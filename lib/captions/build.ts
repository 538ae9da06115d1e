import { dialogueCues, sameSpeaker, speakersOf } from './dialogue'
import { layoutLines } from './lines'
import { captionLimits, endsClause, endsSentence, splitsArticle, MAX_CUE_MS, MIN_CUE_MS, MIN_GAP_MS, PAUSE_BREAK_MS, visibleLength, type CaptionLimits } from './rules'

/**
 * A recognised word with where it was spoken, in ms from the start of the recording, and who
 * spoke it when the provider labels speakers (a label stable over the whole recording).
 */
export type TimedWord = { text: string; startMs: number; endMs: number; speaker?: string }

/**
 * A cue built from words: its time and its text, lines joined by `\n`. `speakers` (only when the
 * words carry speakers) holds one speaker, or two for a dialogue cue, one dash line each.
 */
export type BuiltCue = { startMs: number; endMs: number; text: string; speakers?: string[] }

/**
 * Turns timed words into cues a professional would accept (rules.ts). Breaks come from the words'
 * timings, never from text length alone: always at a sentence end and at a pause of 300 ms or more
 * (unless the word before is an article); a phrase still too long for one cue (two lines, 7 s) is
 * cut where a comma is, else at the widest gap near its middle, never after an article. Then each
 * cue keeps 83 ms from the next, and a cue too short or read too fast is lengthened into the
 * silence after it, as far as that silence allows. A cue never mixes speakers: a change of speaker
 * always ends one, and two quick turns too short to stand alone become a dialogue cue, one dash
 * line per speaker (dialogue.ts).
 */
export function buildCues(input: readonly TimedWord[], language: string): BuiltCue[] {
  const limits = captionLimits(language)
  const words = input
    .map((w) => ({ text: w.text.trim(), startMs: Math.max(0, Math.round(w.startMs)), endMs: Math.max(0, Math.round(w.endMs)), ...(w.speaker === undefined ? {} : { speaker: w.speaker }) }))
    .filter((w) => w.text !== '')
    .map((w) => ({ ...w, endMs: Math.max(w.startMs, w.endMs) }))
    .sort((a, b) => a.startMs - b.startMs)

  const groups: TimedWord[][] = []
  for (const group of phrases(words, language).flatMap((phrase) => splitToFit(phrase, language, limits))) {
    // A cue starting within 83 ms of the one before leaves that one no time on screen: one cue.
    const last = groups[groups.length - 1]
    if (last && group[0].startMs - last[0].startMs <= MIN_GAP_MS && sameSpeaker(last, group) && fits([...last, ...group], language, limits)) groups[groups.length - 1] = [...last, ...group]
    else groups.push(group)
  }
  const cues = dialogueCues(groups, language, limits, (group) => ({
    startMs: group[0].startMs,
    endMs: Math.max(...group.map((w) => w.endMs)),
    lines: layoutLines(group.map((w) => w.text), language, limits) ?? [group.map((w) => w.text).join(' ')],
    speakers: speakersOf(group),
  }))
  return settleTimes(cues, limits)
}

/** Runs of words between sentence ends and pauses. */
function phrases(words: TimedWord[], language: string): TimedWord[][] {
  const out: TimedWord[][] = []
  let current: TimedWord[] = []
  words.forEach((word, i) => {
    current.push(word)
    const next = words[i + 1]
    const pause = next ? next.startMs - word.endMs : Infinity
    // Another speaker always starts another cue, even after an article (a speaker cut off).
    if (!next || next.speaker !== word.speaker || ((endsSentence(word.text) || pause >= PAUSE_BREAK_MS) && !splitsArticle(word.text, next.text, language))) {
      out.push(current)
      current = []
    }
  })
  return out
}

function fits(group: TimedWord[], language: string, limits: CaptionLimits): boolean {
  const duration = group[group.length - 1].endMs - group[0].startMs
  return duration <= MAX_CUE_MS && layoutLines(group.map((w) => w.text), language, limits) !== null
}

function splitToFit(group: TimedWord[], language: string, limits: CaptionLimits): TimedWord[][] {
  if (group.length < 2 || fits(group, language, limits)) return [group]
  const start = group[0].startMs
  const end = group[group.length - 1].endMs
  const middle = (start + end) / 2
  let best = { index: -1, score: -Infinity }
  for (let i = 0; i < group.length - 1; i++) {
    const word = group[i]
    const gap = group[i + 1].startMs - word.endMs
    let score = 0
    if (splitsArticle(word.text, group[i + 1].text, language)) score -= 10_000
    if (endsClause(word.text)) score += 3000
    score += Math.min(gap, 1000) * 2
    // Near the middle, so both halves are likelier to fit without more cuts.
    score -= Math.abs(word.endMs - middle) / 10
    // A piece shorter than the shortest cue is a poor cut.
    if (word.endMs - start < MIN_CUE_MS || end - group[i + 1].startMs < MIN_CUE_MS) score -= 2000
    if (score > best.score) best = { index: i, score }
  }
  return [...splitToFit(group.slice(0, best.index + 1), language, limits), ...splitToFit(group.slice(best.index + 1), language, limits)]
}

function settleTimes(cues: { startMs: number; endMs: number; lines: string[]; speakers?: string[] }[], limits: CaptionLimits): BuiltCue[] {
  // The gap first: a cue ends 83 ms before the next starts (never before its own start).
  for (let i = 0; i < cues.length - 1; i++) {
    const latest = cues[i + 1].startMs - MIN_GAP_MS
    if (cues[i].endMs > latest) cues[i].endMs = Math.max(cues[i].startMs, latest)
  }
  for (let i = 0; i < cues.length; i++) {
    const cue = cues[i]
    const room = i + 1 < cues.length ? cues[i + 1].startMs - MIN_GAP_MS : Infinity
    const chars = cue.lines.reduce((sum, line) => sum + visibleLength(line), 0)
    // Long enough to be seen and to be read, into the silence that follows and within 7 s.
    const wanted = Math.max(MIN_CUE_MS, Math.ceil((chars * 1000) / limits.maxCps))
    const target = Math.min(cue.startMs + wanted, cue.startMs + MAX_CUE_MS, room)
    if (target > cue.endMs) cue.endMs = target
    // Still shorter than the shortest cue: start earlier, into the silence before.
    if (cue.endMs - cue.startMs < MIN_CUE_MS) {
      const earliest = i > 0 ? cues[i - 1].endMs + MIN_GAP_MS : 0
      cue.startMs = Math.max(earliest, Math.min(cue.startMs, cue.endMs - MIN_CUE_MS))
    }
  }
  return cues.map((cue) => ({ startMs: cue.startMs, endMs: cue.endMs, text: cue.lines.join('\n'), ...(cue.speakers ? { speakers: cue.speakers } : {}) }))
}
