'use client'

import { useCallback, useMemo, useSyncExternalStore } from 'react'
import { useTaskShotChanges } from '@/lib/client/timeline/api'
import { customSeed, frameRateOf, startingProfileId, TIMING_PROFILE_IDS, TIMING_PROFILES, timingProfileSchema, type TimingProfile, type TimingProfileId } from '@/lib/timing'
import { useEditorStore } from '../state/editor-store-context'
import type { Limits } from './quality'

// The timing profile an editor judges and fixes cues by, kept in this browser: which profile a
// task uses and the frame rate it counts in without a video (per task: one film is for Netflix,
// another for the BBC), and the custom profile's numbers (per language: your own rules for French
// are yours in every French task). The profile's line rules are the quality limits.

const taskKey = (taskId: string) => `subtitle-studio.editor.timing.${taskId}`
const customKey = (language: string) => `subtitle-studio.editor.timing.custom.${language}`
// The quality limits an earlier version kept per language: the custom profile starts from them.
const oldLimitsKey = (language: string) => `subtitle-studio.editor.limits.${language}`

type TaskChoice = { id?: TimingProfileId; frameRate?: number }

const listeners = new Set<() => void>()
// Parsed once per stored string, so a snapshot keeps its identity and rows stay memoized.
const parsed = new Map<string, unknown>()

function stored(key: string): string | null {
  try {
    return localStorage.getItem(key)
  } catch {
    return null // storage blocked (private mode): the defaults apply
  }
}

function keep(key: string, value: unknown | null) {
  try {
    if (value === null) localStorage.removeItem(key)
    else localStorage.setItem(key, JSON.stringify(value))
  } catch {
    // not kept, but applied for this page
  }
  for (const notify of listeners) notify()
}

function readParsed<T>(key: string, parse: (raw: unknown) => T, fallback: T): T {
  const raw = stored(key)
  if (raw === null) return fallback
  const cacheKey = `${key}\u0000${raw}`
  if (!parsed.has(cacheKey)) {
    let value: T = fallback
    try {
      value = parse(JSON.parse(raw))
    } catch {
      // unreadable: the defaults apply
    }
    parsed.set(cacheKey, value)
  }
  return parsed.get(cacheKey) as T
}

const NO_CHOICE: TaskChoice = {}

function readChoice(taskId: string): TaskChoice {
  return readParsed(
    taskKey(taskId),
    (raw) => {
      const value = (raw ?? {}) as Record<string, unknown>
      const id = TIMING_PROFILE_IDS.find((known) => known === value.id)
      const rate = Number(value.frameRate)
      return { id, frameRate: Number.isFinite(rate) && rate >= 1 && rate <= 300 ? rate : undefined }
    },
    NO_CHOICE,
  )
}

const seeds = new Map<string, TimingProfile>()
const seedOf = (language: string) => seeds.get(language) ?? seeds.set(language, customSeed(language)).get(language)!

/** The custom profile's numbers for a language: the user's, else the old quality limits over the language's seed, else the seed. */
function readCustom(language: string): TimingProfile {
  const seed = seedOf(language)
  const parse = (raw: unknown) => {
    const result = timingProfileSchema.safeParse({ ...seed, ...(raw as object), id: 'custom' })
    return result.success ? result.data : seed
  }
  if (stored(customKey(language)) !== null) return readParsed(customKey(language), parse, seed)
  return readParsed(oldLimitsKey(language), parse, seed)
}

const subscribe = (notify: () => void) => {
  listeners.add(notify)
  return () => void listeners.delete(notify)
}

/**
 * The task's timing profile and the frame rate frames are counted in: the open video's (as its shot
 * detection measured it) while one is open, else the rate chosen for the task, else the profile's
 * (25). `language` is the language the judged text is in (the translation's, a transcript's).
 */
export function useTimingProfile(taskId: string, language: string) {
  const choice = useSyncExternalStore(subscribe, () => readChoice(taskId), () => NO_CHOICE)
  const custom = useSyncExternalStore(subscribe, () => readCustom(language), () => seedOf(language))
  const id = choice.id ?? startingProfileId(language)
  const base = id === 'custom' ? custom : TIMING_PROFILES[id]
  const profile = useMemo(() => (choice.frameRate ? { ...base, frameRate: choice.frameRate } : base), [base, choice.frameRate])
  const isVideoOpen = useEditorStore((s) => s.player !== null)
  const shots = useTaskShotChanges(taskId, isVideoOpen)
  const videoFrameRate = isVideoOpen ? (shots.data?.frameRate ?? null) : null
  const fps = frameRateOf(profile, videoFrameRate)
  const limits: Limits = useMemo(() => ({ maxCps: profile.maxCps, maxLineChars: profile.maxLineChars, maxLines: profile.maxLines }), [profile.maxCps, profile.maxLineChars, profile.maxLines])

  /** Chooses the task's profile (and frame rate, null for the profile's own). */
  const choose = useCallback((next: { id?: TimingProfileId; frameRate?: number | null }) => {
    const now = readChoice(taskId)
    const frameRate = next.frameRate === null ? undefined : (next.frameRate ?? now.frameRate)
    keep(taskKey(taskId), { id: next.id ?? now.id, frameRate })
  }, [taskId])
  /** Keeps the custom profile's numbers for the language (null: back to the language's rules). */
  const saveCustom = useCallback((values: TimingProfile | null) => {
    if (values === null) keep(oldLimitsKey(language), null)
    keep(customKey(language), values === null ? null : timingProfileSchema.parse({ ...values, id: 'custom' }))
  }, [language])
  return { id, profile, custom, seed: seedOf(language), fps, videoFrameRate, limits, choose, saveCustom }
}

export type TimingProfileState = ReturnType<typeof useTimingProfile>
