// Who speaks, as every side of the product writes it: a speaker is a label (S1, S2, ...) the whole
// task keeps, numbered in the order the voice or the name was first met, and a name the creator
// may give it once for the task. A name is always one line. Pure: the browser (lib/client/speakers.ts),
// the subtitle formats (lib/subtitles/speakers.ts) and transcription (lib/transcribe/speakers.ts) read it.

/** The label of the `n`th speaker met (1-based). */
export const speakerLabel = (n: number) => `S${n}`

/** `S2` -> 2: the number a label is shown with when it has no name ("Speaker 2"); 0 for anything else. */
export const speakerNumber = (label: string) => Number(label.replace(/^S/, '')) || 0

/** Labels in the order of their number (S2 before S10). */
export const byNumber = (a: string, b: string) => speakerNumber(a) - speakerNumber(b)

/**
 * The next label not in `taken`, counting up from `from`: a speaker heard for the first time gets
 * it. Answers the label and where the count goes on.
 */
export function nextLabel(taken: ReadonlySet<string>, from: number): { label: string; next: number } {
  let n = from
  while (taken.has(speakerLabel(n))) n++
  return { label: speakerLabel(n), next: n + 1 }
}

/**
 * A name on one line: line breaks and control characters (C0, DEL, C1, Unicode's line and paragraph
 * separators) become spaces, wherever a name is written, so no name can open a line (an SRT
 * timing line, a cue of its own) in a file. Names are refused with them; older ones may hold them.
 */
export const oneLineName = (name: string) => name.replace(/[\p{Cc}\u2028\u2029]+/gu, ' ').trim()

/** Whether a name holds none of what oneLineName takes out. */
export const isOneLineName = (name: string) => !/[\p{Cc}\u2028\u2029]/u.test(name)
