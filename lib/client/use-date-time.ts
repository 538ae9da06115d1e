'use client'

import { useFormatter, type DateTimeFormatOptions } from 'next-intl'
import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}
// Asked once: making an Intl.DateTimeFormat costs about a millisecond, and React reads the
// snapshot on every render of every component that shows a date.
let zone: string | undefined
const browserTimeZone = () => (zone ??= Intl.DateTimeFormat().resolvedOptions().timeZone)

/**
 * The viewer's time zone (the browser's), or null in server HTML and while hydrating: the server
 * cannot know it, and a different first render would be a hydration mismatch.
 */
export function useViewerTimeZone(): string | null {
  return useSyncExternalStore(subscribe, browserTimeZone, () => null)
}

type DateTimeOptions = Omit<DateTimeFormatOptions, 'timeZone' | 'timeZoneName'>

/**
 * Formats dates and times for the viewer: in the browser's time zone once React runs; before that
 * (server HTML, hydration) in UTC, labelled as such, so the first paint is never a wrong local time.
 */
export function useDateTime(): (date: Date | string, options: DateTimeOptions) => string {
  const format = useFormatter()
  const timeZone = useViewerTimeZone()
  return (date, options) => {
    const value = typeof date === 'string' ? new Date(date) : date
    if (timeZone) return format.dateTime(value, { ...options, timeZone })
    // Intl refuses a zone name beside dateStyle/timeStyle; those read UTC unlabelled.
    const labelled = options.dateStyle || options.timeStyle ? {} : { timeZoneName: 'short' as const }
    return format.dateTime(value, { ...options, timeZone: 'UTC', ...labelled })
  }
}
