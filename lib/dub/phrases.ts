/** One translated line to be spoken. `speaker` null: the task has no speakers. */
export type DubLine = { id: number; startMs: number; endMs: number; text: string; sourceText: string; speaker: string | null }

/**
 * Lines of one speaker spoken in one request, starting on the first line's start. `windowEndMs`:
 * the next line's start less the gap (any speaker), the latest its speech may end.
 */
export type Phrase = { key: string; lineIds: number[]; speaker: string | null; text: string; sourceText: string; startMs: number; windowEndMs: number }

export type PhrasePlan = {
  /** Frames per second of the video, for the gap left before the next line (2 frames). */
  fps?: number
  /** Lines closer than this, of the same speaker, may be one phrase. */
  joinGapMs?: number
  maxLinesPerPhrase?: number
  maxCharsPerPhrase?: number
  /** Where the last phrase must end at the latest: the media's end (else its line's end plus a second). */
  mediaEndMs?: number
}

const GAP_FRAMES = 2
/** Scripts written without spaces between words: their lines join without one. */
const UNSPACED = /[\u3000-\u30ff\u3400-\u9fff\uac00-\ud7af\uff00-\uffef]$/u

function joinTexts(texts: string[]): string {
  return texts.reduce((joined, text) => (joined === '' ? text : UNSPACED.test(joined) ? joined + text : `${joined} ${text}`), '')
}

/**
 * The phrases of a dub, in time order. Rules: a phrase holds consecutive lines of one speaker whose
 * gaps are under `joinGapMs` (at most `maxLinesPerPhrase` lines and `maxCharsPerPhrase`
 * characters), so closely following lines keep one phrase's prosody and cost one request; each
 * phrase may sound from its first line's start to the next line's start less two frames, never
 * into the next line; empty lines are not spoken. Its key names its lines, text and speaker, so a
 * resumed dub recognises a phrase already spoken.
 */
export function planPhrases(lines: readonly DubLine[], { fps = 25, joinGapMs = 300, maxLinesPerPhrase = 5, maxCharsPerPhrase = 400, mediaEndMs }: PhrasePlan = {}): Phrase[] {
  const spoken = lines.filter((line) => line.text.trim() !== '').toSorted((a, b) => a.startMs - b.startMs || a.id - b.id)
  const gapMs = Math.round((GAP_FRAMES * 1000) / fps)
  const groups: DubLine[][] = []
  for (const line of spoken) {
    const group = groups.at(-1)
    const last = group?.at(-1)
    const joins =
      group && last && last.speaker === line.speaker && line.startMs - last.endMs < joinGapMs && group.length < maxLinesPerPhrase && group.reduce((n, l) => n + l.text.length, 0) + line.text.length <= maxCharsPerPhrase
    if (joins) group.push(line)
    else groups.push([line])
  }
  return groups.map((group, index) => {
    const next = groups[index + 1]?.[0]
    const last = group.at(-1)!
    const end = next ? next.startMs - gapMs : Math.max(last.endMs, Math.min(mediaEndMs ?? Infinity, last.endMs + 1000))
    const text = joinTexts(group.map((line) => line.text.trim()))
    return {
      key: `${group.map((line) => line.id).join('+')}:${hashText(`${line0Speaker(group)}\u0000${text}`)}`,
      lineIds: group.map((line) => line.id),
      speaker: group[0].speaker,
      text,
      sourceText: joinTexts(group.map((line) => line.sourceText.trim())),
      startMs: group[0].startMs,
      windowEndMs: Math.max(group[0].startMs, end),
    }
  })
}

const line0Speaker = (group: DubLine[]) => group[0].speaker ?? ''

/** A short, stable digest of a text (FNV-1a, 32 bits): enough to tell an edited phrase from its old self. */
function hashText(text: string): string {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return (hash >>> 0).toString(36)
}

/**
 * A voice for each speaker: the creator's choice where made, else the provider's voices in turn,
 * each speaker a voice no other speaker has while voices remain. `null` is the one voice of a task
 * without speakers.
 */
export function assignVoices(speakers: readonly (string | null)[], voices: readonly string[], chosen: Readonly<Record<string, string>> = {}): Map<string | null, string> {
  const assigned = new Map<string | null, string>()
  const taken = new Set(Object.values(chosen))
  const free = voices.filter((voice) => !taken.has(voice))
  let turn = 0
  for (const speaker of new Set(speakers)) {
    const own = chosen[speaker ?? '']
    if (own) assigned.set(speaker, own)
    else assigned.set(speaker, free.length > 0 ? free[turn++ % free.length] : voices[turn++ % voices.length])
  }
  return assigned
}
