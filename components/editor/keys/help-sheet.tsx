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

type HelpKey =
  | 'undo' | 'redo' | 'find' | 'replace' | 'nextIssue' | 'prevIssue' | 'help' | 'move' | 'moveWhileTyping' | 'first' | 'open' | 'retranslate' | 'leave' | 'selectRange' | 'selectToggle'
  | 'playPause' | 'frame' | 'jump1' | 'jump5' | 'speed'
  | 'setStart' | 'setEnd' | 'split' | 'merge' | 'nudgeStart' | 'nudgeEnd' | 'readingSpeed'

type Group = { title: 'editing' | 'navigation' | 'playback' | 'timing'; rows: [HelpKey, string[][]][] }

// Two columns: what edits and moves between rows, then what plays the video and times the active cue.
const COLUMNS: Group[][] = [
  [
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
  ],
  [
    {
      title: 'playback',
      rows: [
        ['playPause', [['Space'], ['K']]],
        ['frame', [[','], ['.']]],
        ['jump1', [['←'], ['→']]],
        ['jump5', [['Shift', '←'], ['Shift', '→']]],
        ['speed', [['['], [']']]],
      ],
    },
    {
      title: 'timing',
      rows: [
        ['setStart', [['I']]],
        ['setEnd', [['O']]],
        ['split', [['S']]],
        ['merge', [['M']]],
        ['nudgeStart', [['Shift', ','], ['Shift', '.']]],
        ['nudgeEnd', [['Alt', ','], ['Alt', '.']]],
        ['readingSpeed', [['D']]],
      ],
    },
  ],
]

/** Every shortcut of the editor, grouped in two columns; opened with ? or the toolbar's button. */
export function HelpSheet({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useTranslations('editor.help')
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('title')} description={t('description')} className="max-w-4xl">
      <div className="grid gap-x-6 gap-y-4 md:grid-cols-2" data-testid="help-sheet">
        {COLUMNS.map((column, i) => (
          <div key={i} className="space-y-4">
            {column.map((group) => (
              <section key={group.title} data-group={group.title}>
                <h3 className="mb-1.5 text-xs font-semibold tracking-wide text-subtle uppercase">{t(group.title)}</h3>
                <dl className="divide-y divide-border rounded-lg border border-border">
                  {group.rows.map(([key, keys]) => (
                    <div key={key} className="flex items-center justify-between gap-4 px-3 py-1.5 text-sm" data-help={key}>
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
        ))}
      </div>
    </Dialog>
  )
}
