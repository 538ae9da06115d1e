// Public API of the subtitle module: pure functions, no I/O, safe on server and client.
// Shared reading: bytes to text (decode), which format a file is (format); then one file per format.
export { decodeSubtitleBytes, isLikelyBinary } from '@/lib/subtitles/decode'
export {
  formatFromFileName,
  parseSubtitle,
  parseSubtitleOrThrow,
  exportFileName,
  isSubtitleFileName,
  SUBTITLE_FORMATS,
  SUBTITLE_EXTENSIONS,
  EXPORT_CONTENTS,
  type SubtitleFormat,
  type ExportContent,
} from '@/lib/subtitles/format'
export { SrtError, type SrtErrorCode } from '@/lib/subtitles/errors'
export { formatMs, parseTime } from '@/lib/subtitles/time'
export { parseSrt, parseSrtOrThrow, type Cue } from '@/lib/subtitles/srt'
export {
  toSrt,
  toVtt,
  cuesToSegments,
  type Segment,
  type SerializeOptions,
} from '@/lib/subtitles/serialize'
export { parseAss, writeAss, newAssScript, formatAssTime, bilingualAssTexts, splitAssText, toAssText, type AssCue, type AssDocument } from '@/lib/subtitles/ass'
export { parseVtt, writeVtt, splitVttText, toVttText, type VttCue, type VttDocument } from '@/lib/subtitles/vtt'
export { writeSubtitle, type WriteInput } from '@/lib/subtitles/write'
