'use client'

import { useCallback, useSyncExternalStore } from 'react'
import { defaultLimits, sanitizeLimits, type Limits } from './quality'

const storageKey = (language: string) => `subtitle-studio.editor.limits.${language}`
const listeners = new Set<() => void>()
// Parsed once per stored string, so the snapshot keeps its identity and rows stay memoized.
const parsed = new Map<string, Limits>()

function read(language: string): Limits {
  const fallback = defaultLimits(language)
  let raw: string | null = null
  try {
    raw = localStorage.getItem(storageKey(language))
  } catch {
    // storage blocked (private mode): the defaults apply
  }
  if (raw === null) return fallback
  const cacheKey = `${language}\u0000${raw}`
  let limits = parsed.get(cacheKey)
  if (!limits) {
    try {
      limits = sanitizeLimits(JSON.parse(raw), fallback)
    } catch {
      limits = fallback
    }
    parsed.set(cacheKey, limits)
  }
  return limits
}

/** The quality limits of a target language: its defaults, or what the user set in this browser. */
export function useQualityLimits(language: string) {
  const limits = useSyncExternalStore(
    (notify) => {
      listeners.add(notify)
      return () => listeners.delete(notify)
    },
    () => read(language),
    () => defaultLimits(language),
  )
  const save = useCallback(
    (next: Limits | null) => {
      try {
        if (next) localStorage.setItem(storageKey(language), JSON.stringify(sanitizeLimits(next, defaultLimits(language))))
        else localStorage.removeItem(storageKey(language))
      } catch {
        // not kept, but applied for this page
      }
      for (const notify of listeners) notify()
    },
    [language],
  )
  return { limits, save, defaults: defaultLimits(language) }
}
