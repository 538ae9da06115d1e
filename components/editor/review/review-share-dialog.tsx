'use client'

import { useTranslations } from 'next-intl'
import { useState } from 'react'
import { toast } from 'sonner'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { RadioCard } from '@/components/ui/radio-card'
import { Dialog } from '@/components/ui/dialog'
import { Select } from '@/components/ui/select'
import { errorText } from '@/lib/client/api'
import { REVIEW_MODES, reviewLinkUrl, useApproval, useApproveTask, useCreateReviewLink, useReviewLinks, useRevokeReviewLink, type ReviewLinkDto } from '@/lib/client/reviews'
import { useDateTime } from '@/lib/client/use-date-time'
import { useLocalizedPath } from '@/lib/client/use-localized-path'

type Mode = (typeof REVIEW_MODES)[number]
const EXPIRY_DAYS = [1, 7, 30, 90] as const

function linkState(link: ReviewLinkDto, now: number): 'live' | 'revoked' | 'expired' {
  if (link.revokedAt) return 'revoked'
  return new Date(link.expiresAt).getTime() <= now ? 'expired' : 'live'
}

/** A link's address just made, with a copy button: the server never answers the token again. */
function MadeLink({ url }: { url: string }) {
  const t = useTranslations('review.share')
  const copy = () =>
    void navigator.clipboard
      ?.writeText(url)
      .then(() => toast.success(t('copied')))
      .catch(() => toast.error(t('copyFailed')))
  return (
    <div role="status" className="space-y-2 rounded-lg border border-success/40 bg-success-subtle p-3 text-sm" data-testid="review-link-made">
      <p className="font-medium text-fg">{t('made')}</p>
      <div className="flex items-center gap-2">
        <input readOnly value={url} aria-label={t('address')} onFocus={(e) => e.target.select()} className="h-8 min-w-0 flex-1 truncate rounded-md border border-border bg-surface px-2 font-mono text-xs text-fg" data-testid="review-link-url" />
        <Button size="sm" variant="secondary" onClick={copy} data-testid="review-link-copy">
          {t('copy')}
        </Button>
      </div>
      <p className="text-xs text-muted">{t('shownOnce')}</p>
    </div>
  )
}

