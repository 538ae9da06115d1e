'use client'

import { useTranslations } from 'next-intl'
import { useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { useSaveGlossaryEntry } from '@/lib/client/glossary'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { errorText } from '@/lib/client/api'
import { shortTime } from '@/lib/client/task-helpers'
import type { Estimate, TermSuggestion } from '@/lib/client/tasks'
import { formatMs } from '@/lib/subtitles/time'

type Help = NonNullable<Estimate['glossary']>

/**
 * The upload dialog's glossary line: how many of the user's entries for the chosen target language
 * apply to the file, and the file's recurring names and terms, each one click (and its translation)
 * away from the glossary, with the cue it first occurs in (on the chip's title, and shown when open).
 */
export function UploadGlossary({ help, target, isDisabled }: { help: Help; target: string; isDisabled?: boolean }) {
  const t = useTranslations('upload.glossary')
  const save = useSaveGlossaryEntry()
  // Added here: they apply to the file (they come from it) and are no longer suggestions.
  const [added, setAdded] = useState<{ term: string; target: string }[]>([])
  const [open, setOpen] = useState<string | null>(null)
  const [translation, setTranslation] = useState('')
  const applying = (target ? (help.matches[target] ?? 0) : 0) + added.filter((a) => a.target === target).length
  const suggestions = help.suggestions.filter((s) => !added.some((a) => a.term === s.term))
  const opened = suggestions.find((s) => s.term === open)
  // Where a suggestion first occurs, as the editor numbers and times cues ("cue 12 at 00:01:23").
  const firstAt = (s: TermSuggestion) => t('firstAt', { cue: s.first.cue, time: shortTime(formatMs(s.first.startMs)) })

  const add = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!open || !target) return
    const term = open
    save.mutate(
      { input: { term, translation, targetLanguage: target } },
      {
        onSuccess: () => {
          toast.success(t('added', { term }))
          setAdded((list) => [...list, { term, target }])
          setOpen(null)
          setTranslation('')
        },
        onError: (error) => toast.error(errorText(error, t('addFailed'))),
      },
    )
  }

  if (!target && suggestions.length === 0) return null
  return (
    <div className="space-y-2 rounded-lg border border-border px-4 py-3 text-sm" data-testid="upload-glossary">
      <p className="flex items-baseline justify-between gap-3">
        <span className="font-medium text-fg">{t('title')}</span>
        {target && (
          <span className="text-xs text-muted" data-testid="upload-glossary-applies" data-count={applying}>
            {t('applies', { count: applying })}
          </span>
        )}
      </p>
      {suggestions.length > 0 && (
        <>
          <p className="text-xs text-subtle">{target ? t('suggestions') : t('chooseTarget')}</p>
          <div className="flex flex-wrap gap-1.5">
            {suggestions.map((s) => (
              <button
                key={s.term}
                type="button"
                disabled={!target || isDisabled}
                onClick={() => {
                  setOpen(s.term)
                  setTranslation('')
                }}
                aria-pressed={open === s.term}
                title={firstAt(s)}
                className="rounded-full border border-border px-2.5 py-0.5 text-xs text-fg transition-colors hover:border-brand hover:text-brand disabled:opacity-50 aria-pressed:border-brand aria-pressed:bg-brand-subtle"
                data-testid="glossary-suggestion"
              >
                + {s.term} <span className="tabular text-subtle">×{s.count}</span>
              </button>
            ))}
          </div>
          {opened && (
            <p className="text-xs text-muted" data-testid="glossary-suggestion-first" data-cue={opened.first.cue}>
              {firstAt(opened)}
            </p>
          )}
          {open && target && (
            <form onSubmit={add} className="flex items-center gap-2" data-testid="glossary-suggestion-form">
              <Input
                value={translation}
                onChange={(e) => setTranslation(e.target.value)}
                aria-label={t('translation', { term: open })}
                placeholder={t('translation', { term: open })}
                maxLength={200}
                autoFocus
                className="h-8"
                data-testid="glossary-suggestion-translation"
              />
              <Button type="submit" size="sm" isLoading={save.isPending} disabled={!translation.trim()} data-testid="glossary-suggestion-add">
                {t('add')}
              </Button>
            </form>
          )}
        </>
      )}
    </div>
  )
}
