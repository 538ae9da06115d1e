'use client'

import type { QueryClient } from '@tanstack/react-query'
import { encodePeaks, type PeaksAssembler } from '@/lib/waveform'
import { savePeaks } from './api'

/**
 * Once a recording's sound has been read, sends the waveform its workers made on the way to the
 * new task, so the editor draws it at once. Best effort: without it (a copied sound is never
 * decoded in the browser, or the request fails) the server makes the peaks from the recording.
 */
export async function keepRecordingPeaks(client: QueryClient, taskId: string, recording: { extracted: Promise<void>; durationMs: number; peaks: PeaksAssembler }): Promise<void> {
  try {
    await recording.extracted
    if (recording.peaks.isEmpty) return
    const peaks = recording.peaks.peaks(recording.durationMs)
    await savePeaks(client, taskId, peaks, encodePeaks(peaks))
  } catch {
    // The server's own peaks stand in.
  }
}
