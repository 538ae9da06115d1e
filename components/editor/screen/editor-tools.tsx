'use client'

import { useTranslations } from 'next-intl'
import type { ReactNode } from 'react'
import { toast } from 'sonner'
import type { TaskDetail } from '@/lib/client/tasks'
import { EditorFindBar } from '../find/find-bar'
import { fixTimingWrites } from '../quality/fix-timing'
import { ProfileControl } from '../quality/profile-control'
import { reflowWrites } from '../quality/reflow-rows'
import { useEditorStore, useEditorStoreApi } from '../state/editor-store-context'
import { useTimelineTiming } from '../timeline/use-timeline-timing'
import { EditorToolbar } from './editor-toolbar'
import type { EditorModel } from './use-editor-model'

/** The toolbar over the rows and, when open, the find bar under it. `sharing`: the dub and review buttons. */
export function EditorTools({ task, model, sharing }: { task: TaskDetail; model: EditorModel; sharing?: ReactNode }) {
  const t = useTranslations('editor')
  const store = useEditorStoreApi()
  const { ops, find, panels, rows, selectedIds, targetIds, isTranslating, isTranscript, speakers } = model
  const timing = useTimelineTiming(task)
  const isBusy = useEditorStore((s) => s.busy !== null)
  const cuts = timing.shots?.cutsMs ?? []
  // The export's line breaking applied to the target rows; one undoable step.
  const fixLineBreaks = async () => {
    const writes = await reflowWrites(targetIds(), model.segments, store.getState().edits, task.targetLanguage)
    if (writes.length === 0) return void toast.success(t('ops.breaksFine'), { id: 'reflow' })
    await ops.applyTexts(writes)
    toast.success(t('ops.rebroken', { count: writes.length }), { id: 'reflow' })
  }
  // "Fix timing" over the selection, or the whole file without one: one undoable step, then what it
  // did and what it left. A selection is two rows or more, as the toolbar counts one ("3 selected"):
  // a plain click selects the row it lands on.
  const fixTiming = async () => {
    const { id, profile, fps } = rows.timing
    const scope = selectedIds.length > 1 ? selectedIds : []
    const fix = fixTimingWrites(model.segments, scope, profile, fps)
    if (fix.writes.length > 0 && !(await ops.applyWrites(fix.writes, 'shift'))) return
    panels.setFixResult({ changed: fix.writes.length, unfixed: fix.unfixed, selected: scope.length, total: model.segments.length, profileName: t(`timing.profiles.${id}`), profile })
  }
  return (
    <>
      <EditorToolbar
        ops={ops}
        onFind={() => (find.isOpen ? find.close() : find.open('find'))}
        isFindOpen={find.isOpen}
        selectedCount={selectedIds.length}
        onClearSelection={() => store.getState().clearSelection()}
        hasTranslation={!isTranscript}
        canRetranslate={!isTranslating}
        onRetranslateSelected={() => void ops.retranslateMany(selectedIds)}
        canShift={!isTranslating}
        onShift={() => panels.setDialog('shift')}
        onFixLineBreaks={() => void fixLineBreaks()}
        canSnap={model.timing.hasSpeech ? !isTranslating : undefined}
        onSnap={() => void ops.snap(targetIds())}
        canSnapShot={cuts.length > 0 ? !isTranslating : undefined}
        onSnapShot={() => void ops.snapToShots(targetIds(), { cuts, fps: rows.timing.videoFrameRate ?? timing.shots?.frameRate ?? rows.timing.fps, minGapFrames: rows.timing.profile.minGapFrames })}
        flagCount={rows.flagged.length}
        isFlaggedOnly={rows.isFlaggedOnly}
        onFlaggedOnly={rows.showFlaggedOnly}
        profile={<ProfileControl timing={rows.timing} onSettings={() => panels.setDialog('profile')} />}
        canFixTiming={!isTranslating && model.segments.length > 0}
        onFixTiming={() => void fixTiming()}
        onSpeakers={speakers.labels.length > 0 ? () => panels.setDialog('speakers') : undefined}
        isVideoShown={panels.isVideoShown}
        onVideo={() => panels.setVideoShown((v) => !v)}
        onHelp={() => panels.setDialog('help')}
        review={sharing}
      />
      {find.isOpen && (
        <EditorFindBar
          find={find}
          onClose={() => {
            find.close()
            model.focusActiveRow()
          }}
          isBusy={isBusy}
        />
      )}
    </>
  )
}
