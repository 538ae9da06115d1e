// Speech to timed subtitles: a recording's checks, price and storage, the transcription task's
// creation, its run (cut at silences, chunks sent to an OpenAI-compatible speech-to-text API,
// words stitched on one timeline, cues built by lib/captions) and the job that runs any task.
export { estimateAudio, createTranscriptionTask, type AudioUpload } from './create'
export { deleteStaleAudio, STAGED_AUDIO_TTL_MS, STAGED_AUDIO_CAP } from './staged-audio'
export { runTranscription, TRANSCRIBING, TRANSLATING, type TranscriptionOptions, type TranscriptionOutcome } from './run'
export { runTask } from './run-task'
export { transcriptionCost, billedMinutes, POINTS_PER_MINUTE_TRANSCRIBED, POINTS_PER_MINUTE_TRANSLATED } from './cost'
export { planChunks, CHUNK_TARGET_MS } from './plan'
export { createSttProvider, SttError, type SttProvider, type SttAnswer } from './provider'
export { transcribeFields, audioEstimateFields, audioEstimateSchema, AUDIO_BODY_LIMIT, MAX_AUDIO_BYTES, MAX_AUDIO_MS, CODEC_PADDING_MS, type TranscribeFields, type AudioEstimate } from './schemas'
export { taskAudio } from './audio'
