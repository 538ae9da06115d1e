'use client'

import { useTranslations } from 'next-intl'
import { useState, type ReactNode } from 'react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { errorText } from '@/lib/client/api'
import { ShownOnce } from './shown-once'

/** Several of `options` ticked at once, as checkboxes under `legend`. */
type Choices<T extends string> = { legend: string; options: readonly T[]; chosen: readonly T[]; onChange: (chosen: T[]) => void; label: (option: T) => string; testId: (option: T) => string }

// The test ids of each section's parts.
const TEST_IDS = {
  keys: { section: 'api-keys', create: 'api-key-create', made: 'api-key-made' },
  webhooks: { section: 'webhooks', create: 'webhook-create', made: 'webhook-secret' },
} as const

/**
 * A section of the developers page that makes things, API keys or webhook endpoints (`kind`: its
 * texts are developers.<kind>.title, subtitle, create, createFailed, made and empty): the form (a
 * `field`, the `choices`, the submit button, busy while `isPending`), the secret `make` answers
 * shown this once (the server never answers it again), then the list (`items`, each drawn by
 * `children`: nothing while it loads, a line when there is none).
 */
export function MakerSection<T extends string, Item>({ kind, field, choices, isPending, make, items, children }: { kind: keyof typeof TEST_IDS; field: ReactNode; choices: Choices<T>; isPending: boolean; make: () => Promise<string>; items: Item[] | undefined; children: (items: Item[]) => ReactNode }) {
  const t = useTranslations(`developers.${kind}`)
  const ids = TEST_IDS[kind]
  const [secret, setSecret] = useState<string | null>(null)
  const toggle = (option: T) => choices.onChange(choices.chosen.includes(option) ? choices.chosen.filter((o) => o !== option) : [...choices.chosen, option])
  return (
    <Card className="space-y-4 p-5" data-testid={ids.section}>
      <div>
        <h3 className="text-sm font-semibold text-fg">{t('title')}</h3>
        <p className="mt-0.5 text-sm text-muted">{t('subtitle')}</p>
      </div>
      <form
        onSubmit={(event) => {
          event.preventDefault()
          make().then(setSecret, (error: unknown) => toast.error(errorText(error, t('createFailed'))))
        }}
        className="grid gap-4 md:grid-cols-[1fr_auto] md:items-end"
      >
        <div className="space-y-3">
          {field}
          <fieldset className="flex flex-wrap gap-x-5 gap-y-2">
            <legend className="mb-1.5 text-sm font-medium text-fg">{choices.legend}</legend>
            {choices.options.map((option) => (
              <label key={option} className="flex items-center gap-2 text-sm text-fg">
                <input type="checkbox" checked={choices.chosen.includes(option)} onChange={() => toggle(option)} data-testid={choices.testId(option)} />
                {choices.label(option)}
              </label>
            ))}
          </fieldset>
        </div>
        <Button type="submit" disabled={isPending} data-testid={ids.create}>
          {t('create')}
        </Button>
      </form>
      {secret && <ShownOnce label={t('made')} value={secret} onDone={() => setSecret(null)} testId={ids.made} />}
      {items && items.length > 0 ? children(items) : items ? <p className="text-sm text-muted">{t('empty')}</p> : null}
    </Card>
  )
}
