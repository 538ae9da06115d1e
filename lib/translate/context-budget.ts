import type { ContextLine, GlossaryTerm } from './providers/types'

// The free per-segment calls (retranslate, review one segment) send a line with its neighbours as
// context. Neighbours may hold 2,000 characters each, so a one-character line could carry ~19,000
// characters while the daily allowance counted 7. Each context line is clipped here, and the
// allowance counts every character a call sends (`charsSent`).

/** Characters of a neighbour's source, and of its translation, sent as context by a free call. */
export const CONTEXT_LINE_CHARS = 300

/**
 * Clips one neighbour for context: its source and translation to `CONTEXT_LINE_CHARS` each, keeping
 * the part nearest the line it surrounds (the end of a line before it, the start of a line after).
 */
export function clipContextLine<T extends ContextLine>(line: T, side: 'before' | 'after', max = CONTEXT_LINE_CHARS): T {
  const clip = (text: string) => (text.length <= max ? text : side === 'before' ? `…${text.slice(text.length - max + 1)}` : `${text.slice(0, max - 1)}…`)
  return { ...line, text: clip(line.text), ...(line.translation === undefined ? {} : { translation: clip(line.translation) }) }
}

/** Every character a request carries in its texts: lines, translations, context and glossary. */
export function charsSent({
  lines,
  context = { before: [], after: [] },
  glossary = [],
}: {
  lines: readonly { text: string; translation?: string }[]
  context?: { before: readonly ContextLine[]; after: readonly ContextLine[] }
  glossary?: readonly GlossaryTerm[]
}): number {
  const ofLine = (l: { text: string; translation?: string }) => l.text.length + (l.translation?.length ?? 0)
  const sum = <T>(items: readonly T[], of: (item: T) => number) => items.reduce((total, item) => total + of(item), 0)
  return sum(lines, ofLine) + sum(context.before, ofLine) + sum(context.after, ofLine) + sum(glossary, (g) => g.term.length + g.translation.length)
}
