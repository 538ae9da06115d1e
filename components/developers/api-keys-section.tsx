'use client'

import { useTranslations } from 'next-intl'
import { useState } from 'react'
import { toast } from 'sonner'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Field, Input } from '@/components/ui/input'
import { HeadRow, Table, TBody, TD, TR } from '@/components/ui/table'
import { API_SCOPES, type ApiScope } from '@/lib/api-keys/universal/scopes'
import { errorText } from '@/lib/client/api'
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '@/lib/client/developers'
import { useDateTime } from '@/lib/client/use-date-time'
import { MakerSection } from './maker-section'

/** API keys: make one (name, permissions; the key shown once), list them, revoke one. */
export function ApiKeysSection() {
  const t = useTranslations('developers')
  const when = useDateTime()
  const keys = useApiKeys()
  const create = useCreateApiKey()
  const revoke = useRevokeApiKey()
  const [name, setName] = useState('')
  const [scopes, setScopes] = useState<ApiScope[]>(['tasks:read'])

  return (
    <MakerSection
      kind="keys"
      field={
        <Field id="api-key-name" label={t('keys.name')}>
          <Input id="api-key-name" value={name} onChange={(e) => setName(e.target.value)} maxLength={60} placeholder={t('keys.namePlaceholder')} data-testid="api-key-name" />
        </Field>
      }
      choices={{ legend: t('keys.scopes'), options: API_SCOPES, chosen: scopes, onChange: setScopes, label: (scope) => t(`keys.scope.${scope}`), testId: (scope) => `api-key-scope-${scope}` }}
      isPending={create.isPending}
      make={async () => {
        const { key } = await create.mutateAsync({ name, scopes })
        setName('')
        return key
      }}
      items={keys.data}
    >
      {(list) => (
        <Table data-testid="api-key-table">
          <HeadRow columns={[t('keys.columns.name'), t('keys.columns.key'), t('keys.columns.scopes'), t('keys.columns.created'), t('keys.columns.lastUsed'), '']} />
          <TBody>
            {list.map((key) => (
              <TR key={key.id} data-testid="api-key-row">
                <TD className="font-medium text-fg">{key.name}</TD>
                <TD className="font-mono text-xs">{key.prefix}…</TD>
                <TD className="text-muted">{key.scopes.map((s) => t(`keys.scope.${s}`)).join(', ')}</TD>
                <TD className="whitespace-nowrap text-muted">{when(key.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}</TD>
                <TD className="whitespace-nowrap text-muted">{key.lastUsedAt ? when(key.lastUsedAt, { dateStyle: 'medium', timeStyle: 'short' }) : t('keys.neverUsed')}</TD>
                <TD className="text-right">
                  {key.revokedAt ? (
                    <Badge>{t('keys.revoked')}</Badge>
                  ) : (
                    <Button
                      size="sm"
                      variant="ghost"
                      className="text-danger"
                      aria-label={t('keys.revokeNamed', { name: key.name })}
                      onClick={() => revoke.mutate(key.id, { onSuccess: () => toast.success(t('keys.revokedToast', { name: key.name })), onError: (error) => toast.error(errorText(error, t('keys.revokeFailed'))) })}
                      data-testid="api-key-revoke"
                    >
                      {t('keys.revoke')}
                    </Button>
                  )}
                </TD>
              </TR>
            ))}
          </TBody>
        </Table>
      )}
    </MakerSection>
  )
}
