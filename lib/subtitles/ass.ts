// ASS/SSA reading and writing-back: only the Text field of translatable Dialogue lines is touched.
import type { Cue } from '@/lib/subtitles/srt'
import { formatMs, parseTime } from '@/lib/subtitles/time'
import { ASS_DEFAULT_STYLE, ASS_PLAY_RES, assStylesSection } from '@/lib/video/universal/ass-style'

/** A Dialogue event that goes to translation, with what is needed to put the text back in place. */
export type AssCue = Cue & {
  /** Offsets of the raw Text field in the source string. */
  textStart: number
  textEnd: number
  /** Override blocks set aside before and after the text, restored on writing. */
  lead: string
  trail: string
  /** Offsets of the raw Start and End fields, so a shifted cue can be retimed in place. */
  startAt: [number, number]
  endAt: [number, number]
  /** The event's Style field (its style's name). */
  style: string
  /** The event's Name field (who speaks it), and where it is in the source (null when the format has none). */
  name: string
  nameAt: [number, number] | null
}

export type AssDocument = { raw: string; cues: AssCue[] }

// Field order used when [Events] has no Format line (ASS v4+).
const DEFAULT_FORMAT = ['layer', 'start', 'end', 'style', 'name', 'marginl', 'marginr', 'marginv', 'effect', 'text']

const LEADING_BLOCKS = /^(?:\s*\{[^}]*\})+/
const TRAILING_BLOCKS = /(?:\{[^}]*\}\s*)+$/
// Drawing mode: \p with a non-zero scale turns the event's text into vector commands.
const DRAWING = /\{[^}]*\\p[1-9]/
// \i \b \u \s with an optional value, not \iclip, \bord, \blur, \shad...
const TOGGLE = /\\([ibus])\d*(?=[\\}])/g

/**
 * Splits an event's Text into what a provider may see and what it must not.
 * Rules: override blocks at the start and end are set aside (`lead`, `trail`); blocks inside the
 * text are dropped (their span cannot be mapped onto a translation); `\N` and `\n` become line
 * breaks and `\h` a space.
 */
export function splitAssText(raw: string): { lead: string; body: string; trail: string } {
  const lead = LEADING_BLOCKS.exec(raw)?.[0] ?? ''
  let rest = raw.slice(lead.length)
  const trail = TRAILING_BLOCKS.exec(rest)?.[0] ?? ''
  rest = rest.slice(0, rest.length - trail.length)
  // An italic, bold, underline or strike-out toggled again inside the text cannot be mapped onto a
  // translation: it is dropped from the kept tags too (else `{\i1}a{\i0} b` comes back all italic).
  const inner = new Set([...(rest.match(/\{[^}]*\}/g) ?? []).join('').matchAll(TOGGLE)].map((m) => m[1]))
  const keep = (tags: string) => (inner.size === 0 ? tags : tags.replace(TOGGLE, (tag, kind: string) => (inner.has(kind) ? '' : tag)).replace(/\{\}/g, ''))
  const body = rest
    .replace(/\{[^}]*\}/g, '')
    .replace(/\\[Nn]/g, '\n')
    .replace(/\\h/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .trim()
  return { lead: keep(lead), body, trail: keep(trail) }
}

/** Plain text back to ASS: line breaks as `\N`, braces (which would open an override) made harmless. */
export function toAssText(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(/\{/g, '(').replace(/\}/g, ')').replace(/\n/g, '\\N')
}

/**
 * Reads an ASS or SSA script. Rules: sections are `[Name]` lines; in `[Events]` the `Format:` line
 * gives the field order (Text is always last, so commas inside it are kept); `Dialogue:` lines with
 * a readable start and end, not in drawing mode and with some text left once tags are set aside,
 * become cues numbered 1..n in file order; `Comment:` lines, [Fonts], [Graphics] and every other
 * section are kept as they are and never translated.
 */
