// One video export as plain data (structured-cloneable, so it can be posted to a worker) and the
// code that runs it on whichever thread it lands: a burn-in (burn.ts, with the renderer its spec
// names) or the subtitle tracks (tracks.ts). The problems it can end with are named for the UI.
import { BurnError, type BurnQuality } from './burn'
import type { RendererSpec } from './renderer-spec'
import type { OutputChunk } from './output'
import { DubAudioError, type ExportAudio } from './dub-audio'
import { TrackExportError, type SubtitleTrack } from './tracks'

export type BurnSettings = { codec: 'avc' | 'vp9'; width?: number; height?: number; quality: BurnQuality }
export type ExportJob =
  | { type: 'burn'; source: Blob; renderer: RendererSpec; video: BurnSettings; audio?: ExportAudio }
  | { type: 'tracks'; source: Blob; tracks: SubtitleTrack[]; container: 'mkv' | 'mp4'; audio?: ExportAudio }

export type ExportProgress = { fraction: number; etaMs?: number }
export type ExportResult = { audio: 'copied' | 'reencoded' }
/** Why an export stopped, each with its message in the three languages (videoExport.errors). */
export type ExportProblem = BurnError['problem'] | 'notCopyable' | 'dubAudio'

export function problemOf(error: unknown): ExportProblem {
  if (error instanceof BurnError) return error.problem
  if (error instanceof DubAudioError) return 'dubAudio'
  if (error instanceof TrackExportError) return error.problem === 'unreadable' ? 'unreadable' : 'notCopyable'
  return 'failed'
}

/** Progress is shown this often at most: a frame's worth each time would redraw the dialog at the encoder's pace. */
const PROGRESS_EVERY_MS = 250

/** `onProgress` called with the first report, the last (all done), and at most one report each `everyMs` between. */
export function throttledProgress(onProgress: (p: ExportProgress) => void, everyMs = PROGRESS_EVERY_MS, now = () => performance.now()) {
  let last = -Infinity
  return (progress: ExportProgress) => {
    const at = now()
    if (progress.fraction < 1 && at - last < everyMs) return
    last = at
    onProgress(progress)
  }
}

/** Runs `job` on this thread, its file's bytes written to `file`; rejects with an AbortError when `signal` aborts. */
export async function runExportJob(job: ExportJob, file: WritableStream<OutputChunk>, signal: AbortSignal, reportProgress: (p: ExportProgress) => void): Promise<ExportResult> {
  const onProgress = throttledProgress(reportProgress)
  if (job.type === 'tracks') {
    const { muxSubtitleTracks } = await import('./tracks')
    await muxSubtitleTracks({ source: job.source, tracks: job.tracks, container: job.container, audio: job.audio, file, signal, onProgress })
    return { audio: 'copied' }
  }
  const [{ burnSubtitles }, { createRenderer }, mb] = await Promise.all([import('./burn'), import('./renderer-spec'), import('mediabunny')])
  const target = new mb.StreamTarget(file, { chunked: true, chunkSize: 8 * 1024 * 1024 })
  const renderer = await createRenderer(job.renderer)
  try {
    return await burnSubtitles({ source: job.source, renderer, video: job.video, audio: job.audio, target, signal, onProgress })
  } finally {
    renderer.dispose()
  }
}
