'use client'

import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/** False in server HTML and true once React runs in the browser (forms stay inert until then). */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}
