'use client'

import type { QueryClient } from '@tanstack/react-query'
import { BASE_BUCKET_MS, decodePeaks, PeaksAssembler, type Peaks } from '@/lib/waveform'
import { savePeaks } from './api'
import type { FromPeaksWorker, ToPeaksWorker } from './peaks-protocol'

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
export function measurePeaks(file: Blob, { onProgress, signal, createWorker = defaultWorker }: MeasureOptions = {}): Promise<{ peaks: Peaks; encoded: Uint8Array } | null> {
  return new Promise((resolve, reject) => {
    const worker = createWorker()
    const assembler = new PeaksAssembler()
    let shownAt = 0
    signal?.addEventListener(
      'abort',
      () => {
        worker.terminate()
        reject(new DOMException('peaks aborted', 'AbortError'))
      },
      { once: true },
    )
    worker.onmessage = (event: MessageEvent<FromPeaksWorker>) => {
      const message = event.data
      if (message.type === 'run') {
        assembler.add(message.run)
        if (!onProgress || performance.now() - shownAt < PROGRESS_EVERY_MS) return
        shownAt = performance.now()
        const peaks = assembler.peaks(message.durationMs)
        onProgress(peaks, message.durationMs > 0 ? Math.min(1, ((message.run.first + message.run.min.length) * BASE_BUCKET_MS) / message.durationMs) : 0)
        return
      }
      worker.terminate()
      if (message.type === 'failed') return message.noSound ? resolve(null) : reject(new Error(message.detail))
      const peaks = decodePeaks(message.encoded)
      onProgress?.(peaks, 1)
      resolve({ peaks, encoded: message.encoded })
    }
    worker.onerror = (event) => {
      worker.terminate()
      reject(new Error(event.message))
    }
    worker.postMessage({ type: 'scan', file } satisfies ToPeaksWorker)
  })
}

/** Measures a video's (or recording's) waveform in this browser and keeps it with the task; null when it has no sound. */
export async function measureAndKeepPeaks(client: QueryClient, taskId: string, file: Blob, options: Omit<MeasureOptions, 'createWorker'> = {}): Promise<Peaks | null> {
  const measured = await measurePeaks(file, options)
  if (!measured) return null
  await savePeaks(client, taskId, measured.peaks, measured.encoded)
  return measured.peaks
}
