'use client'

import { useMemo, type RefObject } from 'react'
import type { SegmentWrite, TaskSegment } from '@/lib/client/tasks'
import { scriptWrite } from '../quality/reflow-rows'
import type { ScriptCheck } from '@/lib/subtitles/chinese-script'
import { useEditorStoreApi } from '../state/editor-store-context'
import type { Drafts } from '../state/use-editing'
import type { RowHandlers } from './segment-row'

type Latest = RefObject<{ view: readonly TaskSegment[]; segments: readonly TaskSegment[]; script: ScriptCheck | null; ops: { applyTexts: (writes: SegmentWrite[]) => Promise<unknown> } }>

/**
 * What a row does when typed in, left, clicked or asked to retranslate, review or convert. The
 * handlers read the latest rows through `latest` and the store, so they stay stable and the rows
 * stay memoized.
 */
export function useRowHandlers({ latest, drafts, openRow, seek, isTranscript, review }: { latest: Latest; drafts: Drafts; openRow: (id: number) => void; seek: (id: number) => void; isTranscript: boolean; review?: (id: number) => Promise<void> }): RowHandlers {
  const store = useEditorStoreApi()
  const { change, flush, retranslate } = drafts
  return useMemo(
    () => ({
      onChange: change,
      onLeave: (id) => void flush(id),
      onOpen: openRow,
      onRetranslate: isTranscript ? undefined : (id) => void retranslate(id),
      onReview: review ? (id) => void review(id) : undefined,
      onActivate: (index) => store.getState().activate(index),
      onSelect: (index, mods) =>
        store.getState().clickRow(
          latest.current.view.map((row) => row.id),
          index,
          mods,
        ),
      onSeek: seek,
      // The wrong-script flag's "convert": the line in the task's Chinese script, one undoable step.
      onConvertScript: (id) => {
        const { segments: rows, script: check, ops } = latest.current
        const segment = rows.find((s) => s.id === id)
        const write = segment && check ? scriptWrite(segment, store.getState().edits[id], check) : null
        if (write) void ops.applyTexts([write])
      },
    }),
    [change, flush, isTranscript, latest, openRow, retranslate, review, seek, store],
  )
}
