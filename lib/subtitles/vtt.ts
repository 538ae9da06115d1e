// WebVTT reading and writing-back: cue ids, settings and NOTE/STYLE/REGION blocks survive a round trip.
import type { Cue } from '@/lib/subtitles/srt'
import { formatMs } from '@/lib/subtitles/time'

export type VttCue = Cue & {
  /** Cue identifier line, '' when the cue has none. */
  ident: string
  /** Everything after the end time on the timing line (position, align, line...). */
  settings: string
  lead: string
  trail: string
  /** The timing line and cue text as uploaded, written back as they were while unchanged. */
  source: { timingLine: string; startMs: number; endMs: number; text: string }
}

/** A block between blank lines that is not a cue (header, NOTE, STYLE, REGION), kept verbatim. */
export type VttBlock = { kind: 'block'; raw: string } | { kind: 'cue'; index: number }

export type VttDocument = { blocks: VttBlock[]; cues: VttCue[] }

const TIMESTAMP = /^(?:(\d+):)?([0-5]\d):([0-5]\d)[.,](\d{3})/
const LEADING_TAGS = /^(?:\s*<[^>/][^>]*>)+/
const TRAILING_TAGS = /(?:<\/[^>]*>\s*)+$/
const TAG_NAME = /<\/?([a-z]+)[^>]*>/gi

function readTimestamp(text: string): { ms: number; length: number } | null {
  const match = TIMESTAMP.exec(text)
  if (!match) return null
  const ms = Number(match[1] ?? 0) * 3_600_000 + Number(match[2]) * 60_000 + Number(match[3]) * 1000 + Number(match[4])
  return { ms, length: match[0].length }
}

function readTiming(line: string): { startMs: number; endMs: number; settings: string } | null {
  const trimmed = line.trimStart()
  const start = readTimestamp(trimmed)
  if (!start) return null
  const arrow = /^\s*-->\s*/.exec(trimmed.slice(start.length))
  if (!arrow) return null
  const rest = trimmed.slice(start.length + arrow[0].length)
  const end = readTimestamp(rest)
  if (!end) return null
  return { startMs: start.ms, endMs: end.ms, settings: rest.slice(end.length).trim() }
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&nbsp;': ' ', '&lrm;': '', '&rlm;': '' }

/**
 * Splits cue text into provider text and the markup set aside. Rules: tags opening the text
 * (`<v Speaker>`, `<i>`, `<c.yellow>`...) and closing it are kept as `lead`/`trail`, so a speaker
 * name is never translated; tags inside are dropped with their text kept; entities are decoded.
 */
export function splitVttText(raw: string): { lead: string; body: string; trail: string } {
  const lead = LEADING_TAGS.exec(raw)?.[0] ?? ''
  let rest = raw.slice(lead.length)
  const trail = TRAILING_TAGS.exec(rest)?.[0] ?? ''
  rest = rest.slice(0, rest.length - trail.length)
  // A span closed or reopened inside the text cannot be mapped onto a translation: its outer tags
  // go too (else `<i>a</i> b` would come back all italic). A voice keeps its speaker regardless.
  const inner = new Set([...rest.matchAll(TAG_NAME)].map((m) => m[1].toLowerCase()))
  const keep = (tags: string) => tags.replace(TAG_NAME, (tag, name: string) => (name.toLowerCase() !== 'v' && inner.has(name.toLowerCase()) ? '' : tag))
  const body = rest
    .replace(/<[^>]*>/g, '')
    .replace(/&(?:amp|lt|gt|nbsp|lrm|rlm);/g, (entity) => ENTITIES[entity])
    .trim()
  return { lead: keep(lead), body, trail: keep(trail) }
}

/** Plain text back to cue text: `&`, `<` and `>` escaped, no blank line (which would end the cue). */
export function toVttText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/\n{2,}/g, '\n')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
}

/**
 * Reads a WebVTT file. Rules: blocks are separated by blank lines; a block whose first or second
 * line is a timing line (`[hh:]mm:ss.ttt --> [hh:]mm:ss.ttt [settings]`) is a cue, the line before
 * it its identifier; every other block (the WEBVTT header, NOTE, STYLE, REGION) is kept verbatim.
 * Cues with no text left once tags are set aside are kept as blocks, not translated.
 */
export function parseVtt(text: string): VttDocument {
  const normalized = text.replace(/^\ufeff/, '').replace(/\r\n?/g, '\n')
  const blocks: VttBlock[] = []
  const cues: VttCue[] = []
  const rawBlocks = normalized.split(/\n[ \t]*\n/)
  for (const rawBlock of rawBlocks) {
    const block = rawBlock.replace(/^\n+/, '').replace(/\n+$/, '')
    if (block.trim() === '') continue
    const lines = block.split('\n')
    const timingAt = lines.findIndex((line, i) => i < 2 && line.includes('-->'))
    const timing = timingAt >= 0 ? readTiming(lines[timingAt]) : null
    const isNote = /^(?:NOTE|STYLE|REGION|WEBVTT)(?:[ \t]|$)/.test(lines[0])
    if (!timing || isNote) {
      blocks.push({ kind: 'block', raw: block })
      continue
    }
    const cueText = lines.slice(timingAt + 1).join('\n')
    const { lead, body, trail } = splitVttText(cueText)
    if (body === '') {
      blocks.push({ kind: 'block', raw: block })
      continue
    }
    blocks.push({ kind: 'cue', index: cues.length })
    cues.push({
      id: cues.length + 1,
      startTime: formatMs(timing.startMs),
      endTime: formatMs(timing.endMs),
      startMs: timing.startMs,
      endMs: timing.endMs,
      text: body,
      ident: timingAt === 1 ? lines[0] : '',
      settings: timing.settings,
      lead,
      trail,
      source: { timingLine: lines[timingAt], startMs: timing.startMs, endMs: timing.endMs, text: cueText },
    })
  }
  return { blocks, cues }
}

/**
 * Writes the document back with `texts[i]` as cue i's text (its own tags around it). Rules: header
 * and blocks verbatim, ids and settings kept, LF endings; an undefined text keeps the cue's text as
 * uploaded (inline tags and all), and an unmoved cue keeps its timing line as uploaded.
 */
export function writeVtt(doc: VttDocument, texts: readonly (string | undefined)[]): string {
  const parts = doc.blocks.map((block) => {
    if (block.kind === 'block') return block.raw
    const cue = doc.cues[block.index]
    const text = texts[block.index]
    const isMoved = cue.startMs !== cue.source.startMs || cue.endMs !== cue.source.endMs
    const timing = isMoved ? `${formatMs(cue.startMs, '.')} --> ${formatMs(cue.endMs, '.')}${cue.settings ? ' ' + cue.settings : ''}` : cue.source.timingLine
    const body = text === undefined ? cue.source.text : cue.lead + toVttText(text) + cue.trail
    return [cue.ident, timing, body].filter((line) => line !== '').join('\n')
  })
  if (!/^WEBVTT/.test(parts[0] ?? '')) parts.unshift('WEBVTT')
  return parts.join('\n\n') + '\n'
}
