'use client'

import { useCallback, useEffect, useRef, useState } from 'react'
import { burnSubtitles, BurnError, type BurnQuality } from '@/lib/client/video/burn'
import { openVideoOutput } from '@/lib/client/video/output'
import type { SubtitleRenderer } from '@/lib/client/video/subtitle-renderer'

export type BurnJob = { file: File; makeRenderer: () => Promise<SubtitleRenderer>; codec: 'avc' | 'vp9'; height?: number; quality: BurnQuality; fileName: string }
export type BurnState =
  | { phase: 'idle' }
  | { phase: 'running'; fraction: number; etaMs?: number }
  | { phase: 'done'; audio: 'copied' | 'reencoded'; savedTo: 'disk' | 'memory'; fileName: string }
  | { phase: 'cancelled' }
  | { phase: 'error'; problem: BurnError['problem'] }

/** Runs one burn-in at a time: output, renderer, progress, cancel; nothing is left behind on failure. */
export function useVideoBurn() {
  const [state, setState] = useState<BurnState>({ phase: 'idle' })
  const controller = useRef<AbortController | null>(null)

  // Closing the tab mid-export loses the work: the browser asks first.
  useEffect(() => {
    if (state.phase !== 'running') return
    const warn = (e: BeforeUnloadEvent) => e.preventDefault()
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [state.phase])

  useEffect(() => () => controller.current?.abort(), [])

  const start = useCallback(async (job: BurnJob) => {
    const abort = new AbortController()
    controller.current = abort
    let output: Awaited<ReturnType<typeof openVideoOutput>>
    try {
      output = await openVideoOutput({ fileName: job.fileName, mimeType: job.codec === 'avc' ? 'video/mp4' : 'video/webm' })
    } catch {
      return // the save picker was closed: nothing started
    }
    setState({ phase: 'running', fraction: 0 })
    const renderer = await job.makeRenderer()
    try {
      const { audio } = await burnSubtitles({
        source: job.file,
        renderer,
        video: { codec: job.codec, height: job.height, quality: job.quality },
        target: output.target,
        signal: abort.signal,
        onProgress: ({ fraction, etaMs }) => setState({ phase: 'running', fraction, etaMs }),
      })
      await output.commit()
      setState({ phase: 'done', audio, savedTo: output.kind, fileName: job.fileName })
    } catch (error) {
      await output.discard()
      if (abort.signal.aborted) setState({ phase: 'cancelled' })
      else setState({ phase: 'error', problem: error instanceof BurnError ? error.problem : 'failed' })
      if (!(error instanceof BurnError) && !abort.signal.aborted) console.error(error)
    } finally {
      renderer.dispose()
      controller.current = null
    }
  }, [])

  const cancel = useCallback(() => controller.current?.abort(), [])
  const reset = useCallback(() => setState({ phase: 'idle' }), [])
  return { state, start, cancel, reset }
}
