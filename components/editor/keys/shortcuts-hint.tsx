'use client'

import { useTranslations } from 'next-intl'

function Key({ children }: { children: string }) {
  return <kbd className="rounded border border-border bg-surface px-1.5 py-px font-sans text-[11px] text-fg shadow-[0_1px_0_var(--border)]">{children}</kbd>
}

/** The row keys, always visible at the foot of the editor in one line (hidden on touch-size screens; the video and timing keys are on the transport's buttons and in the help); a transcript has no retranslate. */
export function ShortcutsHint({ canRetranslate = true }: { canRetranslate?: boolean }) {
  const t = useTranslations('editor.shortcuts')
  return (
    <footer className="flex flex-wrap items-center gap-x-5 gap-y-1 border-t border-border bg-surface px-6 py-2 text-xs text-muted max-md:hidden" data-testid="shortcuts-hint">
      <span className="inline-flex items-center gap-1.5">
        <Key>↑</Key>
        <Key>↓</Key>
        {t('move')}
      </span>
      <span className="inline-flex items-center gap-1.5">
        <Key>Alt</Key>+<Key>↑</Key>
        <Key>↓</Key>
        {t('moveWhileTyping')}
      </span>
      <span className="inline-flex items-center gap-1.5">
        <Key>Enter</Key>/<Key>E</Key>
        {t('open')}
      </span>
      {canRetranslate && (
        <span className="inline-flex items-center gap-1.5">
          <Key>R</Key>
          {t('retranslate')}
        </span>
      )}
      <span className="inline-flex items-center gap-1.5">
        <Key>Esc</Key>
        {t('leave')}
      </span>
      <span className="inline-flex items-center gap-1.5">
        <Key>F8</Key>
        {t('nextIssue')}
      </span>
      <span className="inline-flex items-center gap-1.5">
        <Key>?</Key>
        {t('help')}
      </span>
    </footer>
  )
}
