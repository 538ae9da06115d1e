'use client'

import { useLicence } from '@/lib/client/edition-context'

type Props = { licence?: string; icp?: string }

/** The licence line itself; without texts it takes them from the page's context, present only where the edition shows it. */
export function LicenceText(props: Props) {
  const fromContext = useLicence()
  const licence = props.licence ?? fromContext?.licence
  const icp = props.icp ?? fromContext?.icp
  if (!licence || !icp) return null
  return (
    <p data-testid="licence-line" className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-subtle">
      <span>{licence}</span>
      <a href="https://beian.miit.gov.cn/" rel="noopener noreferrer" target="_blank" className="hover:text-muted">
        {icp}
      </a>
    </p>
  )
}
