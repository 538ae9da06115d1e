'use client'

import { useTranslations } from 'next-intl'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'

/** `isTotal`: the sum of several tasks (a batch), worded as such. */
export type Shortfall = { need: number; have: number; isTotal?: boolean }

type Props = {
  shortfall: Shortfall | null
  canPurchase: boolean
  onBuy: () => void
  onCancel: () => void
}

/** The file costs more than the balance; offers buying points or cancelling (docs/product.md, Uploads). */
export function InsufficientPointsDialog({ shortfall, canPurchase, onBuy, onCancel }: Props) {
  const t = useTranslations('upload.insufficient')
  const tc = useTranslations('common')
  return (
    <Dialog
      open={shortfall !== null}
      onOpenChange={(open) => !open && onCancel()}
      title={t('title')}
      description={shortfall ? t(shortfall.isTotal ? 'bodyTotal' : 'body', { need: shortfall.need, have: shortfall.have }) : undefined}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            {tc('cancel')}
          </Button>
          {canPurchase && (
            <Button onClick={onBuy} data-testid="buy-points">
              {t('buy')}
            </Button>
          )}
        </>
      }
    >
      {shortfall && (
        <dl className="tabular grid grid-cols-2 gap-3 rounded-lg bg-surface-2/60 px-4 py-3 text-sm" data-testid="insufficient-points">
          <div>
            <dt className="text-xs text-subtle">{t('need')}</dt>
            <dd className="font-medium text-fg">{t('points', { points: shortfall.need })}</dd>
          </div>
          <div>
            <dt className="text-xs text-subtle">{t('have')}</dt>
            <dd className="font-medium text-danger">{t('points', { points: shortfall.have })}</dd>
          </div>
        </dl>
      )}
      {!canPurchase && <p className="mt-3 text-sm text-muted">{t('noPurchase')}</p>}
    </Dialog>
  )
}
