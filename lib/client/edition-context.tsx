'use client'

import { createContext, useContext, type ReactNode } from 'react'
import { editionView, type EditionName, type EditionView, type Locale } from '@/lib/site'

type Licence = { licence: string; icp: string }
type Site = { edition: EditionView; locale: Locale; licence: Licence | null }

const SiteContext = createContext<Site | null>(null)

/**
 * The edition the proxy picked (from the path, so known on the server and pages stay static), the
 * page's locale, and the licence line where the edition shows it. Public pages' islands read these
 * instead of the message catalogue, so they ship without the i18n runtime.
 */
export function EditionProvider({ name, locale, licence, children }: { name: EditionName; locale: Locale; licence: Licence | null; children: ReactNode }) {
  return <SiteContext.Provider value={{ edition: editionView(name), locale, licence }}>{children}</SiteContext.Provider>
}

/** The current page's edition: set on the server, so the server HTML already shows host-dependent parts. */
export function useEditionView(): EditionView | null {
  return useContext(SiteContext)?.edition ?? null
}

/** The page's locale (from its path). */
export function usePageLocale(): Locale {
  const site = useContext(SiteContext)
  if (!site) throw new Error('usePageLocale outside EditionProvider')
  return site.locale
}

/** The licence and ICP texts, present only on editions that show them. */
export function useLicence(): Licence | null {
  return useContext(SiteContext)?.licence ?? null
}
