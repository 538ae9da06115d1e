'use client'

import { useTranslations } from 'next-intl'
import type { ReactNode } from 'react'
import { cn } from '@/components/ui/cn'
import { MAX_SELECTED_RETRANSLATE, type EditorOps } from '../history/use-editor-ops'
import { useEditorStore } from '../state/editor-store-context'
import { ToolbarButton } from './toolbar-text-button'

type Props = {
  /** The editor's undo and redo (use-editor-ops.ts); whether they can run is read from the store. */
  ops: Pick<EditorOps, 'undo' | 'redo'>
  onFind: () => void
  isFindOpen: boolean
  selectedCount: number
  onClearSelection: () => void
  /** False for a transcript: it has no translation, so no retranslate tool is shown. */
  hasTranslation: boolean
  canRetranslate: boolean
  onRetranslateSelected: () => void
  /** Timings can be shifted only once the task stops translating (the server refuses it before). */
  canShift: boolean
  onShift: () => void
  /** Breaks the selected rows' translations (the active row's without a selection) as exports do. */
  onFixLineBreaks: () => void
  /** "Snap to speech" for the selected rows (the active one without a selection): undefined hides it (no recording). */
  canSnap?: boolean
  onSnap: () => void
  /** "Snap to shot" for the selected rows (the active one without a selection): undefined hides it (no shot changes known). */
  canSnapShot?: boolean
  onSnapShot?: () => void
  flagCount: number
  isFlaggedOnly: boolean
  onFlaggedOnly: (on: boolean) => void
  /** The task's timing profile: its choice and its dialog (quality/profile-control.tsx). */
  profile: ReactNode
  /** "Fix timing" of the selection, or the whole file (not while the task translates). */
  canFixTiming: boolean
  onFixTiming: () => void
  /** A transcription with speakers: "Speakers" opens the dialog that names them. */
  onSpeakers?: () => void
  isVideoShown: boolean
  onVideo: () => void
  onHelp: () => void
  /** "Share for review" (review-toolbar-button.tsx). */
  review?: ReactNode
}

const Icon = ({ d }: { d: string }) => (
  <svg viewBox="0 0 16 16" fill="none" aria-hidden="true" className="size-4 shrink-0">
    <path d={d} stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
)

const Divider = () => <span className="mx-1 h-5 w-px shrink-0 bg-border" aria-hidden="true" />

