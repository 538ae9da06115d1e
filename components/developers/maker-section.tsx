'use client'

import type { FormEvent, ReactNode } from 'react'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'

/** Several of `options` ticked at once, as checkboxes under `legend`. */
type Choices<T extends string> = { legend: string; options: readonly T[]; chosen: readonly T[]; onChange: (chosen: T[]) => void; label: (option: T) => string; testId: (option: T) => string }

/**
 * A section of the developers page that makes things (API keys, webhook endpoints): its title and
 * subtitle, the form (a field, the `choices`, the submit button, busy while `isPending`), then
 * `children` (the one just made, the list).
 */
export function MakerSection<T extends string>({ testId, title, subtitle, field, choices, submit, onSubmit, children }: { testId: string; title: string; subtitle: string; field: ReactNode; choices: Choices<T>; submit: { label: string; isPending: boolean; testId: string }; onSubmit: () => void; children: ReactNode }) {
  const toggle = (option: T) => choices.onChange(choices.chosen.includes(option) ? choices.chosen.filter((o) => o !== option) : [...choices.chosen, option])
  return (
    <Card className="space-y-4 p-5" data-testid={testId}>
      <div>
        <h3 className="text-sm font-semibold text-fg">{title}</h3>
        <p className="mt-0.5 text-sm text-muted">{subtitle}</p>
      </div>
      <form
        onSubmit={(event: FormEvent) => {
          event.preventDefault()
          onSubmit()
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
        <Button type="submit" disabled={submit.isPending} data-testid={submit.testId}>
          {submit.label}
        </Button>
      </form>
      {children}
    </Card>
  )
}
