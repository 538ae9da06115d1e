import type { DubReportLine } from './contract'
import type { PhraseOutcome } from './dub'
import type { DubLine } from './phrases'

/**
 * One row per line: the phrase it was spoken in, and how. `plannedKeys` names each line's phrase as
 * the lines are now: a line whose phrase is not the one spoken was edited since.
 */
function rows(lines: readonly DubLine[], outcomes: readonly PhraseOutcome[], plannedKeys: ReadonlyMap<number, string>): DubReportLine[] {
  const byLine = new Map(outcomes.flatMap((o) => o.lineIds.map((id) => [id, o] as const)))
  return lines.flatMap((line, index) => {
    const o = byLine.get(line.id)
    if (!o) return []
    return [{
      line: index + 1, segmentId: line.id, speaker: line.speaker ?? '', voice: o.voice, startMs: line.startMs, endMs: line.endMs, spokenMs: o.spokenMs,
      speedFactor: Math.round(o.speed * o.tempo * 1000) / 1000, respoken: o.speed !== 1, stretched: o.tempo !== 1, shortened: o.shortened, flag: o.flag ?? '',
      edited: plannedKeys.get(line.id) !== o.key,
    }]
  })
}

export const dubReportJson = (lines: readonly DubLine[], outcomes: readonly PhraseOutcome[], plannedKeys: ReadonlyMap<number, string>) => JSON.stringify({ lines: rows(lines, outcomes, plannedKeys) }, null, 2)

const csvCell = (value: string | number | boolean) => {
  const text = String(value)
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/** The report as CSV (with a BOM, so spreadsheet programs read CJK speaker names right). */
export function dubReportCsv(lines: readonly DubLine[], outcomes: readonly PhraseOutcome[], plannedKeys: ReadonlyMap<number, string>): string {
  const header = ['line', 'speaker', 'voice', 'start_ms', 'end_ms', 'spoken_ms', 'speed_factor', 'respoken', 'stretched', 'shortened', 'flag']
  const body = rows(lines, outcomes, plannedKeys).map((r) => [r.line, r.speaker, r.voice, r.startMs, r.endMs, r.spokenMs, r.speedFactor, r.respoken, r.stretched, r.shortened, r.flag].map(csvCell).join(','))
  return `\uFEFF${[header.join(','), ...body].join('\r\n')}\r\n`
}
