const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' }

/** Decodes HTML entities in one pass, so `&amp;lt;` becomes `&lt;` and not `<`; unknown names stay as they are. */
export function decodeHtmlEntities(text: string): string {
  return text.replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (whole, body: string) => {
    if (body[0] !== '#') return NAMED_ENTITIES[body.toLowerCase()] ?? whole
    const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10)
    return Number.isFinite(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole
  })
}

const bytes = (text: string) => Buffer.byteLength(text)

/** Greedily joins pieces into strings of at most maxBytes; a piece too large on its own goes to `tooBig`. */
function pack(pieces: string[], maxBytes: number, tooBig: (piece: string) => string[]): string[] {
  const out: string[] = []
  let current = ''
  for (const piece of pieces) {
    if (bytes(current + piece) <= maxBytes) {
      current += piece
      continue
    }
    if (current) out.push(current)
    current = ''
    if (bytes(piece) <= maxBytes) current = piece
    else out.push(...tooBig(piece))
  }
  if (current) out.push(current)
  return out
}

// Split after a run of sentence ends or a newline; whitespace after the boundary stays with the piece before it.
const SENTENCE_END = /(?<=[.!?。！？…\n])(?![.!?。！？…\n])/u

function splitKeepingWhitespace(text: string, boundary: RegExp): string[] {
  const raw = text.split(boundary)
  const pieces: string[] = []
  for (const piece of raw) {
    const lead = piece.match(/^\s*/)?.[0] ?? ''
    if (pieces.length > 0 && lead) pieces[pieces.length - 1] += lead
    const rest = pieces.length > 0 ? piece.slice(lead.length) : piece
    if (rest) pieces.push(rest)
  }
  return pieces
}

/** One piece of a long text: `core` is sent; `lead` and `trail` (whitespace) are put back around its translation. */
export type TextPiece = { lead: string; core: string; trail: string }

/**
 * Splits text into pieces whose core is at most maxBytes UTF-8 bytes. Rule: cut at line and
 * sentence ends first, then between words, and only inside a word (by code point) as a last
 * resort; joining lead + core + trail of every piece gives back the original text.
 */
export function splitForByteLimit(text: string, maxBytes: number): TextPiece[] {
  const byCodePoint = (piece: string) => pack(Array.from(piece), maxBytes, (c) => [c])
  const byWord = (piece: string) => pack(splitKeepingWhitespace(piece, /(?<=\s)(?=\S)/u), maxBytes, byCodePoint)
  const chunks = bytes(text) <= maxBytes ? [text] : pack(splitKeepingWhitespace(text, SENTENCE_END), maxBytes, byWord)
  return chunks.map((chunk) => {
    const lead = chunk.match(/^\s*/)?.[0] ?? ''
    const trail = chunk.slice(lead.length).match(/\s*$/)?.[0] ?? ''
    return { lead, core: chunk.slice(lead.length, chunk.length - trail.length), trail }
  })
}
