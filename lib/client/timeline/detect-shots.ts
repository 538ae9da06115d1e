'use client'

import type { QueryClient } from '@tanstack/react-query'
import { saveShotChanges, type ShotChanges } from './api'
import { workerClient, WorkerCallError } from '../worker-rpc'
import type { ShotProblem, ShotProtocol } from './shot-protocol'

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
export async function detectShotChanges(file: Blob, { onProgress, signal, createWorker = defaultWorker }: DetectOptions = {}): Promise<DetectedShots> {
  if (!canDetectShots()) throw new ShotDetectionError('failed', 'WebCodecs is not available')
  const worker = workerClient<ShotProtocol>(createWorker())
  const found: number[] = []
  const aborted = new Promise<never>((_, reject) =>
    signal?.addEventListener('abort', () => reject(new DOMException('shot detection aborted', 'AbortError')), { once: true }),
  )
  try {
    const detected = worker.call('detect', { file }, {
      onEvent: ({ cutsMs, doneMs, durationMs }) => {
        found.push(...cutsMs)
        onProgress?.(found, durationMs > 0 ? Math.min(1, doneMs / durationMs) : 0)
      },
    })
    const result = await Promise.race([detected, aborted])
    onProgress?.(result.cutsMs, 1)
    return result
  } catch (error) {
    if (error instanceof WorkerCallError) throw new ShotDetectionError((error.data as ShotProblem | undefined) ?? 'failed', error.message)
    throw error
  } finally {
    worker.terminate()
  }
}

/** Finds the video's shot changes and keeps them with the task (read back by the timeline and other devices). */
export async function detectAndKeepShotChanges(client: QueryClient, taskId: string, video: Blob, options: Omit<DetectOptions, 'createWorker'> = {}): Promise<ShotChanges | null> {
  const { cutsMs, frameRate, durationMs } = await detectShotChanges(video, options)
  return saveShotChanges(client, taskId, { cutsMs, frameRate: frameRate !== null && frameRate >= 1 && frameRate <= 300 ? frameRate : null, durationMs: durationMs > 0 ? Math.max(durationMs, cutsMs.at(-1) ?? 0) : null })
}
