'use client'

import { useSyncExternalStore } from 'react'
import { resolveEdition, type Edition } from '@/lib/site'

let cachedHost = ''
let cachedEdition: Edition | null = null

function snapshot(): Edition {
  const host = window.location.host
  if (host !== cachedHost || !cachedEdition) {
    cachedHost = host
    cachedEdition = resolveEdition(host)
  }
  return cachedEdition
}

const subscribe = () => () => {}

/** The edition of the host this page is shown on; null during server rendering (pages are static). */
export function useEdition(): Edition | null {
  return useSyncExternalStore(subscribe, snapshot, () => null)
}
