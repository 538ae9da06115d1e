// A transcription task's stages: transcribing (chunk by chunk), then translating when a target
// language was chosen (the translation run completes it).
export const TRANSCRIBING = 'transcribing'
export const TRANSLATING = 'translating'
