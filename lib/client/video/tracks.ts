'use client'

// The "subtitle tracks" video export (issue 29): the creator's video with the subtitles added as
// separate tracks (one per language, tagged and titled), the video and audio packets copied as they
// are. Nothing is decoded or encoded, so it needs no WebCodecs and a 2 GB file takes seconds: the
// source is read in slices as the muxer needs them (a File is never read whole) and the output goes
// to the caller's target as it is written.

import type { Target } from 'mediabunny'
import { trackLanguageCode } from './track-language'

export type TrackCue = { startMs: number; endMs: number; text: string }
export type SubtitleTrack = { language: string; title: string; cues: TrackCue[] }

export type MuxSubtitleTracksOptions = {
  source: Blob
  tracks: SubtitleTrack[]
  /** MKV takes any codec; MP4 carries the subtitles as WebVTT in MP4 (the one subtitle codec mediabunny writes). */
  container: 'mkv' | 'mp4'
  target: Target
  signal?: AbortSignal
  onProgress?: (progress: { fraction: number; etaMs?: number }) => void
}

/** The source's video or audio cannot go into the chosen container as it is (nothing is re-encoded here). */
export class TrackExportError extends Error {
  constructor(readonly problem: 'unreadable' | 'not-copyable', detail?: string) {
    super(detail ?? problem)
    this.name = 'TrackExportError'
  }
}

/** Writes `source` with `tracks` added as subtitle tracks into `target`; rejects with an AbortError on abort. */
export async function muxSubtitleTracks({ source, tracks, container, target, signal, onProgress }: MuxSubtitleTracksOptions): Promise<void> {
  signal?.throwIfAborted()
  const mb = await import('mediabunny')
  const input = new mb.Input({ source: new mb.BlobSource(source), formats: mb.ALL_FORMATS })
  // No fast start for MP4: the index goes at the end, so no chunk is held back in memory.
  const format = container === 'mkv' ? new mb.MkvOutputFormat() : new mb.Mp4OutputFormat({ fastStart: false })
  const output = new mb.Output({ format, target })
  let conversion: Awaited<ReturnType<typeof mb.Conversion.init>> | null = null
  const abort = () => void conversion?.cancel()
  signal?.addEventListener('abort', abort)
  try {
    try {
      await input.getFormat()
    } catch (error) {
      throw new TrackExportError('unreadable', String(error))
    }
    const subtitleSources = tracks.map((track, i) => {
      const subtitles = new mb.TextSubtitleSource('webvtt')
      output.addSubtitleTrack(subtitles, {
        languageCode: trackLanguageCode(track.language, container),
        name: track.title,
        // The first chosen language plays by default; the others are there to pick.
        disposition: { default: i === 0 },
      })
      return { subtitles, text: toWebVtt(track.cues) }
    })
    conversion = await mb.Conversion.init({
      input,
      output,
      composable: true,
      // Every packet copied as it is, never re-encoded; a track that cannot be copied is dropped.
      copy: { mode: 'forced' },
      showWarnings: false,
    })
    const kept = conversion.utilizedTracks.filter((track) => track.type === 'video' || track.type === 'audio')
    if (!conversion.isValid || kept.length === 0) {
      throw new TrackExportError('not-copyable', conversion.discardedTracks.map((d) => `${d.track.type}: ${d.reason}`).join(', '))
    }
    if (conversion.discardedTracks.some((d) => d.track.type === 'video' || d.track.type === 'audio')) {
      // A video or audio track the container cannot hold unchanged: refuse rather than quietly drop it.
      throw new TrackExportError('not-copyable', conversion.discardedTracks.map((d) => `${d.track.type}: ${d.reason}`).join(', '))
    }
    const started = performance.now()
    if (onProgress) {
      conversion.onProgress = (fraction) => {
        const elapsed = performance.now() - started
        onProgress({ fraction, etaMs: fraction > 0.02 ? Math.round((elapsed / fraction) * (1 - fraction)) : undefined })
      }
    }
    await output.start()
    // The cues go in alongside the copied packets: the muxer interleaves them by time.
    const subtitlesWritten = Promise.all(subtitleSources.map(async ({ subtitles, text }) => {
      await subtitles.add(text)
      subtitles.close()
    }))
    await Promise.all([conversion.execute(), subtitlesWritten])
    signal?.throwIfAborted()
    await output.finalize()
  } catch (error) {
    // Never leave something that looks finished: the target is told to drop what it has.
    if (output.state !== 'finalized' && output.state !== 'canceled') await output.cancel().catch(() => {})
    if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new DOMException('The export was cancelled.', 'AbortError')
    throw error
  } finally {
    signal?.removeEventListener('abort', abort)
    input.dispose()
  }
}

/** The cues as one WebVTT text: sorted, empty ones left out, markup characters escaped. */
export function toWebVtt(cues: TrackCue[]): string {
  const blocks = [...cues]
    .filter((cue) => cue.endMs > cue.startMs && cue.text.trim() !== '')
    .sort((a, b) => a.startMs - b.startMs)
    .map((cue) => `${vttTime(cue.startMs)} --> ${vttTime(cue.endMs)}\n${cueText(cue.text)}`)
  return `WEBVTT\n\n${blocks.join('\n\n')}\n`
}

function cueText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trim())
    // A blank line would end the cue; "-->" would start a new one.
    .filter((line) => line !== '')
    .join('\n')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
}

function vttTime(ms: number): string {
  const total = Math.max(0, Math.round(ms))
  const pad = (n: number, width = 2) => String(n).padStart(width, '0')
  return `${pad(Math.floor(total / 3_600_000))}:${pad(Math.floor(total / 60_000) % 60)}:${pad(Math.floor(total / 1000) % 60)}.${pad(total % 1000, 3)}`
}
