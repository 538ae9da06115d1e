'use client'

import Link from 'next/link'
import type { ComponentProps } from 'react'
import { useLocalizedPath } from '@/lib/client/use-localized-path'
import type { Locale } from '@/lib/site'

type Props = Omit<ComponentProps<typeof Link>, 'href'> & { href: string; locale?: Locale }

/** A link to a page in a locale (the current one by default), prefixed by the current host's rule. */
export function LocalizedLink({ href, locale, ...rest }: Props) {
  const localized = useLocalizedPath()
  return <Link href={localized(href, locale)} {...rest} />
}
