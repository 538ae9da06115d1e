// Public API of the subtitle module: pure functions, no I/O, safe on server and client.
export { decodeSubtitleBytes, isLikelyBinary } from '@/lib/srt/decode'
export { parseSrt, parseSrtOrThrow, type Cue } from '@/lib/srt/parse'
export { SrtError, type SrtErrorCode } from '@/lib/srt/errors'
export {
  toSrt,
  toVtt,
  cuesToSegments,
  type Segment,
  type ExportContent,
  type SerializeOptions,
} from '@/lib/srt/serialize'
export { formatMs, parseTime } from '@/lib/srt/time'
export { detectLanguage, detectTextLanguage, DEFAULT_DETECTED_LANGUAGE } from '@/lib/srt/detect-language'
export {
  LANGUAGES,
  TARGET_LANGUAGES,
  isSupportedLanguage,
  isTargetLanguage,
  type LanguageCode,
  type TargetLanguage,
} from '@/lib/srt/languages'
export {
  computeCost,
  priceCues,
  readingMs,
  estimateTranslationMs,
  MAX_CUE_CHARS,
  READING_CPS,
  READING_CPS_CJK,
  type Cost,
  type PricedBy,
  POINTS_PER_MINUTE,
  MAX_UPLOAD_BYTES,
  type TranslationEstimateOptions,
} from '@/lib/srt/cost'
