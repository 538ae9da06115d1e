// Who speaks a cue, written the way each format carries it: WebVTT voice spans (`<v Ada>`), the
// ASS event's Name field, and, when asked, a "Name: " before the text in SRT. A cue has one
// speaker, or two in a dialogue cue whose lines open with a dash, one speaker after the other.
// An uploaded WebVTT or ASS file's own speakers are read the same ways, and renamed in place.
// Labels and names themselves are lib/speakers'.
import { oneLineName } from '@/lib/speakers'

const DASH_LINE = /^(\s*[-–—]\s*)(.*)$/

/**
 * Each line with the speaker it belongs to: every line of a one-speaker cue is theirs; in a
 * dialogue cue each dash line passes to the next speaker (first, second, first, ...: a bilingual
 * cue repeats the turns), and a line without a dash stays with the speaker before it.
 */
function linesBySpeaker(text: string, names: readonly string[]): { line: string; name: string; opensTurn: boolean }[] {
  let turn = -1
  return text.split('\n').map((line, i) => {
    const opens = i === 0 || (names.length > 1 && DASH_LINE.test(line))
    if (opens) turn++
    return { line, name: names[turn % names.length], opensTurn: opens }
  })
}

/** A name as a voice span's annotation: no `>`, `<`, `&` or line break, which would end or break the tag. */
const voiceName = (name: string) => oneLineName(name.replace(/[<>&]+/g, ' '))

/** WebVTT: the text inside voice spans, `<v Ada>...` (one speaker) or one span per turn of a dialogue cue. */
export function voiceTagged(text: string, names: readonly string[]): string {
  if (names.length === 0 || text === '') return text
  if (names.length === 1) return `<v ${voiceName(names[0])}>${text}`
  const lines = linesBySpeaker(text, names)
  return lines
    .map(({ line, name, opensTurn }, i) => {
      const closes = i === lines.length - 1 || lines[i + 1].opensTurn
      return `${opensTurn ? `<v ${voiceName(name)}>` : ''}${line}${closes ? '</v>' : ''}`
    })
    .join('\n')
}

/** SRT (optional): "Ada: " before a speaker's first line, after the dash in a dialogue cue ("- Ada: Hi."). */
export function namePrefixed(text: string, names: readonly string[]): string {
  if (names.length === 0 || text === '') return text
  return linesBySpeaker(text, names)
    .map(({ line, name, opensTurn }) => {
      if (!opensTurn) return line
      const dash = names.length > 1 ? DASH_LINE.exec(line) : null
      const written = oneLineName(name)
      return dash ? `${dash[1]}${written}: ${dash[2]}` : `${written}: ${line}`
    })
    .join('\n')
}

/** ASS: the Name field of an event, the speakers joined with "&" (a comma would end the field). */
export function assName(names: readonly string[]): string {
  return names.map((name) => oneLineName(name.replace(/,+/g, ' '))).join(' & ')
}

/** A voice tag: `<v`, its classes (`.loud`), the space, the annotation (the speaker's name). */
const VOICE_TAG = /<v((?:\.[^\s.>]+)*)[ \t]+([^>]*)>/g
const TAG_ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&nbsp;': ' ' }
const voiceAnnotation = (raw: string) => oneLineName(raw.replace(/&(?:amp|lt|gt|nbsp);/g, (entity) => TAG_ENTITIES[entity]))

/** The speakers of a WebVTT cue's text, from its voice tags (`<v Ada>`, `<v.loud Bo>`): each once, in order. */
export function voicesIn(text: string): string[] {
  const names: string[] = []
  for (const match of text.matchAll(VOICE_TAG)) {
    const name = voiceAnnotation(match[2])
    if (name !== '' && !names.includes(name)) names.push(name)
  }
  return names
}

/** A WebVTT cue's text with the voice named `from[k]` named `to[k]` instead (classes kept; others untouched). */
export function renameVoices(text: string, from: readonly string[], to: readonly string[]): string {
  return text.replace(VOICE_TAG, (tag, classes: string, annotation: string) => {
    const k = from.indexOf(voiceAnnotation(annotation))
    const name = k >= 0 && to[k] !== undefined ? oneLineName(to[k]) : ''
    if (name === '' || name === voiceAnnotation(annotation)) return tag
    return `<v${classes} ${name.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}>`
  })
}

/** The speakers of an ASS event's Name field: several are joined by " & ", as assName writes them. */
export function assNamesIn(field: string): string[] {
  const names: string[] = []
  for (const part of field.split(' & ')) {
    const name = oneLineName(part)
    if (name !== '' && !names.includes(name)) names.push(name)
  }
  return names
}