export function parseAss(raw: string): AssDocument {
  const cues: AssCue[] = []
  let section = ''
  let format = DEFAULT_FORMAT
  let pos = 0
  while (pos < raw.length) {
    let end = raw.indexOf('\n', pos)
    if (end < 0) end = raw.length
    const next = end + 1
    const lineEnd = end > pos && raw.charCodeAt(end - 1) === 13 ? end - 1 : end
    const start = pos === 0 && raw.charCodeAt(0) === 0xfeff ? 1 : pos
    const line = raw.slice(start, lineEnd)
    pos = next
    const trimmed = line.trim()
    if (trimmed.startsWith('[') && trimmed.endsWith(']')) {
      section = trimmed.slice(1, -1).trim().toLowerCase()
      continue
    }
    if (section !== 'events') continue
    const colon = line.indexOf(':')
    if (colon < 0) continue
    const kind = line.slice(0, colon).trim().toLowerCase()
    if (kind === 'format') {
      format = line
        .slice(colon + 1)
        .split(',')
        .map((field) => field.trim().toLowerCase())
      continue
    }
    // Text must be the last field (commas inside it are text): any other order cannot be split safely.
    if (kind !== 'dialogue' || format[format.length - 1] !== 'text') continue
    // The first n-1 fields end at a comma; the Text field is the rest of the line.
    const fields: string[] = []
    const spans: [number, number][] = []
    let fieldStart = colon + 1
    for (let f = 0; f < format.length - 1; f++) {
      const comma = line.indexOf(',', fieldStart)
      if (comma < 0) break
      fields.push(line.slice(fieldStart, comma).trim())
      spans.push([start + fieldStart, start + comma])
      fieldStart = comma + 1
    }
    if (fields.length !== format.length - 1) continue
    // Who speaks: the Name field, called Actor by some editors.
    const nameIndex = format.includes('name') ? format.indexOf('name') : format.indexOf('actor')
    const startIndex = format.indexOf('start')
    const endIndex = format.indexOf('end')
    if (startIndex < 0 || endIndex < 0 || startIndex >= fields.length || endIndex >= fields.length) continue
    const startMs = parseTime(fields[startIndex])
    const endMs = parseTime(fields[endIndex])
    if (startMs === null || endMs === null) continue
    const textRaw = line.slice(fieldStart)
    if (DRAWING.test(textRaw)) continue
    const { lead, body, trail } = splitAssText(textRaw)
    if (body === '') continue
    cues.push({
      id: cues.length + 1,
      startTime: formatMs(startMs),
      endTime: formatMs(endMs),
      startMs,
      endMs,
      text: body,
      textStart: start + fieldStart,
      textEnd: start + line.length,
      lead,
      trail,
      startAt: spans[startIndex],
      endAt: spans[endIndex],
      style: fields[format.indexOf('style')] ?? '',
      name: fields[nameIndex] ?? '',
      nameAt: spans[nameIndex] ?? null,
    })
  }
  return { raw, cues }
}

/** `h:mm:ss.cc`, the ASS timestamp (centiseconds). */
export function formatAssTime(ms: number): string {
  const cs = Math.max(0, Math.round(ms / 10))
  const h = Math.floor(cs / 360_000)
  const m = Math.floor(cs / 6000) % 60
  const s = Math.floor(cs / 100) % 60
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}.${String(cs % 100).padStart(2, '0')}`
}

export type AssTiming = { startMs: number; endMs: number }

/**
 * Writes the script back with each cue's Text replaced by `texts[i]` (plain text, `\n` for breaks),
 * wrapped in the cue's own leading and trailing tags. Rules: every other byte is the source's; a
 * missing text (undefined) keeps that event's text as it was; a cue whose `times[i]` differ from
 * the source's (shifted in the editor) gets only its Start and End fields rewritten, one whose
 * `names[i]` differs from its Name field (a speaker renamed) only that field.
 */
export function writeAss(doc: AssDocument, texts: readonly (string | undefined)[], times?: readonly (AssTiming | undefined)[], names?: readonly (string | undefined)[]): string {
  const edits: [number, number, string][] = []
  doc.cues.forEach((cue, i) => {
    const time = times?.[i]
    if (time && time.startMs !== cue.startMs) edits.push([cue.startAt[0], cue.startAt[1], formatAssTime(time.startMs)])
    if (time && time.endMs !== cue.endMs) edits.push([cue.endAt[0], cue.endAt[1], formatAssTime(time.endMs)])
    const name = names?.[i]
    if (name !== undefined && cue.nameAt && name !== cue.name) edits.push([cue.nameAt[0], cue.nameAt[1], name])
    const text = texts[i]
    if (text !== undefined) edits.push([cue.textStart, cue.textEnd, cue.lead + toAssText(text) + cue.trail])
  })
  // The Format line may put the Name field before or after the times: edits go in file order.
  edits.sort((a, b) => a[0] - b[0])
  let out = ''
  let last = 0
  for (const [from, to, value] of edits) {
    out += doc.raw.slice(last, from) + value
    last = to
  }
  return out + doc.raw.slice(last)
}

// The script a non-ASS task is exported with: one Default style (lib/video's), events in cue order.
const NEW_SCRIPT_HEAD = `[Script Info]
ScriptType: v4.00+
WrapStyle: 0
ScaledBorderAndShadow: yes
PlayResX: ${ASS_PLAY_RES.x}
PlayResY: ${ASS_PLAY_RES.y}

${assStylesSection([ASS_DEFAULT_STYLE])}

[Events]
Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
`

/** A new ASS script from timed plain texts (an SRT or VTT task exported as ASS), each with its speaker in the Name field. Empty texts are left out. */
export function newAssScript(events: readonly (AssTiming & { text: string; name?: string })[]): string {
  const lines = events
    .filter((event) => event.text.trim() !== '')
    .map((event) => `Dialogue: 0,${formatAssTime(event.startMs)},${formatAssTime(event.endMs)},Default,${event.name ?? ''},0,0,0,,${toAssText(event.text)}`)
  return NEW_SCRIPT_HEAD + lines.join('\n') + '\n'
}

/** The source line above its translation in the same event, the order of every bilingual export (docs/formats.md). */
export function bilingualAssTexts(doc: AssDocument, translations: readonly (string | undefined)[]): (string | undefined)[] {
  return doc.cues.map((cue, i) => {
    const translated = translations[i]
    return translated === undefined || translated === '' ? undefined : `${cue.text}\n${translated}`
  })
}
