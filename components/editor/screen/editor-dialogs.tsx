'use client'

import type { ComponentProps } from 'react'
import type { TaskSegment } from '@/lib/client/tasks'
import type { Draft, RowEdit } from '../drafts'
import { HelpSheet } from '../keys/help-sheet'
import { LimitsDialog } from '../quality/limits-dialog'
import type { Limits } from '../quality/quality'
import { SegmentDialog } from '../rows/segment-dialog'
import { ShiftDialog } from '../timeline/shift-dialog'
import { SpeakersDialog } from '../speakers/speakers-dialog'

export type EditorDialog = 'help' | 'shift' | 'limits' | 'speakers' | null

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
  limits: Limits
  defaults: Limits
  languageName: string
  onSaveLimits: (limits: Limits | null) => void
  /** The speakers dialog's content (a transcription with speakers). */
  speakers: Omit<ComponentProps<typeof SpeakersDialog>, 'open' | 'onOpenChange'>
}

/** The editor's dialogs: a row's pop-up editor, the shortcuts, the timing shift, the speakers' names and the quality limits. */
export function EditorDialogs({ dialog, onDialog, segment, edit, isSegmentReadOnly, onSaveSegment, onCloseSegment, total, selectedIds, onShift, limits, defaults, languageName, onSaveLimits, speakers }: Props) {
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
      <LimitsDialog open={dialog === 'limits'} onOpenChange={toggle('limits')} limits={limits} defaults={defaults} languageName={languageName} onSave={onSaveLimits} />
    </>
  )
}
