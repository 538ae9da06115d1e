// Public API of the language list and language detection. Pure, safe in the browser.
export { detectLanguage, detectTextLanguage, DEFAULT_DETECTED_LANGUAGE } from '@/lib/languages/detect'
export {
  LANGUAGES,
  TARGET_LANGUAGES,
  isSupportedLanguage,
  isTargetLanguage,
  type LanguageCode,
  type TargetLanguage,
} from '@/lib/languages/languages'
