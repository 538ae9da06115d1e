// Timed-text rules and the cue builder: pure functions, no I/O, safe in the browser. The editor's
// quality flags and the speech-to-subtitles pipeline read the same numbers from here.
export { captionLimits, isArticle, splitsArticle, endsSentence, endsClause, joinsWithoutSpaces, visibleLength, MAX_LINES, MIN_CUE_MS, MAX_CUE_MS, MIN_GAP_MS, PAUSE_BREAK_MS, type CaptionLimits } from './rules'
export { buildCues, type TimedWord, type BuiltCue } from './build'
export { checkCues, type CueToCheck, type CueRule, type Violation } from './check'
export { layoutLines, joinWords } from './lines'
export { punctuateWords } from './punctuate'
export { speechIn, speechMs, coversSpeech, joinSpans, snapCuesToSpeech, SNAP_WINDOW_MS, type Span, type TimedCue } from './speech'
export { estimateWordTimes, splitWords } from './estimate-words'
export { dialogueDash, isDialogueLine, speakersAllowed } from './dialogue'
export { splitCueText, joinCueTexts } from './split-join'
