/**
 * A cue's text as a text track holds it (an SRT block, a WebVTT cue, an MP4 tx3g sample): lines
 * trimmed, no blank line (in SRT and WebVTT it would end the cue).
 */
export function cueLines(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join('\n')
}
