'use client'

import { useSyncExternalStore } from 'react'

const FALLBACK = 'support@subtitle-studio.example'

function addressFor(hostname: string) {
  if (hostname === 'localhost' || hostname.endsWith('.localhost') || /^[\d.]+$/.test(hostname)) return FALLBACK
  return `service@${hostname.replace(/^www\./, '')}`
}

/** The service address at the current host (a fixed fallback on localhost). */
export function ContactEmail() {
  const email = useSyncExternalStore(
    () => () => {},
    () => addressFor(window.location.hostname),
    () => FALLBACK,
  )
  return (
    <a href={`mailto:${email}`} data-testid="contact-email" className="text-brand hover:underline">
      {email}
    </a>
  )
}
