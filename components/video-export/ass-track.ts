// An ASS script as a Matroska S_TEXT/ASS track stores it: the script's header (everything but its
// events, the [Events] Format line included) as the track's codec private data, and each Dialogue
// as one block, "ReadOrder,Layer,Style,Name,MarginL,MarginR,MarginV,Effect,Text", timed by the block.
import { parseTime } from '@/lib/subtitles/time'

export type AssTrackEvent = { startMs: number; endMs: number; block: string }
export type AssTrack = { header: string; events: AssTrackEvent[] }

const DEFAULT_FORMAT = ['layer', 'start', 'end', 'style', 'name', 'marginl', 'marginr', 'marginv', 'effect', 'text']

export function toAssTrack(script: string): AssTrack {
  const header: string[] = []
  const events: AssTrackEvent[] = []
  let section = ''
  let format = DEFAULT_FORMAT
  for (const line of script.replace(/^\uFEFF/, '').split(/\r?\n/)) {
    const trimmed = line.trim()
    if (trimmed.startsWith('[') && trimmed.endsWith(']')) section = trimmed.slice(1, -1).trim().toLowerCase()
    const colon = line.indexOf(':')
    const kind = colon > 0 ? line.slice(0, colon).trim().toLowerCase() : ''
    if (section === 'events' && kind === 'format') format = line.slice(colon + 1).split(',').map((f) => f.trim().toLowerCase())
    if (section !== 'events' || (kind !== 'dialogue' && kind !== 'comment')) {
      header.push(line)
      continue
    }
    if (kind === 'comment' || format.at(-1) !== 'text') continue
    // The first fields end at a comma; Text is the rest of the line (it may hold commas).
    const rest = line.slice(colon + 1)
    const fields: string[] = []
    let at = 0
    for (let f = 0; f < format.length - 1; f++) {
      const comma = rest.indexOf(',', at)
      if (comma < 0) break
      fields.push(rest.slice(at, comma).trim())
      at = comma + 1
    }
    if (fields.length !== format.length - 1) continue
    const field = (name: string) => fields[format.indexOf(name)] ?? ''
    const startMs = parseTime(field('start'))
    const endMs = parseTime(field('end'))
    if (startMs === null || endMs === null || endMs <= startMs) continue
    // SSA has Marked where ASS has Layer.
    const layer = format.includes('layer') ? field('layer') || '0' : '0'
    const block = [events.length, layer, field('style'), field('name'), field('marginl') || '0', field('marginr') || '0', field('marginv') || '0', field('effect'), rest.slice(at)].join(',')
    events.push({ startMs, endMs, block })
  }
  while (header.length > 0 && header.at(-1)!.trim() === '') header.pop()
  return { header: `${header.join('\n')}\n`, events: events.sort((a, b) => a.startMs - b.startMs) }
}
