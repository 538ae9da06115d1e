type TaskKindFields = { kind?: string | null; originalLanguage: string; targetLanguage: string }

/**
 * A recording transcribed without translation: its subtitles stay in the spoken language (the
 * target is that language, or `auto` until it is heard). Such a task shows as a transcript, with no
 * translation service and no translation-only actions.
 */
export function isTranscriptOnly(task: TaskKindFields): boolean {
  return task.kind === 'transcription' && (task.targetLanguage === task.originalLanguage || task.targetLanguage === 'auto')
}
