// Timing profiles: the numbers a subtitler times to, one set per house style. Durations are in
// milliseconds, gaps in frames (a gap is seen as frames, whatever the frame rate). Sources: the
// Netflix Timed Text Style Guides (general requirements, English (USA), Simplified Chinese (PRC),
// subtitle timing guidelines) and the BBC Subtitle Guidelines.

import { z } from 'zod'
import { captionLimits } from '@/lib/captions/rules'

export const TIMING_PROFILE_IDS = ['netflix-en', 'netflix-zh-hans', 'bbc', 'custom'] as const
export type TimingProfileId = (typeof TIMING_PROFILE_IDS)[number]

/** The frame rate frames are counted in when no video is open. */
export const DEFAULT_FRAME_RATE = 25

const frames = z.number().int().min(0).max(250)

/** A profile as the custom one is edited (and as a stored profile is read back). */
export const timingProfileSchema = z.object({
  id: z.enum(TIMING_PROFILE_IDS),
  minDurationMs: z.number().int().min(0).max(60_000),
  maxDurationMs: z.number().int().min(100).max(600_000),
  /** The least gap between two cues. */
  minGapFrames: frames,
  /** A gap shorter than this is closed to the minimum gap ("chaining"); 0 turns chaining off. */
  chainUnderFrames: frames,
  maxLineChars: z.number().int().min(1).max(200),
  /** Reading speed: characters a second of the cue's duration, line breaks not counted. */
  maxCps: z.number().min(1).max(100),
  maxLines: z.number().int().min(1).max(10),
  /** Frames are counted in this rate when no video is open. */
  frameRate: z.number().min(1).max(300),
}).refine((p) => p.minDurationMs <= p.maxDurationMs, { path: ['maxDurationMs'] })

export type TimingProfile = z.infer<typeof timingProfileSchema>

/** Netflix general requirements: 5/6 s to 7 s, 2 frames apart; gaps under half a second (12 frames) chained. */
const NETFLIX_TIMING = { minDurationMs: 833, maxDurationMs: 7000, minGapFrames: 2, chainUnderFrames: 12, maxLines: 2, frameRate: DEFAULT_FRAME_RATE } as const

export const TIMING_PROFILES: Readonly<Record<TimingProfileId, TimingProfile>> = {
  // English (USA): 42 characters a line, 20 characters a second (adult programmes).
  'netflix-en': { id: 'netflix-en', ...NETFLIX_TIMING, maxLineChars: 42, maxCps: 20 },
  // Simplified Chinese (PRC): 16 characters a line, 9 characters a second (adult programmes).
  'netflix-zh-hans': { id: 'netflix-zh-hans', ...NETFLIX_TIMING, maxLineChars: 16, maxCps: 9 },
  // BBC style: 37 characters a line (teletext's width), 160-180 words a minute (taken as 15
  // characters a second), at least a second on screen, 2 lines; UK television's 25 frames.
  bbc: { id: 'bbc', minDurationMs: 1000, maxDurationMs: 7000, minGapFrames: 2, chainUnderFrames: 12, maxLineChars: 37, maxCps: 15, maxLines: 2, frameRate: 25 },
  // The custom profile starts from Netflix English; every value is the user's to change.
  custom: { id: 'custom', ...NETFLIX_TIMING, maxLineChars: 42, maxCps: 20 },
}

/** A custom profile: the given values over the custom profile's starting point, checked. */
export function customProfile(values: Partial<Omit<TimingProfile, 'id'>>): TimingProfile {
  return timingProfileSchema.parse({ ...TIMING_PROFILES.custom, ...values, id: 'custom' })
}

/**
 * The profile a task starts with, from the language its subtitles are in (a translation's target,
 * a transcript's spoken language): Chinese reads Netflix Simplified Chinese (Traditional Chinese
 * has the same line length and reading speed), every other language Netflix English.
 */
export function defaultProfileId(language: string | null | undefined): TimingProfileId {
  const code = (language ?? '').toLowerCase()
  return code === 'zh' || code.startsWith('zh-') || code === 'cmn' || code === 'yue' ? 'netflix-zh-hans' : 'netflix-en'
}

/**
 * The custom profile's starting point for a language: Netflix timing with the language's own line
 * rules (lib/captions: 13 characters a line and 4 a second in Japanese, 16 and 12 in Korean, 42 and
 * 17 in French, ...).
 */
export function customSeed(language: string | null | undefined): TimingProfile {
  const { maxCps, maxLineChars, maxLines } = captionLimits(language ?? 'en')
  return { ...TIMING_PROFILES.custom, maxCps, maxLineChars, maxLines }
}

/**
 * The profile a task's editor starts with: Netflix English for English, Netflix Simplified Chinese
 * for Chinese, and for any other language the custom profile started from its own rules
 * (`customSeed`), so a Japanese task is not judged by English line lengths.
 */
export function startingProfileId(language: string | null | undefined): TimingProfileId {
  const code = (language ?? '').toLowerCase()
  if (code === '' || code === 'en' || code.startsWith('en-')) return 'netflix-en'
  const id = defaultProfileId(code)
  return id === 'netflix-zh-hans' ? id : 'custom'
}

export const defaultProfile = (language: string | null | undefined): TimingProfile => TIMING_PROFILES[defaultProfileId(language)]

/** The frame rate frames are counted in: the open video's when known, else the profile's. */
export function frameRateOf(profile: TimingProfile, videoFrameRate?: number | null): number {
  return videoFrameRate && Number.isFinite(videoFrameRate) && videoFrameRate > 0 ? videoFrameRate : profile.frameRate
}
