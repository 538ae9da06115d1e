'use client'

import { useTranslations } from 'next-intl'
import { useId, useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { FailureAlert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Textarea } from '@/components/ui/input'
import { errorText } from '@/lib/client/api'
import { useAddReviewComment, type ReviewView } from '@/lib/client/reviews'

type Line = ReviewView['segments'][number]

/** A comment on one line, with a new text for it when the reviewer changes the one filled in (unchanged, none is sent). */
export function CommentForm({ token, line, onDone }: { token: string; line: Line; onDone: () => void }) {
  const t = useTranslations('review.page')
  const id = useId()
  const add = useAddReviewComment(token)
  const current = line.translatedText ?? ''
  const [body, setBody] = useState('')
  const [suggestion, setSuggestion] = useState(current)
  const [failure, setFailure] = useState<string | null>(null)
  const changed = suggestion.trim() !== current.trim() && suggestion.trim() !== ''

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setFailure(null)
    add.mutate(
      { segmentId: line.id, body, suggestion: changed ? suggestion : null },
      {
        onSuccess: () => {
          toast.success(t('sent', { id: line.id }))
          onDone()
        },
        onError: (error) => setFailure(errorText(error, t('sendFailed'))),
      },
    )
  }

  return (
    <form onSubmit={submit} onKeyDown={(e) => e.key === 'Escape' && onDone()} className="mt-2 space-y-2 rounded-lg border border-brand/30 bg-surface p-3" data-testid="review-comment-form">
      <FailureAlert message={failure} />
      <div className="space-y-1">
        <label htmlFor={`${id}-body`} className="text-xs font-medium text-fg">
          {t('commentLabel')}
        </label>
        <Textarea id={`${id}-body`} value={body} onChange={(e) => setBody(e.target.value)} rows={2} maxLength={2000} placeholder={t('commentPlaceholder')} autoFocus data-testid="review-comment-body" />
      </div>
      <div className="space-y-1">
        <label htmlFor={`${id}-suggestion`} className="text-xs font-medium text-fg">
          {t('suggestionLabel')}
        </label>
        <Textarea id={`${id}-suggestion`} value={suggestion} onChange={(e) => setSuggestion(e.target.value)} rows={2} maxLength={2000} aria-describedby={`${id}-suggestion-hint`} data-testid="review-comment-suggestion" />
        <p id={`${id}-suggestion-hint`} className={changed ? 'text-xs text-brand' : 'text-xs text-subtle'}>
          {changed ? t('suggestionChanged') : t('suggestionHint')}
        </p>
      </div>
      <div className="flex justify-end gap-2">
        <Button size="sm" variant="ghost" onClick={onDone}>
          {t('cancel')}
        </Button>
        <Button size="sm" type="submit" isLoading={add.isPending} disabled={body.trim() === ''} data-testid="review-comment-send">
          {t(changed ? 'sendWithSuggestion' : 'send')}
        </Button>
      </div>
    </form>
  )
}
