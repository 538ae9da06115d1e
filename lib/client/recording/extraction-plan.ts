// How a recording's sound is taken out in the browser, decided from what the probe read:
// copied as it is when it is already speech-sized in a codec the server reads (fast: no decoding),
// otherwise decoded and encoded again for speech, on two workers (two halves of the file) where
// the browser has two cores. Pure, so the dialog and tests share it.

/** Speech settings: mono 16 kHz Opus (what recognisers resample to), 16 kbit/s, the encoder's cheapest effort, 60 ms frames. */
export const SPEECH_ENCODING = { sampleRate: 16_000, bitrate: 16_000, complexity: 1, frameMs: 60 } as const

/** A source codec at or under this bitrate (all channels) is copied, not encoded again. */
export const COPY_MAX_BITRATE = 48_000
/** Codecs copied into a container the server and every provider read: Opus in Ogg, AAC in ADTS, MP3. */
export const COPYABLE_CODECS = ['opus', 'aac', 'mp3'] as const
/** A recording shorter than this is not split: a second worker would cost more than it saves. */
export const SPLIT_MIN_MS = 4 * 60_000

export type SourceAudio = { durationMs: number; codec: string | null; bitrate: number | null; firstTimestampMs: number }

/** One piece of the recording's timeline, [startMs, endMs); the second's start moves to a silence near it. */
export type PartPlan = { startMs: number; endMs: number }

export type ExtractionPlan = { mode: 'copy' | 'encode'; parts: PartPlan[] }

/**
 * Rules: copy when the codec is one of COPYABLE_CODECS, its bitrate (measured on its first
 * packets) is known and at most COPY_MAX_BITRATE, and its sound starts at the file's time 0 (a
 * copy keeps its own timeline); otherwise encode. Either way in two halves when the browser
 * reports two cores or more and the recording lasts SPLIT_MIN_MS or more, else in one piece.
 */
export function planExtraction(source: SourceAudio, cores: number): ExtractionPlan {
  const copyable = (COPYABLE_CODECS as readonly string[]).includes(source.codec ?? '') && source.bitrate !== null && source.bitrate <= COPY_MAX_BITRATE && source.firstTimestampMs < 50
  const mode = copyable ? 'copy' : 'encode'
  if (cores < 2 || source.durationMs < SPLIT_MIN_MS) return { mode, parts: [{ startMs: 0, endMs: source.durationMs }] }
  // Even a copy is split: reading a large file (a video's picture between the sound) is its cost.
  const middle = Math.round(source.durationMs / 2)
  return { mode, parts: [{ startMs: 0, endMs: middle }, { startMs: middle, endMs: source.durationMs }] }
}
