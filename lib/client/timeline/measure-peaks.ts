'use client'

import type { QueryClient } from '@tanstack/react-query'
import { BASE_BUCKET_MS, decodePeaks, PeaksAssembler, type Peaks } from '@/lib/waveform'
import { savePeaks } from './api'
import { workerClient, WorkerCallError } from '../worker-rpc'
import type { PeaksProblem, PeaksProtocol } from './peaks-protocol'

export type MeasureOptions = {
  /** The waveform so far (the sound not yet decoded is silent) and the fraction decoded, at most every PROGRESS_EVERY_MS. */
  onProgress?: (peaks: Peaks, fraction: number) => void
  signal?: AbortSignal
  /** Where the worker comes from (a benchmark serves its own bundle). */
  createWorker?: () => Worker
}

/** A long file's waveform is redrawn this often while it grows. */
const PROGRESS_EVERY_MS = 250

const defaultWorker = () => new Worker(new URL('./peaks-worker.ts', import.meta.url), { type: 'module' })

/**
 * Measures a media file's waveform in a worker (peaks-worker.ts), progressively. Resolves with the
 * peaks and their encoding, or null when the file has no sound the browser decodes; rejects on
 * other failures, or with an AbortError when `signal` aborts (the worker is stopped).
 */
export async function measurePeaks(file: Blob, { onProgress, signal, createWorker = defaultWorker }: MeasureOptions = {}): Promise<{ peaks: Peaks; encoded: Uint8Array } | null> {
  const worker = workerClient<PeaksProtocol>(createWorker())
  const assembler = new PeaksAssembler()
  let shownAt = 0
  const aborted = new Promise<never>((_, reject) =>
    signal?.addEventListener('abort', () => reject(new DOMException('peaks aborted', 'AbortError')), { once: true }),
  )
  try {
    const scanned = worker.call('scan', { file }, {
      onEvent: ({ run, durationMs }) => {
        assembler.add(run)
        if (!onProgress || performance.now() - shownAt < PROGRESS_EVERY_MS) return
        shownAt = performance.now()
        onProgress(assembler.peaks(durationMs), durationMs > 0 ? Math.min(1, ((run.first + run.min.length) * BASE_BUCKET_MS) / durationMs) : 0)
      },
    })
    const { encoded } = await Promise.race([scanned, aborted])
    const peaks = decodePeaks(encoded)
    onProgress?.(peaks, 1)
    return { peaks, encoded }
  } catch (error) {
    if (error instanceof WorkerCallError && (error.data as PeaksProblem | undefined)?.noSound) return null
    throw error
  } finally {
    worker.terminate()
  }
}

/** Measures a video's (or recording's) waveform in this browser and keeps it with the task; null when it has no sound. */
export async function measureAndKeepPeaks(client: QueryClient, taskId: string, file: Blob, options: Omit<MeasureOptions, 'createWorker'> = {}): Promise<Peaks | null> {
  const measured = await measurePeaks(file, options)
  if (!measured) return null
  await savePeaks(client, taskId, measured.peaks, measured.encoded)
  return measured.peaks
}
