'use client'

import { useTranslations } from 'next-intl'
import { useCallback, type RefObject } from 'react'
import { toast } from 'sonner'
import type { TaskSegment } from '@/lib/client/tasks'
import { nextFlagged } from '../quality/flag-index'
import { timeToMs } from '../quality/quality'
import { useEditorStoreApi } from '../state/editor-store-context'
import type { SegmentListHandle } from './segment-list'

type Latest = RefObject<{ view: readonly TaskSegment[]; segments: readonly TaskSegment[]; activeIndex: number; flaggedSet: ReadonlySet<number> }>

/**
 * Moving between rows and the video: a row's time seeks the video (opening the pane to ask for
 * one when there is none), the playing cue follows into view, and the next or previous flagged row
 * is focused. The callbacks read the latest state through `latest`, so they stay stable.
 */
export function useRowNavigation({ latest, list, setVideoShown }: { latest: Latest; list: RefObject<SegmentListHandle | null>; setVideoShown: (shown: boolean) => void }) {
  const t = useTranslations('editor')
  const store = useEditorStoreApi()
  const seek = useCallback(
    (id: number) => {
      const segment = latest.current.segments.find((s) => s.id === id)
      if (!segment) return
      const index = latest.current.view.findIndex((s) => s.id === id)
      if (index >= 0) store.getState().activate(index)
      if (!store.getState().seek(timeToMs(segment.startTime))) setVideoShown(true)
    },
    [latest, setVideoShown, store],
  )
  const jumpToFlag = useCallback(
    (delta: 1 | -1) => {
      const { view: rows, activeIndex: index, flaggedSet: flags } = latest.current
      const next = nextFlagged(rows, index, delta, flags)
      if (next === null) return void toast.info(t('quality.noMoreFlags'), { id: 'no-flags' })
      store.getState().activate(next)
      list.current?.focusRow(next, 'translatedText')
    },
    [latest, list, store, t],
  )
  /** The video's cue changed (the pane put it in the store): while following, bring its row into view. */
  const onCurrentCue = useCallback(
    (id: number | null, follow: boolean) => {
      if (id === null || !follow) return
      const index = latest.current.view.findIndex((s) => s.id === id)
      if (index >= 0) list.current?.revealRow(index)
    },
    [latest, list],
  )
  return { seek, jumpToFlag, onCurrentCue }
}
