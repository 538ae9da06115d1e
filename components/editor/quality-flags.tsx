'use client'

import { useTranslations } from 'next-intl'
import type { ReactNode } from 'react'
import { cn } from '@/components/ui/cn'
import type { Limits, RowQuality } from './quality'

/** A row's quality flags (reading speed, line length, glossary, script…), with `extra` items after them (the stored fit flag). */
export function QualityFlags({ quality, limits, id, onConvert, extra }: { quality: RowQuality; limits: Limits; id: number; onConvert: () => void; extra?: ReactNode }) {
  const t = useTranslations('editor.quality')
  if (quality.flags.length === 0) return null
  const text = {
    cps: () => t('cps', { cps: Number.isFinite(quality.cps) ? quality.cps.toFixed(1) : '∞', max: limits.maxCps }),
    lineLength: () => t('lineLength', { chars: quality.longestLine, max: limits.maxLineChars }),
    lines: () => t('lines', { lines: quality.lines, max: limits.maxLines }),
    empty: () => t('empty'),
    same: () => t('same'),
    glossary: () => t('glossary', { terms: quality.missingTerms.join(', ') }),
    script: () => t('script'),
  }
  return (
    <ul className="mt-1 flex flex-wrap gap-1 px-2" aria-label={t('label', { id })} data-testid="row-flags">
      {quality.flags.map((flag) => (
        <li key={flag} data-flag={flag} className={cn('rounded px-1.5 py-px text-[11px] leading-4 font-medium', flag === 'empty' ? 'bg-danger-subtle text-danger' : 'bg-warning-subtle text-warning')}>
          {text[flag]()}
          {flag === 'script' && (
            <button
              type="button"
              onClick={(event) => {
                event.stopPropagation()
                onConvert()
              }}
              className="ml-1.5 rounded underline underline-offset-2 hover:text-fg focus-visible:ring-2 focus-visible:ring-brand focus-visible:outline-none"
              data-testid="segment-convert-script"
            >
              {t('convert')}
            </button>
          )}
        </li>
      ))}
      {extra}
    </ul>
  )
}
