// A task's job as stages, run in order by one runner (runner.ts): transcribe, translate (its
// batches reviewed as they come: review.ts), fit, complete; a dubbing stage plugs in between fit
// and complete. Each stage is a module with one entry (`Stage`); their helpers: chunk-cues.ts
// (a streamed recording's cues handed to the translator), store-cues.ts, price.ts, sent-sound.ts,
// recording-source.ts. `taskTranslator` (translate.ts) is the one way a task's lines reach a
// translation provider.
export { runTask } from './runner'
export { TRANSCRIBING, TRANSLATING, type PipelineOptions, type PipelineOutcome, type TranscriptionOptions } from './stage'
export { taskTranslator } from './translate'
export { completeTask } from './complete'
