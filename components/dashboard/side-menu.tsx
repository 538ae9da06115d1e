'use client'

import { useTranslations } from 'next-intl'
import { useSelectedLayoutSegment } from 'next/navigation'
import { BrandMark } from '@/components/layout/brand-mark'
import { LocalizedLink } from '@/components/layout/localized-link'
import { cn } from '@/components/ui/cn'
import { SECTION_PATHS, sectionOf, type DashboardSection } from '@/components/layout/dashboard-sections'

const ICONS: Record<DashboardSection, string> = {
  tasks: 'M4 6h16M4 12h10M4 18h7',
  glossary: 'M5 4h11a3 3 0 0 1 3 3v13H8a3 3 0 0 1-3-3zM5 17a3 3 0 0 1 3-3h11M9 8h6',
  memory: 'M4 6c0-1.7 3.6-3 8-3s8 1.3 8 3-3.6 3-8 3-8-1.3-8-3zM4 6v6c0 1.7 3.6 3 8 3s8-1.3 8-3V6M4 12v6c0 1.7 3.6 3 8 3s8-1.3 8-3v-6',
  points: 'M12 3v18M7 8h7a3 3 0 0 1 0 6H8a3 3 0 0 0 0 6h8',
  orders: 'M6 3h12v18l-3-2-3 2-3-2-3 2zM9 8h6M9 12h6',
  developers: 'M8 8l-4 4 4 4M16 8l4 4-4 4M13.5 5l-3 14',
  users: 'M16 19v-1a4 4 0 0 0-8 0v1M12 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
}

type Props = { isManager: boolean; canPurchase: boolean }

/**
 * The side menu: translation, glossary, translation memory, buy points (when enabled), my orders, API
 * and webhooks, and user management for managers only (a creator never sees it; the page itself is
 * guarded on the server, which warns a creator who types its address).
 */
export function SideMenu({ isManager, canPurchase }: Props) {
  const t = useTranslations()
  const current = sectionOf(useSelectedLayoutSegment())
  const items: DashboardSection[] = ['tasks', 'glossary', 'memory', ...(canPurchase ? (['points'] as const) : []), 'orders', 'developers', ...(isManager ? (['users'] as const) : [])]
  return (
    <aside className="border-b border-border bg-surface lg:fixed lg:inset-y-0 lg:left-0 lg:w-60 lg:border-r lg:border-b-0">
      <div className="flex h-16 items-center px-5">
        <LocalizedLink href="/" className="flex items-center gap-2.5 text-base font-semibold tracking-tight whitespace-nowrap text-fg">
          <BrandMark />
          {t('common.brand')}
        </LocalizedLink>
      </div>
      <nav aria-label={t('dashboard.menuLabel')} className="flex gap-1 overflow-x-auto px-3 pb-3 lg:flex-col lg:pb-0">
        {items.map((item) => {
          return (
            <LocalizedLink
              key={item}
              href={SECTION_PATHS[item]}
              prefetchOn="intent"
              data-testid={`menu-${item}`}
              aria-current={current === item ? 'page' : undefined}
              className={cn(
                'flex shrink-0 items-center gap-3 rounded-lg px-3 py-2 text-sm transition-colors',
                current === item ? 'bg-brand-subtle font-medium text-brand' : 'text-muted hover:bg-surface-2 hover:text-fg',
              )}
            >
              <svg className="size-4" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
                <path d={ICONS[item]} />
              </svg>
              {t(`dashboard.menu.${item}`)}
            </LocalizedLink>
          )
        })}
      </nav>
    </aside>
  )
}
