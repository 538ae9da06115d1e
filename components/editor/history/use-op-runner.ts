'use client'

import { useCallback, useRef } from 'react'
import { useEditorStoreApi } from '../state/editor-store-context'
import type { Busy } from '../state/editor-store'

/** What must settle before an operation starts: the rows' pending typing (`useSegmentEdits`). */
export type Pending = { flushAll: () => Promise<void>; dropDrafts: (writes: readonly { id: number; originalText?: string; translatedText?: string }[]) => void }

/**
 * Runs one operation at a time, after pending typing is saved, so a step always starts from what
 * the server has. A button pressed while another operation runs does nothing (the store's `busy`
 * shows it); an undo or redo key waits its turn, so two quick presses take two steps.
 */
export function useOpRunner(pending: Pending) {
  const store = useEditorStoreApi()
  const busyRef = useRef(false)
  // The operation running now: an undo or redo pressed meanwhile waits for it instead of being lost.
  const runningRef = useRef<Promise<void>>(Promise.resolve())
  return useCallback(
    async (label: Exclude<Busy, null>, work: () => Promise<void>) => {
      if (busyRef.current) {
        if (label !== 'undo' && label !== 'redo') return
        while (busyRef.current) await runningRef.current
      }
      busyRef.current = true
      store.getState().setBusy(label)
      const run = (async () => {
        try {
          await pending.flushAll()
          await work()
        } finally {
          busyRef.current = false
          store.getState().setBusy(null)
        }
      })()
      runningRef.current = run.catch(() => {})
      await run
    },
    [pending, store],
  )
}
