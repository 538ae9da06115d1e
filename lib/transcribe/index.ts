// Speech to timed words and cues, a library: the provider, the chunk plan, screening, the
// recording's checks and limits, pricing. It knows no table and no task: lib/tasks (the
// transcription job) hands it a file, a plan store and callbacks, and stores what it returns.
export { transcribeRecording, cuesFromWords, type ChunkDone, type KnownChunk, type RecordingJob, type RecordingOutcome } from './transcribe-recording'
export { transcriptionCost, billedMinutes, POINTS_PER_MINUTE_TRANSCRIBED, POINTS_PER_MINUTE_TRANSLATED } from './cost'
export { planChunks, CHUNK_TARGET_MS, type ChunkPlan } from './plan'
export { createSttProvider, SttError, type SttProvider, type SttAnswer, type SttSegment, type KnownSpeaker } from './provider'
export { screenChunk, LEFT_OUT_REASONS, type LeftOutLine, type LeftOutReason } from './screen'
export { type HeardSpeaker, type ClipPart } from './speakers'
export { checkAudioFile, audioExtension, audioContentType } from './audio-upload'
export { MAX_AUDIO_BYTES, MAX_AUDIO_MS, CODEC_PADDING_MS } from './limits'
