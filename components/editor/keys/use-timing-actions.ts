'use client'

import { useTranslations } from 'next-intl'
import { useCallback, useLayoutEffect, useMemo, useRef, type RefObject } from 'react'
import { toast } from 'sonner'
import type { SegmentWrite, TaskSegment } from '@/lib/client/tasks'
import { formatMs } from '@/lib/subtitles/time'
import { floorToFrame, frameAtOrBefore, framesToMs, nudgeByFrames, snapToFrame, type TimingProfile } from '@/lib/timing'
import { shownText } from '../drafts'
import type { FieldStepKind } from '../history/history'
import type { TextLanguages } from '../history/use-structure'
import { readingSpeedFix } from '../quality/fix-timing'
import { timeToMs } from '../quality/quality'
import { useEditorStoreApi } from '../state/editor-store-context'
import { steppedRate, type TimingAction } from './keyboard'

/** The condense offer of the reading-speed key: the line, how many characters it has and how many fit its time. */
export type CondenseOffer = { id: number; chars: number; maxChars: number; durationMs: number }

type Input = {
  /** The rows shown and the active one (the model's latest state). */
  latest: RefObject<{ view: readonly TaskSegment[]; segments: readonly TaskSegment[]; activeIndex: number }>
  ops: {
    applyWrites: (writes: SegmentWrite[], kind: FieldStepKind) => Promise<unknown>
    split: (id: number, times: { endMs: number; startMs: number }, languages: TextLanguages) => Promise<void>
    merge: (id: number, languages: TextLanguages) => Promise<void>
  }
  profile: TimingProfile
  fps: number
  languages: TextLanguages
  /** A transcript's line is its original: the reading speed reads it. */
  isTranscript: boolean
  /** The times cannot change yet (the task translates): the keys that write say so. */
  isLocked: boolean
  /** No video open: the pane opens to ask for one. */
  onNoVideo: () => void
  onCondense: (offer: CondenseOffer) => void
}

const times = (segment: TaskSegment) => ({ startMs: timeToMs(segment.startTime), endMs: timeToMs(segment.endTime) })
const write = (id: number, startMs: number, endMs: number): SegmentWrite => ({ id, startTime: formatMs(startMs), endTime: formatMs(endMs) })

/**
 * What the video and timing keys do, and the transport's buttons with them (docs/product.md,
 * Editor): play, frames, jumps and speed drive the open video through the store's player; set,
 * split, merge, nudge and the reading-speed fix change the active cue, each one undoable step, its
 * times on the frames of the open video (else the profile's rate) and apart by the profile's gap.
 */
