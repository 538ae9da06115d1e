// Speech to timed words and cues, a library: the provider, the chunk plan (cut while the sound
// arrives), screening, speakers, stitching, the recording's checks and limits, pricing. It knows no
// table and no task: lib/tasks (the transcription job) hands it the recording's parts, the chunks
// already known and callbacks, and stores what it returns.
export { cuesFromWords, type ChunkDone, type KnownChunk, type RecordingOutcome } from './transcribe-recording'
export { liveTranscribe, PART_SPAN, type LiveJob, type LiveOutcome, type LivePart, type PartEnd } from './live-transcribe'
export { transcriptionCost, transcriptionPrice, billedMinutes, coveredMs, POINTS_PER_MINUTE_TRANSCRIBED, POINTS_PER_MINUTE_TRANSLATED, POINTS_PER_MINUTE_REVIEWED } from './universal/cost'
export { planChunks, cutAfter, CHUNK_TARGET_MS, type ChunkPlan } from './universal/plan'
export { fixedSizing, liveChunkCount } from './universal/live-plan'
export { createSttProvider, SttError, type SttProvider, type SttAnswer, type SttSegment, type KnownSpeaker } from './provider'
export { screenChunk, LEFT_OUT_REASONS, type LeftOutLine, type LeftOutReason } from './screen'
export { type HeardSpeaker, type ClipPart } from './speakers'
export { checkAudioFile, audioExtension, audioContentType } from './audio-upload'
export { MAX_AUDIO_BYTES, MAX_AUDIO_MS, CODEC_PADDING_MS } from './universal/limits'
