'use client'

import { useTranslations } from 'next-intl'
import { Dialog } from '@/components/ui/dialog'

function Keys({ keys }: { keys: string[][] }) {
  return (
    <span className="flex flex-wrap items-center justify-end gap-1">
      {keys.map((combo, i) => (
        <span key={i} className="inline-flex items-center gap-0.5">
          {i > 0 && <span className="px-1 text-subtle">/</span>}
          {combo.map((key) => (
            <kbd key={key} className="rounded border border-border bg-surface px-1.5 py-px font-sans text-[11px] text-fg shadow-[0_1px_0_var(--border)]">
              {key}
            </kbd>
          ))}
        </span>
      ))}
    </span>
  )
}

type HelpKey = 'undo' | 'redo' | 'find' | 'replace' | 'nextIssue' | 'prevIssue' | 'playPause' | 'help' | 'move' | 'moveWhileTyping' | 'first' | 'open' | 'retranslate' | 'leave' | 'selectRange' | 'selectToggle'

const GROUPS: { title: 'editing' | 'navigation' | 'video'; rows: [HelpKey, string[][]][] }[] = [
  {
    title: 'editing',
    rows: [
      ['undo', [['Ctrl', 'Z']]],
      ['redo', [['Ctrl', 'Shift', 'Z'], ['Ctrl', 'Y']]],
      ['find', [['Ctrl', 'F']]],
      ['replace', [['Ctrl', 'H']]],
      ['open', [['Enter'], ['E']]],
      ['retranslate', [['R']]],
      ['leave', [['Esc']]],
    ],
  },
  {
    title: 'navigation',
    rows: [
      ['move', [['↑'], ['↓']]],
      ['moveWhileTyping', [['Alt', '↑'], ['Alt', '↓']]],
      ['first', [['Home'], ['End']]],
      ['nextIssue', [['F8']]],
      ['prevIssue', [['Shift', 'F8']]],
      ['selectRange', [['Shift', 'Click']]],
      ['selectToggle', [['Ctrl', 'Click']]],
      ['help', [['?']]],
    ],
  },
  { title: 'video', rows: [['playPause', [['Space']]]] },
]

/** Every shortcut of the editor, grouped; opened with ? or the toolbar's button. */
export function HelpSheet({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useTranslations('editor.help')
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('title')} description={t('description')} className="max-w-xl">
      <div className="space-y-5" data-testid="help-sheet">
        {GROUPS.map((group) => (
          <section key={group.title}>
            <h3 className="mb-1.5 text-xs font-semibold tracking-wide text-subtle uppercase">{t(group.title)}</h3>
            <dl className="divide-y divide-border rounded-lg border border-border">
              {group.rows.map(([key, keys]) => (
                <div key={key} className="flex items-center justify-between gap-4 px-3 py-2 text-sm">
                  <dt className="text-fg">{t(key)}</dt>
                  <dd>
                    <Keys keys={keys} />
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
    </Dialog>
  )
}