export function useTimingActions(input: Input) {
  const t = useTranslations('editor.timing')
  const store = useEditorStoreApi()
  // Read when a key is pressed, so the callbacks below stay stable.
  const current = useRef(input)
  useLayoutEffect(() => {
    current.current = input
  })

  /** The open video, or null after asking for one. */
  const player = useCallback(() => {
    const open = store.getState().player
    if (!open) {
      toast.info(t('noVideo'), { id: 'no-video' })
      current.current.onNoVideo()
    }
    return open
  }, [store, t])

  /** The active row, when there is one. */
  const active = useCallback(() => {
    const { view, activeIndex } = current.current.latest.current
    return view[Math.min(activeIndex, view.length - 1)] ?? null
  }, [])

  /** The active row when its times may change (not while the task translates). */
  const editable = useCallback(() => {
    if (current.current.isLocked) {
      toast.info(t('locked'), { id: 'timing-locked' })
      return null
    }
    return active()
  }, [active, t])

  /** The playhead on a frame's start: the frame the picture shows. */
  const playhead = useCallback(() => {
    const open = player()
    const now = open?.now()
    return now === null || now === undefined ? null : floorToFrame(now, current.current.fps)
  }, [player])

  const retime = useCallback((w: SegmentWrite) => void current.current.ops.applyWrites([w], 'shift'), [])

  const run = useCallback(
    (action: TimingAction) => {
      const { fps, profile, languages } = current.current
      switch (action.kind) {
        case 'playPause':
          return void player()?.togglePlay()
        case 'frame': {
          const open = player()
          const now = open?.now()
          if (!open || now === null || now === undefined) return
          open.pause()
          // The middle of the frame: the picture shows it whatever the file's rounding of times.
          const frame = Math.max(0, frameAtOrBefore(now, fps) + action.delta)
          return void open.seek(((frame + 0.5) * 1000) / fps)
        }
        case 'jump': {
          const open = player()
          const now = open?.now()
          if (open && now !== null && now !== undefined) open.seek(Math.max(0, now + action.ms))
          return
        }
        case 'speed':
        case 'rate': {
          const rate = action.kind === 'rate' ? action.rate : steppedRate(store.getState().playback.rate, action.delta)
          // In the store at once (the transport's speed shows it), so a second press steps from this
          // speed: the video's ratechange comes a moment later.
          if (player()?.setRate(rate)) store.getState().setPlayback({ rate })
          return
        }
        case 'setStart':
        case 'setEnd': {
          const row = editable()
          const at = row && playhead()
          if (!row || at === null) return
          const { startMs, endMs } = times(row)
          if (action.kind === 'setStart') return retime(write(row.id, at, at < endMs ? endMs : at + (endMs - startMs || profile.minDurationMs)))
          if (at <= startMs) return void toast.info(t('endBeforeStart'), { id: 'timing-set' })
          return retime(write(row.id, startMs, at))
        }
        case 'nudge': {
          const row = editable()
          if (!row) return
          const { startMs, endMs } = times(row)
          if (action.edge === 'start') {
            const to = nudgeByFrames(startMs, action.frames, fps)
            if (to >= 0 && to < endMs) retime(write(row.id, to, endMs))
          } else {
            const to = nudgeByFrames(endMs, action.frames, fps)
            if (to > startMs) retime(write(row.id, startMs, to))
          }
          return
        }
        case 'split': {
          const row = editable()
          if (!row) return
          const { startMs, endMs } = times(row)
          // At the playhead; without a video, in the middle of the cue.
          const open = store.getState().player
          const now = open?.now()
          const at = now === null || now === undefined ? snapToFrame((startMs + endMs) / 2, fps) : floorToFrame(now, fps)
          // The first part ends the profile's gap before the second starts, when it has room.
          const gapEnd = floorToFrame(at - framesToMs(profile.minGapFrames, fps), fps)
          return void current.current.ops.split(row.id, { endMs: gapEnd > startMs ? gapEnd : at, startMs: at }, languages)
        }
        case 'merge': {
          const row = editable()
          if (row) void current.current.ops.merge(row.id, languages)
          return
        }
        case 'readingSpeed': {
          const row = editable()
          if (!row) return
          const { segments } = current.current.latest.current
          const text = shownText(row, store.getState().edits[row.id], current.current.isTranscript ? 'originalText' : 'translatedText')
          const outcome = readingSpeedFix(segments, row.id, text, profile, fps)
          if (!outcome || outcome.status === 'ok') return void toast.success(t('readsInTime', { id: row.id }), { id: 'reading-speed' })
          if (outcome.status === 'extended') {
            retime(outcome.write)
            return void toast.success(t('extended', { id: row.id, seconds: ((timeToMs(outcome.write.endTime!) - timeToMs(outcome.write.startTime!)) / 1000).toFixed(2) }), { id: 'reading-speed' })
          }
          if (outcome.write) retime(outcome.write)
          const { startMs } = times(row)
          const endMs = outcome.write ? timeToMs(outcome.write.endTime!) : times(row).endMs
          return current.current.onCondense({ id: row.id, chars: outcome.chars, maxChars: outcome.maxChars, durationMs: endMs - startMs })
        }
      }
    },
    [editable, player, playhead, retime, store, t],
  )
  return useMemo(() => ({ run }), [run])
}
