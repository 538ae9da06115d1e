// Public API of the multi-format subtitle module: pure functions, no I/O.
export { formatFromFileName, parseSubtitle, parseSubtitleOrThrow, SUBTITLE_FORMATS, type SubtitleFormat } from '@/lib/subtitles/format'
export { parseAss, writeAss, newAssScript, formatAssTime, bilingualAssTexts, splitAssText, toAssText, type AssCue, type AssDocument } from '@/lib/subtitles/ass'
export { parseVtt, writeVtt, splitVttText, toVttText, type VttCue, type VttDocument } from '@/lib/subtitles/vtt'
export { writeSubtitle, type WriteInput } from '@/lib/subtitles/write'
