'use client'

import type { ComponentProps } from 'react'
import type { TaskSegment } from '@/lib/client/tasks'
import type { Draft, RowEdit } from '../drafts'
import { HelpSheet } from '../keys/help-sheet'
import { CondenseDialog, type CondenseLine } from '../quality/condense-dialog'
import { FixTimingDialog, type FixTimingResult } from '../quality/fix-timing-dialog'
import { TimingProfileDialog } from '../quality/timing-profile-dialog'
import type { TimingProfileState } from '../quality/use-timing-profile'
import { SegmentDialog } from '../rows/segment-dialog'
import { ShiftDialog } from '../timeline/shift-dialog'
import { SpeakersDialog } from '../speakers/speakers-dialog'

export type EditorDialog = 'help' | 'shift' | 'profile' | 'speakers' | null

type Props = {
  dialog: EditorDialog
  onDialog: (dialog: EditorDialog) => void
  /** The row opened in the pop-up editor, its draft, and whether it may change yet. */
  segment: TaskSegment | null
  edit: RowEdit | undefined
  isSegmentReadOnly: boolean
  onSaveSegment: (id: number, draft: Draft) => void
  onCloseSegment: () => void
  total: number
  selectedIds: number[]
  onShift: (offsetMs: number, ids?: number[]) => Promise<void>
  /** The task's timing profile (its dialog). */
  timing: TimingProfileState
  /** The language the checked text is in, named. */
  languageName: string
  /** The reading-speed key's offer to condense a line. */
  condense: CondenseLine | null
  onCloseCondense: () => void
  onSaveCondense: (id: number, text: string) => void
  /** A shorter line suggested by the task's DeepSeek (absent: not offered). */
  onSuggestCondensed?: (id: number, maxChars: number, text: string) => Promise<string>
  /** What "Fix timing" did, and going to a row it could not fix. */
  fixResult: FixTimingResult | null
  onCloseFixResult: () => void
  onGoToRow: (id: number) => void
  /** The speakers dialog's content (a transcription with speakers). */
  speakers: Omit<ComponentProps<typeof SpeakersDialog>, 'open' | 'onOpenChange'>
}

/**
 * The editor's dialogs: a row's pop-up editor, the shortcuts, the timing shift, the speakers'
 * names, the timing profile, the condense offer and "Fix timing"'s outcome.
 */
export function EditorDialogs(props: Props) {
  const { dialog, onDialog, segment, edit, isSegmentReadOnly, onSaveSegment, onCloseSegment, total, selectedIds, onShift, timing, languageName, speakers } = props
  const toggle = (name: EditorDialog) => (open: boolean) => onDialog(open ? name : null)
  return (
    <>
      <SegmentDialog segment={segment} edit={edit} onSave={onSaveSegment} onClose={onCloseSegment} isReadOnly={isSegmentReadOnly} />
      <HelpSheet open={dialog === 'help'} onOpenChange={toggle('help')} />
      <ShiftDialog
        open={dialog === 'shift'}
        onOpenChange={toggle('shift')}
        total={total}
        selectedCount={selectedIds.length}
        onShift={(offsetMs, scope) => onShift(offsetMs, scope === 'selected' ? selectedIds : undefined)}
      />
      <SpeakersDialog open={dialog === 'speakers'} onOpenChange={toggle('speakers')} {...speakers} />
      <TimingProfileDialog open={dialog === 'profile'} onOpenChange={toggle('profile')} timing={timing} languageName={languageName} />
      <CondenseDialog line={props.condense} onClose={props.onCloseCondense} onSave={(text) => props.condense && props.onSaveCondense(props.condense.id, text)} suggest={props.onSuggestCondensed} />
      <FixTimingDialog result={props.fixResult} onClose={props.onCloseFixResult} onGoTo={props.onGoToRow} />
    </>
  )
}
