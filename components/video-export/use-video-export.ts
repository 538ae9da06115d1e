'use client'

import { useCallback, useEffect, useRef, useState } from 'react'
import type { ExportJob, ExportProblem } from './export-job'
import { openVideoOutput, type OutputMime } from './output'
import { ExportFailure, runExport, type ExportThread } from './run-export'

export type ExportState =
  | { phase: 'idle' }
  | { phase: 'running'; fraction: number; etaMs?: number; thread?: ExportThread }
  | { phase: 'done'; audio: 'copied' | 'reencoded'; savedTo: 'disk' | 'memory'; fileName: string; thread?: ExportThread }
  | { phase: 'cancelled' }
  | { phase: 'error'; problem: ExportProblem }

const MIME: Record<string, OutputMime> = { mp4: 'video/mp4', webm: 'video/webm', mkv: 'video/x-matroska' }

/**
 * Runs one video export at a time (burn-in or subtitle tracks): the output, progress with time
 * left, cancel; nothing that looks finished is left behind after a failure, a cancel or a closed tab.
 */
export function useVideoExport() {
  const [state, setState] = useState<ExportState>({ phase: 'idle' })
  const controller = useRef<AbortController | null>(null)

  // Closing the tab mid-export loses the work: the browser asks first.
  useEffect(() => {
    if (state.phase !== 'running') return
    const warn = (e: BeforeUnloadEvent) => e.preventDefault()
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [state.phase])

  useEffect(() => () => controller.current?.abort(), [])

  const start = useCallback(async (job: ExportJob, fileName: string) => {
    const abort = new AbortController()
    controller.current = abort
    let output: Awaited<ReturnType<typeof openVideoOutput>>
    try {
      output = await openVideoOutput({ fileName, mimeType: MIME[fileName.slice(fileName.lastIndexOf('.') + 1)] ?? 'video/mp4' })
    } catch {
      controller.current = null
      return // the save picker was closed: nothing started
    }
    let thread: ExportThread | undefined
    setState({ phase: 'running', fraction: 0 })
    try {
      const run = await runExport({
        job,
        output,
        signal: abort.signal,
        onThread: (where) => {
          thread = where
          setState({ phase: 'running', fraction: 0, thread })
        },
        onProgress: ({ fraction, etaMs }) => setState({ phase: 'running', fraction, etaMs, thread }),
      })
      await output.commit(run.buffer)
      setState({ phase: 'done', audio: run.audio, savedTo: output.kind, fileName, thread })
    } catch (error) {
      await output.discard()
      if (abort.signal.aborted) setState({ phase: 'cancelled' })
      else setState({ phase: 'error', problem: error instanceof ExportFailure ? error.problem : 'failed' })
      if (!(error instanceof ExportFailure) && !abort.signal.aborted) console.error(error)
    } finally {
      controller.current = null
    }
  }, [])

  const cancel = useCallback(() => controller.current?.abort(), [])
  const reset = useCallback(() => setState({ phase: 'idle' }), [])
  return { state, start, cancel, reset }
}
