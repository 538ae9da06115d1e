// Timing by the rules of the trade: profiles (Netflix English, Netflix Simplified Chinese, BBC
// style, custom), frames, quality flags, "Fix timing", the reading-speed fix and snapping to shot
// changes and frames. Pure functions, no I/O, safe in the browser.
export { TIMING_PROFILES, TIMING_PROFILE_IDS, DEFAULT_FRAME_RATE, timingProfileSchema, customProfile, customSeed, startingProfileId, defaultProfile, defaultProfileId, frameRateOf, type TimingProfile, type TimingProfileId } from './profiles'
export { frameToMs, frameAtOrBefore, frameAtOrAfter, snapToFrame, floorToFrame, ceilToFrame, framesToMs, nudgeByFrames } from './frames'
export { timingFlags, readingSpeed, readChars, linesOf, type TimingFlag, type TimingFlagKind, type TimedText } from './flags'
export { fixTiming, fixReadingSpeed, type FixedTiming, type UnfixedTiming, type ReadingSpeedFix } from './fix'
export { snapEdge, snapInToShot, snapOutToShot, snapCuesToShots, outTimeBefore, OUT_FRAMES_BEFORE_CUT } from './snap'
export { firstIndexWhere, firstAtOrAfter } from './sorted'
