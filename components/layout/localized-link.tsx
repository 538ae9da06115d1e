'use client'

import Link from 'next/link'
import { useLocale } from 'next-intl'
import type { ComponentProps } from 'react'
import { useEdition } from '@/lib/client/use-edition'
import { assumedHostDefault, localizedPath } from '@/lib/i18n/paths'
import type { Locale } from '@/lib/site'

type Props = Omit<ComponentProps<typeof Link>, 'href'> & { href: string; locale?: Locale }

/** A link to a page in a locale (the current one by default), prefixed by the current host's rule. */
export function LocalizedLink({ href, locale, ...rest }: Props) {
  const current = useLocale() as Locale
  const target = locale ?? current
  const edition = useEdition()
  const hostDefault = edition?.defaultLocale ?? assumedHostDefault(current)
  return <Link href={localizedPath(target, href, hostDefault)} {...rest} />
}
