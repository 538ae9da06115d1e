'use client'

import { useTranslations } from 'next-intl'
import { useDeferredValue, useMemo, useRef, useState } from 'react'
import { toast } from 'sonner'
import { useLanguageName } from '@/components/tasks/language-name'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { Input } from '@/components/ui/input'
import { Pagination } from '@/components/ui/pagination'
import { Select } from '@/components/ui/select'
import { actionsColumn, EditDeleteTD, HeadRow, Table, TBody, TD, TR } from '@/components/ui/table'
import { errorText } from '@/lib/client/api'
import { downloadMemory, type MemoryEntry, type MemoryPair } from '@/lib/client/memory'
import { MemoryEditDialog } from './memory-edit-dialog'
import { useDeleteMemoryEntry, useImportMemory, useMemoryPage, useMemoryPairs } from '@/lib/client/memory'
import { ListSkeleton, RetryAlert } from '@/components/ui/load-states'
import { ViewSection } from '@/components/layout/view-section'

const pairKey = (pair: Pick<MemoryPair, 'sourceLanguage' | 'targetLanguage'>) => `${pair.sourceLanguage}>${pair.targetLanguage}`

/**
 * The "translation memory" view: the lines the caller's tasks kept, per language pair, to search,
 * correct and forget, and to carry to and from other tools as TMX.
 */
export function MemoryView() {
  const t = useTranslations('memory')
  const name = useLanguageName()
  const pairs = useMemoryPairs()
  const [chosen, setChosen] = useState<string | null>(null)
  const [search, setSearch] = useState('')
  const q = useDeferredValue(search)
  const [page, setPage] = useState(1)
  const [editing, setEditing] = useState<MemoryEntry | null>(null)
  const fileInput = useRef<HTMLInputElement>(null)
  const importing = useImportMemory()
  const remove = useDeleteMemoryEntry()

  const pair = pairs.data?.find((p) => pairKey(p) === chosen) ?? pairs.data?.[0] ?? null
  const filter = pair ? { sourceLanguage: pair.sourceLanguage, targetLanguage: pair.targetLanguage, q, page } : null
  const entries = useMemoryPage(filter)
  const pairOptions = useMemo(
    () => (pairs.data ?? []).map((p) => ({ value: pairKey(p), label: t('pairOption', { source: name(p.sourceLanguage), target: name(p.targetLanguage), count: p.count }) })),
    [name, pairs.data, t],
  )

  const onImport = (file: File | undefined) => {
    if (!file) return
    importing.mutate(file, {
      onSuccess: (result) => toast.success(t('import.done', { imported: result.imported, skipped: result.skipped, tooLong: result.tooLong, max: result.maxChars })),
      onError: (error) => toast.error(errorText(error, t('import.failed')), { id: 'memory-import' }),
    })
  }
  const onExport = async () => {
    if (!pair) return
    try {
      await downloadMemory(pair.sourceLanguage, pair.targetLanguage)
    } catch (error) {
      toast.error(errorText(error, t('export.failed')))
    }
  }
  const forget = (entry: MemoryEntry) =>
    remove.mutate(entry.id, {
      onSuccess: () => toast.success(t('deleted')),
      onError: (error) => toast.error(errorText(error, t('deleteFailed'))),
    })

  const importButton = (
    <>
      <input ref={fileInput} type="file" accept=".tmx,application/x-tmx+xml,text/xml" className="sr-only" tabIndex={-1} onChange={(e) => (onImport(e.target.files?.[0]), (e.target.value = ''))} data-testid="memory-import-file" />
      <Button variant="secondary" onClick={() => fileInput.current?.click()} isLoading={importing.isPending} data-testid="memory-import">
        {t('import.button')}
      </Button>
    </>
  )

  const loading = (
    <ListSkeleton />
  )
  const failure = (query: { error: unknown; refetch: () => unknown; isFetching: boolean }) => (
    <RetryAlert onRetry={query.refetch} isRetrying={query.isFetching}>
      <p className="font-medium">{t('loadError')}</p>
      <p className="mt-0.5 opacity-90">{errorText(query.error, '')}</p>
    </RetryAlert>
  )

  let body
  if (pairs.isPending) body = loading
  else if (pairs.isError) body = failure(pairs)
  else if (!pair) body = <EmptyState title={t('empty.title')} body={t('empty.body')} action={importButton} />
  else
    body = (
      <div className="space-y-4">
        <div className="flex flex-wrap items-center gap-3">
          <Select value={pairKey(pair)} onValueChange={(value) => (setChosen(value), setPage(1))} options={pairOptions} aria-label={t('pair')} className="w-96 max-w-full" data-testid="memory-pair" />
          <Input
            type="search"
            value={search}
            onChange={(e) => (setSearch(e.target.value), setPage(1))}
            placeholder={t('search')}
            aria-label={t('search')}
            className="w-64"
            maxLength={200}
            data-testid="memory-search"
          />
          <span className="flex-1" />
          <Button variant="secondary" onClick={() => void onExport()} data-testid="memory-export">
            {t('export.button')}
          </Button>
        </div>
        {entries.isPending ? (
          loading
        ) : entries.isError ? (
          failure(entries)
        ) : entries.data.list.length === 0 ? (
          <p className="rounded-lg border border-dashed border-border px-4 py-8 text-center text-sm text-muted" data-testid="memory-no-match">
            {t('noMatch')}
          </p>
        ) : (
          <>
            <Table data-testid="memory-table">
              <HeadRow columns={[t('columns.source'), t('columns.translation'), t('columns.origin'), actionsColumn(t('columns.actions'))]} />
              <TBody>
                {entries.data.list.map((entry) => (
                  <TR key={entry.id} data-testid="memory-row">
                    <TD className="max-w-80 whitespace-pre-line text-muted">{entry.sourceText}</TD>
                    <TD className="max-w-80 whitespace-pre-line text-fg">{entry.targetText}</TD>
                    <TD>
                      <Badge tone={entry.origin === 'edited' ? 'success' : 'neutral'}>{t(`origin.${entry.origin}`)}</Badge>
                    </TD>
                    <EditDeleteTD edit={{ label: t('edit.button'), onClick: () => setEditing(entry), testId: 'memory-edit' }} remove={{ label: t('delete'), onClick: () => forget(entry), testId: 'memory-delete' }} />
                  </TR>
                ))}
              </TBody>
            </Table>
            <Pagination
              page={entries.data.pageNum}
              totalPages={entries.data.totalPages}
              onPageChange={setPage}
              isDisabled={entries.isFetching}
              labels={{ previous: t('previous'), next: t('next'), status: t('pageStatus', { page: entries.data.pageNum, pages: entries.data.totalPages, count: entries.data.totalCount }) }}
            />
          </>
        )}
      </div>
    )

  return (
    <ViewSection id="memory-heading" title={t('title')} subtitle={t('subtitle')} actions={pair && importButton}>
      {body}
      <MemoryEditDialog entry={editing} onClose={() => setEditing(null)} />
    </ViewSection>
  )
}
