// Dubbing: a translated task's lines spoken by a text-to-speech provider, a voice per speaker,
// timed to the cues (planned before speaking, fitted without passing 1.3x), mixed over the original.
export { createTtsProvider, TtsError, OPENAI_VOICES, TTS_MAX_INPUT, type TtsProvider, type SpeakRequest } from './tts-provider'
export { planPhrases, assignVoices, type DubLine, type Phrase, type PhrasePlan } from './phrases'
export { speakToFit, cutAtPause, MAX_SPEED_FACTOR, type Spoken, type Speak } from './fit'
export { speakPhrases, type PhraseOutcome, type Condense, type DubOptions } from './dub'
export { mixUnderVoices, encodeAudio, duckingEnvelope, DUCK_GAIN, type Span } from './mix'
export { openDubTrack, type DubTrack } from './track'
export { storeTrack } from './store'
export { saveDubOriginal, MAX_ORIGINAL_BYTES, ORIGINAL_SLACK_MS } from './original'
export { dubReportCsv, dubReportJson } from './report'
export { DUB_RATE, readWavInfo, wavDurationMs, wavHeader } from './wav'
export { createDub, estimateDub, getDub, listDubs, dubAudio, dubReport, runDub, failDeadDub, respeakDub, dubEnd, ttsProvider, dubFilesOfTask, dubFilesOfUser, removeDubFiles, dubLinesOf, type EnqueueDub, type RunDubOptions } from './service'
export * from './contract'
