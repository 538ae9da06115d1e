// A recording's limits: what the upload checks, the cost and the task's routes all measure against,
// and the browser too (lib/client/recording refuses a longer recording before uploading it). Pure: no imports.

/** Largest recording upload: the browser sends only the audio, compressed (about 1 MB for 5 minutes). */
export const MAX_AUDIO_BYTES = 200 * 1024 * 1024
/** Longest recording: 3 hours. */
export const MAX_AUDIO_MS = 3 * 60 * 60 * 1000
/**
 * What a codec adds around the sound (an Opus encoder's pre-skip is 6.5 ms, an AAC frame's padding
 * tens of ms): allowed on top of the limit and of every billed minute, so a 3:00:00 recording is
 * accepted and a 2:00 one is 2 minutes.
 */
export const CODEC_PADDING_MS = 1000
