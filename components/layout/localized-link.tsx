'use client'

import Link from 'next/link'
import { useState, type ComponentProps } from 'react'
import { useLocalizedPath } from '@/lib/client/use-localized-path'
import type { Locale } from '@/lib/site'

type Props = Omit<ComponentProps<typeof Link>, 'href' | 'prefetch'> & {
  href: string
  locale?: Locale
  /**
   * When the page behind the link is fetched ahead: as soon as the link is on screen (Next's
   * default), or once a pointer rests on it or it takes focus. `intent` is for lists of links to
   * signed-in pages (the side menu, each task's editor): each one prefetched is a page rendered on
   * the server for every view of the list, most never opened.
   */
  prefetchOn?: 'view' | 'intent'
}

/** A link to a page in a locale (the current one by default), prefixed by the current host's rule. */
export function LocalizedLink({ href, locale, prefetchOn = 'view', onMouseEnter, onFocus, onTouchStart, ...rest }: Props) {
  const localized = useLocalizedPath()
  const [intended, setIntended] = useState(prefetchOn === 'view')
  const intend = () => setIntended(true)
  return (
    <Link
      href={localized(href, locale)}
      prefetch={intended ? null : false}
      onMouseEnter={(event) => (intend(), onMouseEnter?.(event))}
      onFocus={(event) => (intend(), onFocus?.(event))}
      onTouchStart={(event) => (intend(), onTouchStart?.(event))}
      {...rest}
    />
  )
}
