// Who speaks a cue, written the way each format carries it: WebVTT voice spans (`<v Ada>`), the
// ASS event's Name field, and, when asked, a "Name: " before the text in SRT. A cue has one
// speaker, or two in a dialogue cue whose lines open with a dash, one speaker after the other.

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

/**
 * A name on one line: line breaks and control characters (C0, DEL, C1, Unicode's line and paragraph
 * separators) become spaces, wherever a name is written, so no name can open a line (an SRT
 * timing line, a cue of its own) in a file. Names are refused with them; older ones may hold them.
 */
export const oneLineName = (name: string) => name.replace(/[\p{Cc}\u2028\u2029]+/gu, ' ').trim()

/** Whether a name holds none of what oneLineName takes out. */
export const isOneLineName = (name: string) => !/[\p{Cc}\u2028\u2029]/u.test(name)

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