/** The editor's tools under the header: undo, find, selection actions, quality, video, help. */
export function EditorToolbar(props: Props) {
  const t = useTranslations('editor.toolbar')
  const tooMany = props.selectedCount > MAX_SELECTED_RETRANSLATE
  const canUndo = useEditorStore((s) => s.history.undo.length > 0)
  const canRedo = useEditorStore((s) => s.history.redo.length > 0)
  const busy = useEditorStore((s) => s.busy)
  return (
    <div role="toolbar" aria-label={t('label')} className="flex items-center gap-1 overflow-x-auto border-b border-border bg-surface px-3 py-1.5 md:px-5" data-testid="editor-toolbar">
      <ToolbarButton label={t('undo')} onClick={() => void props.ops.undo()} isDisabled={!canUndo || busy !== null} testId="toolbar-undo" labelMode="aria" shortcut="Control+Z">
        <Icon d="M6 4 3 7l3 3M3.5 7H10a3 3 0 0 1 0 6H8" />
      </ToolbarButton>
      <ToolbarButton label={t('redo')} onClick={() => void props.ops.redo()} isDisabled={!canRedo || busy !== null} testId="toolbar-redo" labelMode="aria" shortcut="Control+Shift+Z">
        <Icon d="m10 4 3 3-3 3M12.5 7H6a3 3 0 0 0 0 6h2" />
      </ToolbarButton>
      <Divider />
      <ToolbarButton label={t('find')} onClick={props.onFind} pressed={props.isFindOpen} testId="toolbar-find" shortcut="Control+F">
        <Icon d="M7 12A5 5 0 1 0 7 2a5 5 0 0 0 0 10ZM14 14l-3.5-3.5" />
      </ToolbarButton>
      <Divider />
      {props.hasTranslation && (
        <ToolbarButton label={t('retranslateSelected')} onClick={props.onRetranslateSelected} isDisabled={!props.canRetranslate || props.selectedCount === 0 || tooMany || busy === 'retranslate'} testId="toolbar-retranslate" labelMode="wide">
          <Icon d="M13.5 8a5.5 5.5 0 1 1-1.6-3.9M13.5 2.5v3h-3" />
        </ToolbarButton>
      )}
      <ToolbarButton label={t('shift')} onClick={props.onShift} isDisabled={!props.canShift} testId="toolbar-shift" labelMode="wide">
        <Icon d="M2 8h12M5 5 2 8l3 3M11 5l3 3-3 3" />
      </ToolbarButton>
      <ToolbarButton label={t('fixLineBreaks')} onClick={props.onFixLineBreaks} testId="toolbar-reflow" labelMode="wide">
        <Icon d="M2.5 4h11M2.5 8h8a2 2 0 0 1 0 4H8M9.5 10.5 8 12l1.5 1.5M2.5 12h3" />
      </ToolbarButton>
      {props.canSnap !== undefined && (
        <ToolbarButton label={t('snap')} onClick={props.onSnap} isDisabled={!props.canSnap} testId="toolbar-snap" labelMode="wide">
          <Icon d="M2 8h1.5l1-3 1.5 6 1.5-8 1.5 8 1.5-5 1 2H14M2.5 13.5h11" />
        </ToolbarButton>
      )}
      {props.canSnapShot !== undefined && props.onSnapShot && (
        <ToolbarButton label={t('snapShot')} onClick={props.onSnapShot} isDisabled={!props.canSnapShot} testId="toolbar-snap-shot" labelMode="wide">
          <Icon d="M8 2v12M2.5 5.5h3v5h-3zM10.5 5.5h3v5h-3z" />
        </ToolbarButton>
      )}
      {props.selectedCount > 1 && (
        <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-brand-subtle py-0.5 pr-1 pl-2.5 text-xs text-brand" data-testid="selection-count">
          {t('selected', { count: props.selectedCount })}
          <button type="button" onClick={props.onClearSelection} aria-label={t('clearSelection')} title={t('clearSelection')} className="rounded-full p-0.5 hover:bg-brand/10 focus-visible:ring-2 focus-visible:ring-brand focus-visible:outline-none">
            <svg viewBox="0 0 16 16" fill="none" aria-hidden="true" className="size-3">
              <path d="m4 4 8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" />
            </svg>
          </button>
        </span>
      )}
      <Divider />
      <ToolbarButton label={t('flaggedOnly')} onClick={() => props.onFlaggedOnly(!props.isFlaggedOnly)} pressed={props.isFlaggedOnly} testId="toolbar-flagged" labelMode="after" className={cn(props.flagCount > 0 && !props.isFlaggedOnly && 'text-warning')}>
        <Icon d="M3 14V2.5M3 3h8l-1.5 3L11 9H3" />
        <span className="tabular" data-testid="flag-count" data-count={props.flagCount}>
          {t('issues', { count: props.flagCount })}
        </span>
      </ToolbarButton>
      <span className="ml-1">{props.profile}</span>
      <ToolbarButton label={t('fixTiming')} onClick={props.onFixTiming} isDisabled={!props.canFixTiming || busy !== null} testId="toolbar-fix-timing">
        <Icon d="M8 14A5.5 5.5 0 1 0 8 3a5.5 5.5 0 0 0 0 11ZM8 6v2.5l1.75 1.25M6.5 1.5h3" />
      </ToolbarButton>
      {props.onSpeakers && (
        <>
          <Divider />
          <ToolbarButton label={t('speakers')} onClick={props.onSpeakers} testId="toolbar-speakers">
            <Icon d="M6 7.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5ZM1.5 13.5a4.5 4.5 0 0 1 9 0M11 7a2 2 0 1 0 0-4M12.5 13.5a4 4 0 0 0-2-3.5" />
          </ToolbarButton>
        </>
      )}
      <span className="flex-1" />
      {props.review}
      <ToolbarButton label={t('video')} onClick={props.onVideo} pressed={props.isVideoShown} testId="toolbar-video">
        <Icon d="M2 4.5h8.5v7H2zM10.5 7l3.5-2v6l-3.5-2" />
      </ToolbarButton>
      <ToolbarButton label={t('help')} onClick={props.onHelp} testId="toolbar-help" shortcut="?" labelMode="aria">
        <Icon d="M8 14A6 6 0 1 0 8 2a6 6 0 0 0 0 12ZM6.5 6.2a1.6 1.6 0 1 1 2.2 1.5c-.5.2-.7.6-.7 1.1M8 11h0" />
      </ToolbarButton>
    </div>
  )
}
