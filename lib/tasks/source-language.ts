/** The language a task's lines are in: the one chosen, or the detected one for `auto`. */
export function taskSourceLanguage(task: { originalLanguage: string; detectedLanguage: string }): string {
  return task.originalLanguage === 'auto' ? task.detectedLanguage : task.originalLanguage
}