/** "Share for review": a link to this task (read-only, or to comment and suggest) with an expiry, the task's links, and its approval. */
export function ReviewShareDialog({ taskId, open, onOpenChange, commentRows = [], onGoToRow }: { taskId: string; open: boolean; onOpenChange: (open: boolean) => void; commentRows?: readonly number[]; onGoToRow?: (id: number) => void }) {
  const t = useTranslations('review.share')
  const when = useDateTime()
  const localized = useLocalizedPath()
  const links = useReviewLinks(taskId, open)
  const create = useCreateReviewLink(taskId)
  const revoke = useRevokeReviewLink(taskId)
  const approval = useApproval(taskId)
  const approve = useApproveTask(taskId)
  const [mode, setMode] = useState<Mode>('comment')
  const [days, setDays] = useState<number>(7)
  const [madeUrl, setMadeUrl] = useState<string | null>(null)
  const [now] = useState(() => Date.now())

  const share = () => {
    setMadeUrl(null)
    create.mutate(
      { mode, expiresInDays: days },
      { onSuccess: (made) => setMadeUrl(reviewLinkUrl(localized(made.path))), onError: (error) => toast.error(errorText(error, t('createFailed'))) },
    )
  }
  const close = (next: boolean) => {
    if (!next) setMadeUrl(null)
    onOpenChange(next)
  }
  const approvedAt = approval.data?.approvedAt ?? null

  return (
    <Dialog open={open} onOpenChange={close} title={t('title')} description={t('description')} className="max-w-xl">
      <div className="space-y-5" data-testid="review-share-dialog">
        <fieldset className="space-y-2">
          <legend className="mb-2 text-sm font-medium text-fg">{t('modeLabel')}</legend>
          <div role="radiogroup" className="grid gap-2 sm:grid-cols-2">
            {REVIEW_MODES.map((m) => (
              <RadioCard key={m} isChecked={mode === m} onSelect={() => setMode(m)} label={t(`mode.${m}`)} hint={t(`modeHint.${m}`)} testId={`review-mode-${m}`} />
            ))}
          </div>
        </fieldset>
        <div className="flex flex-wrap items-end gap-3">
          <div className="min-w-40 flex-1 space-y-1.5">
            <label htmlFor="review-expiry" className="text-sm font-medium text-fg">
              {t('expiryLabel')}
            </label>
            <Select id="review-expiry" value={String(days)} onValueChange={(v) => setDays(Number(v))} options={EXPIRY_DAYS.map((d) => ({ value: String(d), label: t('days', { count: d }) }))} data-testid="review-expiry" />
          </div>
          <Button onClick={share} isLoading={create.isPending} data-testid="review-link-create">
            {t('create')}
          </Button>
        </div>
        {madeUrl && <MadeLink url={madeUrl} />}

        <section aria-labelledby="review-links-title" className="space-y-2">
          <h3 id="review-links-title" className="text-sm font-semibold text-fg">
            {t('linksTitle')}
          </h3>
          {links.isPending ? (
            <p className="text-sm text-muted">{t('loading')}</p>
          ) : links.isError ? (
            <p className="text-sm text-danger">
              {errorText(links.error, t('loadFailed'))}{' '}
              <button type="button" className="underline" onClick={() => void links.refetch()}>
                {t('retry')}
              </button>
            </p>
          ) : links.data.length === 0 ? (
            <p className="rounded-lg border border-dashed border-border px-3 py-4 text-center text-sm text-muted" data-testid="review-links-empty">
              {t('noLinks')}
            </p>
          ) : (
            <ul className="divide-y divide-border rounded-lg border border-border" data-testid="review-links">
              {links.data.map((link) => {
                const state = linkState(link, now)
                return (
                  <li key={link.id} className="flex items-center gap-3 px-3 py-2.5 text-sm" data-testid="review-link-row" data-state={state}>
                    <div className="min-w-0 flex-1">
                      <p className="font-medium text-fg">{t(`mode.${link.mode}`)}</p>
                      <p className="text-xs text-muted">
                        {t('createdAt', { date: when(link.createdAt, { dateStyle: 'medium', timeStyle: 'short' }) })}
                        {' · '}
                        {state === 'revoked' ? t('revokedAt', { date: when(link.revokedAt!, { dateStyle: 'medium', timeStyle: 'short' }) }) : t(state === 'expired' ? 'expiredAt' : 'expiresAt', { date: when(link.expiresAt, { dateStyle: 'medium', timeStyle: 'short' }) })}
                      </p>
                    </div>
                    {state === 'live' ? (
                      <Button
                        size="sm"
                        variant="ghost"
                        className="text-danger"
                        isLoading={revoke.isPending && revoke.variables === link.id}
                        onClick={() => revoke.mutate(link.id, { onSuccess: () => toast.success(t('revoked')), onError: (error) => toast.error(errorText(error, t('revokeFailed'))) })}
                        data-testid="review-link-revoke"
                      >
                        {t('revoke')}
                      </Button>
                    ) : (
                      <Badge tone={state === 'revoked' ? 'danger' : 'neutral'}>{t(`state.${state}`)}</Badge>
                    )}
                  </li>
                )
              })}
            </ul>
          )}
        </section>

        {commentRows.length > 0 && onGoToRow && (
          <section aria-labelledby="review-waiting-title" className="space-y-2" data-testid="review-waiting">
            <h3 id="review-waiting-title" className="text-sm font-semibold text-fg">
              {t('waitingTitle', { count: commentRows.length })}
            </h3>
            <div className="flex flex-wrap gap-1.5">
              {commentRows.map((id) => (
                <button key={id} type="button" onClick={() => onGoToRow(id)} className="tabular rounded-md border border-info/30 bg-info-subtle px-2 py-1 text-xs font-medium text-info hover:border-info focus-visible:ring-2 focus-visible:ring-brand focus-visible:outline-none" data-testid="review-waiting-row">
                  {t('goToRow', { id })}
                </button>
              ))}
            </div>
          </section>
        )}

        <section className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-surface-2/60 px-3 py-3" data-testid="review-approval" data-approved={approvedAt !== null}>
          <div className="min-w-0 flex-1">
            <p className="text-sm font-medium text-fg">{t('approvalTitle')}</p>
            <p className="text-xs text-muted">{approvedAt ? t('approvedAt', { date: when(approvedAt, { dateStyle: 'medium', timeStyle: 'short' }) }) : t('approvalHint')}</p>
          </div>
          {approvedAt ? (
            <Badge tone="success" testId="review-approved">
              {t('approved')}
            </Badge>
          ) : (
            <Button size="sm" variant="secondary" isLoading={approve.isPending} disabled={!approval.data} onClick={() => approve.mutate(undefined, { onSuccess: () => toast.success(t('approvedToast')), onError: (error) => toast.error(errorText(error, t('approveFailed'))) })} data-testid="review-approve">
              {t('approve')}
            </Button>
          )}
        </section>
      </div>
    </Dialog>
  )
}
