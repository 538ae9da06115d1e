'use client'

import { useTranslations } from 'next-intl'
import { useState } from 'react'
import { toast } from 'sonner'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Field, Input } from '@/components/ui/input'
import { HeadRow, Table, TBody, TD, TR } from '@/components/ui/table'
import { errorText } from '@/lib/client/api'
import { useCreateWebhook, useDeleteWebhook, useDeliveries, useSendTestEvent, useWebhooks, type WebhookEndpointDto } from '@/lib/client/developers'
import { useDateTime } from '@/lib/client/use-date-time'
import { WEBHOOK_EVENTS, type WebhookEvent } from '@/lib/webhooks/universal/events'
import { MakerSection } from './maker-section'

const STATUS_TONE = { delivered: 'success', pending: 'warning', failed: 'danger' } as const
// Message keys cannot hold a dot (next-intl reads it as nesting): task.completed → task_completed.
const eventKey = (name: WebhookEvent) => name.replace('.', '_') as 'task_completed' | 'task_failed' | 'task_no_speech' | 'dub_completed'

/** One endpoint: its address and events, a test event, its latest deliveries (status, answer code). */
function EndpointCard({ endpoint }: { endpoint: WebhookEndpointDto }) {
  const t = useTranslations('developers.webhooks')
  const when = useDateTime()
  const deliveries = useDeliveries(endpoint.id)
  const sendTest = useSendTestEvent()
  const remove = useDeleteWebhook()
  return (
    <div className="space-y-3 rounded-lg border border-border p-4" data-testid="webhook-endpoint">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <p className="truncate font-mono text-sm text-fg">{endpoint.url}</p>
          <p className="text-xs text-muted">{endpoint.events.map((e) => t(`event.${eventKey(e)}`)).join(' · ')}</p>
        </div>
        <div className="flex gap-2">
          <Button size="sm" variant="secondary" disabled={sendTest.isPending} onClick={() => sendTest.mutate(endpoint.id, { onSuccess: () => toast.success(t('testSent')), onError: (error) => toast.error(errorText(error, t('testFailed'))) })} data-testid="webhook-test">
            {t('sendTest')}
          </Button>
          <Button size="sm" variant="ghost" className="text-danger" onClick={() => remove.mutate(endpoint.id, { onError: (error) => toast.error(errorText(error, t('deleteFailed'))) })} data-testid="webhook-delete">
            {t('delete')}
          </Button>
        </div>
      </div>
      {deliveries.data && deliveries.data.length > 0 ? (
        <Table data-testid="webhook-deliveries">
          <HeadRow columns={[t('columns.event'), t('columns.status'), t('columns.attempts'), t('columns.code'), t('columns.time')]} />
          <TBody>
            {deliveries.data.map((delivery) => (
              <TR key={delivery.id} data-testid="webhook-delivery">
                <TD className="font-mono text-xs">{delivery.event}</TD>
                <TD>
                  <Badge tone={STATUS_TONE[delivery.status]}>{t(`status.${delivery.status}`)}</Badge>
                </TD>
                <TD className="text-muted">{delivery.attempts}</TD>
                <TD className="text-muted" data-testid="webhook-delivery-code">
                  {delivery.lastCode ?? (delivery.lastError ? t('noAnswer') : '–')}
                </TD>
                <TD className="whitespace-nowrap text-muted">{when(delivery.createdAt, { dateStyle: 'medium', timeStyle: 'medium' })}</TD>
              </TR>
            ))}
          </TBody>
        </Table>
      ) : deliveries.data ? (
        <p className="text-xs text-muted">{t('noDeliveries')}</p>
      ) : null}
    </div>
  )
}

/** Webhook endpoints: add one (address, events; the secret shown once), and each endpoint's card. */
export function WebhooksSection() {
  const t = useTranslations('developers')
  const endpoints = useWebhooks()
  const create = useCreateWebhook()
  const [url, setUrl] = useState('')
  const [events, setEvents] = useState<WebhookEvent[]>(['task.completed', 'task.failed'])

  return (
    <MakerSection
      kind="webhooks"
      field={
        <Field id="webhook-url" label={t('webhooks.url')}>
          <Input id="webhook-url" type="url" value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://example.com/hooks/subtitles" data-testid="webhook-url" />
        </Field>
      }
      choices={{ legend: t('webhooks.events'), options: WEBHOOK_EVENTS, chosen: events, onChange: setEvents, label: (name) => t(`webhooks.event.${eventKey(name)}`), testId: (name) => `webhook-event-${name}` }}
      isPending={create.isPending}
      make={async () => {
        const { secret } = await create.mutateAsync({ url, events })
        setUrl('')
        return secret
      }}
      items={endpoints.data}
    >
      {(list) => (
        <div className="space-y-3">
          {list.map((endpoint) => (
            <EndpointCard key={endpoint.id} endpoint={endpoint} />
          ))}
        </div>
      )}
    </MakerSection>
  )
}
