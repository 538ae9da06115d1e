import Image from 'next/image'
import { getTranslations } from 'next-intl/server'
import { seoMessages } from '@/lib/seo/seo-messages'
import type { Locale } from '@/lib/site'

/** Which screenshot (public/screens/<name>-<locale>.webp, made by scripts/screenshots.ts) shows each step; already small WebP, so served as is. */
export const STEP_SCREENS = {
  tutorial: ['dashboard', 'upload', 'options', 'export'],
  guide: ['editor', 'edit-row', 'retranslate', 'export'],
} as const
export const SCREEN_SIZE = { width: 960, height: 600 }

/** Numbered steps, each with a screenshot of the product in the page's language. */
export async function StepGuide({ guide, locale }: { guide: keyof typeof STEP_SCREENS; locale: Locale }) {
  const t = await getTranslations('seo')
  const seo = await seoMessages()
  const steps = Object.values(guide === 'tutorial' ? seo.tutorialSteps : seo.guideSteps)
  return (
    <ol className="mt-12 space-y-14" data-testid="step-guide">
      {steps.map((step, i) => (
        <li key={step.title} className="grid items-center gap-6 md:grid-cols-[1fr_1.4fr]">
          <div className="flex gap-4">
            <span className="tabular flex size-9 shrink-0 items-center justify-center rounded-full bg-brand text-sm font-semibold text-brand-fg">{i + 1}</span>
            <div>
              <h3 className="text-lg font-semibold">{step.title}</h3>
              <p className="mt-1 leading-7 text-muted">{step.body}</p>
            </div>
          </div>
          <Image
            unoptimized
            src={`/screens/${STEP_SCREENS[guide][i]}-${locale}.webp`}
            alt={t('screenshotAlt', { step: step.title })}
            width={SCREEN_SIZE.width}
            height={SCREEN_SIZE.height}
            className="h-auto w-full rounded-xl border border-border shadow-lg shadow-brand/5"
          />
        </li>
      ))}
    </ol>
  )
}
