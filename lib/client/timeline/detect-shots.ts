'use client'

import type { QueryClient } from '@tanstack/react-query'
import { saveShotChanges, type ShotChanges } from './api'
import type { FromShotWorker, ShotProblem, ToShotWorker } from './shot-protocol'

export class ShotDetectionError extends Error {
  constructor(
    readonly problem: ShotProblem,
    detail: string,
  ) {
    super(detail)
    this.name = 'ShotDetectionError'
  }
}

export type DetectedShots = { cutsMs: number[]; frameRate: number | null; durationMs: number }

export type DetectOptions = {
  /** Cuts found so far (all of them, in order) and the fraction of the video read, as the worker goes. */
  onProgress?: (found: readonly number[], fraction: number) => void
  signal?: AbortSignal
  /** Where the worker comes from (a benchmark serves its own bundle). */
  createWorker?: () => Worker
}

const defaultWorker = () => new Worker(new URL('./shot-worker.ts', import.meta.url), { type: 'module' })

/** Whether this browser can decode video frames in a worker (WebCodecs; a secure context). */
export function canDetectShots(): boolean {
  return typeof window !== 'undefined' && typeof Worker !== 'undefined' && typeof VideoDecoder !== 'undefined' && typeof OffscreenCanvas !== 'undefined'
}

/**
 * Finds the shot changes of a video file in a worker (shot-worker.ts); resolves with every cut
 * (ms of the cut's first frame), the frame rate and the length; rejects with a ShotDetectionError,
 * or an AbortError when `signal` aborts (the worker is stopped).
 */
export function detectShotChanges(file: Blob, { onProgress, signal, createWorker = defaultWorker }: DetectOptions = {}): Promise<DetectedShots> {
  if (!canDetectShots()) return Promise.reject(new ShotDetectionError('failed', 'WebCodecs is not available'))
  return new Promise((resolve, reject) => {
    const worker = createWorker()
    const found: number[] = []
    const stop = () => worker.terminate()
    signal?.addEventListener(
      'abort',
      () => {
        stop()
        reject(new DOMException('shot detection aborted', 'AbortError'))
      },
      { once: true },
    )
    worker.onmessage = (event: MessageEvent<FromShotWorker>) => {
      const message = event.data
      if (message.type === 'progress') {
        found.push(...message.cutsMs)
        onProgress?.(found, message.durationMs > 0 ? Math.min(1, message.doneMs / message.durationMs) : 0)
      } else if (message.type === 'done') {
        stop()
        onProgress?.(message.cutsMs, 1)
        resolve({ cutsMs: message.cutsMs, frameRate: message.frameRate, durationMs: message.durationMs })
      } else {
        stop()
        reject(new ShotDetectionError(message.problem, message.detail))
      }
    }
    worker.onerror = (event) => {
      stop()
      reject(new ShotDetectionError('failed', event.message))
    }
    worker.postMessage({ type: 'detect', file } satisfies ToShotWorker)
  })
}

/** Finds the video's shot changes and keeps them with the task (read back by the timeline and other devices). */
export async function detectAndKeepShotChanges(client: QueryClient, taskId: string, video: Blob, options: Omit<DetectOptions, 'createWorker'> = {}): Promise<ShotChanges | null> {
  const { cutsMs, frameRate, durationMs } = await detectShotChanges(video, options)
  return saveShotChanges(client, taskId, { cutsMs, frameRate: frameRate !== null && frameRate >= 1 && frameRate <= 300 ? frameRate : null, durationMs: durationMs > 0 ? Math.max(durationMs, cutsMs.at(-1) ?? 0) : null })
}
