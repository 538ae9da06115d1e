'use client'

import { useTranslations } from 'next-intl'
import { useMemo, useState } from 'react'
import { toast } from 'sonner'
import { useLanguageName } from '@/components/tasks/language-name'
import { Button } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { Select } from '@/components/ui/select'
import { actionsColumn, EditDeleteTD, HeadRow, Table, TBody, TD, TR } from '@/components/ui/table'
import { errorText } from '@/lib/client/api'
import type { GlossaryEntry } from '@/lib/client/glossary'
import { TARGET_LANGUAGES } from '@/lib/languages/languages'
import { GlossaryFormDialog } from './glossary-form-dialog'
import { useDeleteGlossaryEntry, useGlossary } from '@/lib/client/glossary'
import { ListSkeleton, RetryAlert } from '@/components/ui/load-states'
import { ViewSection } from '@/components/layout/view-section'

const ALL = 'all'

/** The "glossary" view: the caller's terms per target language, to list, add, edit and delete. */
export function GlossaryView() {
  const t = useTranslations('glossary')
  const name = useLanguageName()
  const [filter, setFilter] = useState(ALL)
  // undefined = closed, null = a new entry, an entry = editing it
  const [editing, setEditing] = useState<GlossaryEntry | null | undefined>(undefined)
  const query = useGlossary(filter === ALL ? '' : filter)
  const remove = useDeleteGlossaryEntry()
  const filterOptions = useMemo(() => [{ value: ALL, label: t('allLanguages') }, ...TARGET_LANGUAGES.map((code) => ({ value: code, label: name(code) }))], [name, t])

  const deleteEntry = (entry: GlossaryEntry) =>
    remove.mutate(entry.id, {
      onSuccess: () => toast.success(t('deleted', { term: entry.term })),
      onError: (error) => toast.error(errorText(error, t('deleteFailed'))),
    })

  const addButton = (
    <Button onClick={() => setEditing(null)} data-testid="glossary-add">
      {t('add')}
    </Button>
  )

  let body
  if (query.isPending) body = <ListSkeleton />
  else if (query.isError)
    body = (
      <RetryAlert onRetry={query.refetch} isRetrying={query.isFetching}>
        <p className="font-medium">{t('loadError')}</p>
        <p className="mt-0.5 opacity-90">{errorText(query.error, '')}</p>
      </RetryAlert>
    )
  else if (query.data.length === 0) body = <EmptyState title={t('empty.title')} body={t('empty.body')} action={addButton} />
  else
    body = (
      <Table data-testid="glossary-table">
        <HeadRow columns={[t('columns.term'), t('columns.translation'), t('columns.languages'), t('columns.note'), actionsColumn(t('columns.actions'))]} />
        <TBody>
          {query.data.map((entry) => (
            <TR key={entry.id} data-testid="glossary-row">
              <TD className="font-medium text-fg">{entry.term}</TD>
              <TD>{entry.translation}</TD>
              <TD className="whitespace-nowrap text-muted">
                {entry.sourceLanguage ? name(entry.sourceLanguage) : t('anySource')} → {name(entry.targetLanguage)}
              </TD>
              <TD className="max-w-60 truncate text-muted" title={entry.note ?? undefined}>
                {entry.note ?? ''}
              </TD>
              <EditDeleteTD
                edit={{ label: t('edit'), onClick: () => setEditing(entry), ariaLabel: t('editNamed', { term: entry.term }), testId: 'glossary-edit' }}
                remove={{ label: t('delete'), onClick: () => deleteEntry(entry), ariaLabel: t('deleteNamed', { term: entry.term }), testId: 'glossary-delete' }}
              />
            </TR>
          ))}
        </TBody>
      </Table>
    )

  return (
    <ViewSection
      id="glossary-heading"
      title={t('title')}
      subtitle={t('subtitle')}
      actions={
        <div className="flex items-center gap-3">
          <Select value={filter} onValueChange={setFilter} options={filterOptions} aria-label={t('filter')} className="w-48" data-testid="glossary-filter" />
          {addButton}
        </div>
      }
    >
      {body}
      <GlossaryFormDialog entry={editing} defaultTarget={filter === ALL ? '' : filter} onClose={() => setEditing(undefined)} />
    </ViewSection>
  )
}
