'use client'

// The "subtitle tracks" video export: the creator's video with the subtitles added as separate
// tracks (one per language, tagged and titled), the video and audio packets copied as they are.
// Nothing is decoded or encoded, so it needs no WebCodecs and a 2 GB file takes seconds: the source
// is read in slices as the muxer needs them (a File is never read whole) and the output goes to the
// caller's file as it is written.
//
// The subtitles are written in the codecs players and ffmpeg read everywhere: SRT (S_TEXT/UTF8), or
// an ASS task's script with its styles (S_TEXT/ASS), in MKV; 3GPP timed text (tx3g) in MP4.
// Mediabunny muxes the file but writes text only as WebVTT, so the MKV's track headers are
// rewritten in place once it is done (mkv-text-codec.ts), and the MP4's text tracks are added where
// its movie box was (mp4-text-tracks.ts).

import type { OutputChunk } from './output'
import { toAssTrack } from './ass-track'
import { addDubAudio, type ExportAudio } from './dub-audio'
import { carrierPreamble, mkvTextCodecPatches, type MkvTextCodec } from './mkv-text-codec'
import { cueLines } from './cue-lines'
import { withTextTracks } from './mp4-text-tracks'
import { trackLanguageCode } from './track-language'

export type TrackCue = { startMs: number; endMs: number; text: string }
export type SubtitleTrack = {
  language: string
  title: string
  cues: TrackCue[]
  /** Which of the task's texts the cues are. */
  content?: 'translation' | 'original'
  /** An ASS task's script for this track (styles and override tags kept): written as ASS in MKV. */
  ass?: string
}

export type MuxSubtitleTracksOptions = {
  source: Blob
  tracks: SubtitleTrack[]
  container: 'mkv' | 'mp4'
  /** The sound: the video's own (unless told), or the task's dub in its place or before it. */
  audio?: ExportAudio
  /** Where the file's bytes go, each at its position. */
  file: WritableStream<OutputChunk>
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

type MkvCarrier = { codec: MkvTextCodec; text: string; cues: number }

/** Writes `source` with `tracks` added as subtitle tracks into `file`; rejects with an AbortError on abort. */
export async function muxSubtitleTracks({ source, tracks, container, audio = { choice: 'original' }, file, signal, onProgress }: MuxSubtitleTracksOptions): Promise<void> {
  signal?.throwIfAborted()
  const mb = await import('mediabunny')
  const writer = file.getWriter()
  // Mediabunny writes through this and closes it when done; the file itself is finished here.
  const relay = new WritableStream<OutputChunk>({ write: (chunk) => writer.write(chunk) })
  let segmentHeader: { data: Uint8Array; position: number } | null = null
  let movieBox: { data: Uint8Array; position: number } | null = null
  // No fast start for MP4: the movie box goes at the end, where the text tracks are added.
  const format =
    container === 'mkv'
      ? new mb.MkvOutputFormat({ onSegmentHeader: (data, position) => void (segmentHeader = { data: data.slice(), position }) })
      : new mb.Mp4OutputFormat({ fastStart: false, onMoov: (data, position) => void (movieBox = { data: data.slice(), position }) })
  const input = new mb.Input({ source: new mb.BlobSource(source), formats: mb.ALL_FORMATS })
  const output = new mb.Output({ format, target: new mb.StreamTarget(relay, { chunked: true, chunkSize: 8 * 1024 * 1024 }) })
  let conversion: Awaited<ReturnType<typeof mb.Conversion.init>> | null = null
  let dubbed: Awaited<ReturnType<typeof addDubAudio>> | null = null
  const abort = () => {
    void conversion?.cancel()
    for (const c of dubbed?.conversions ?? []) void c.cancel()
  }
  signal?.addEventListener('abort', abort)
  try {
    try {
      await input.getFormat()
    } catch (error) {
      throw new TrackExportError('unreadable', String(error))
    }
    // A track with no cue to show is left out (the muxer would write no header for it).
    const carriers = container === 'mkv' ? tracks.map((track) => ({ track, ...mkvCarrier(track) })).filter((c) => c.cues > 0) : []
    const subtitleSources = carriers.map((carrier, i) => {
      const subtitles = new mb.TextSubtitleSource('webvtt')
      output.addSubtitleTrack(subtitles, {
        languageCode: trackLanguageCode(carrier.track.language, container),
        name: carrier.track.title,
        // The first chosen language plays by default; the others are there to pick.
        disposition: { default: i === 0 },
      })
      return { subtitles, text: carrier.text }
    })
    const withDub = audio.choice !== 'original'
    // With a dub, every conversion counts time from the source's first timestamp, so the dub stays on the picture.
    const start = withDub ? Math.max(0, await input.getFirstTimestamp()) : undefined
    conversion = await mb.Conversion.init({
      input,
      output,
      composable: true,
      // The video's own sound goes after the dub, by a conversion of its own (dub-audio.ts).
      ...(withDub ? { audio: { discard: true }, trim: { start } } : {}),
      // Every packet copied as it is, never re-encoded; a track that cannot be copied is dropped.
      copy: { mode: 'forced' },
      showWarnings: false,
    })
    const kept = conversion.utilizedTracks.filter((track) => track.type === 'video' || track.type === 'audio')
    if (!conversion.isValid || kept.length === 0) {
      throw new TrackExportError('not-copyable', conversion.discardedTracks.map((d) => `${d.track.type}: ${d.reason}`).join(', '))
    }
    if (audio.choice !== 'original') {
      dubbed = await addDubAudio({ mb, source, audio, output, container, start: start ?? 0, end: await input.computeDuration(), copyOnly: true })
      if (dubbed.conversions.some((c) => c.discardedTracks.some((d) => d.track.type === 'audio'))) throw new TrackExportError('not-copyable', 'the dub or the original sound cannot be copied into this container')
    }
    if (conversion.discardedTracks.some((d) => (d.track.type === 'video' || d.track.type === 'audio') && d.reason !== 'discarded_by_user')) {
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
    await Promise.all([conversion.execute(), ...(dubbed?.conversions ?? []).map((c) => c.execute()), subtitlesWritten])
    signal?.throwIfAborted()
    await output.finalize()
    for (const chunk of finishingWrites({ container, tracks, carriers, segmentHeader, movieBox })) await writer.write(chunk)
    await writer.close()
  } catch (error) {
    // Never leave something that looks finished: the target is told to drop what it has.
    if (output.state !== 'finalized' && output.state !== 'canceled') await output.cancel().catch(() => {})
    writer.releaseLock()
    if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new DOMException('The export was cancelled.', 'AbortError')
    throw error
  } finally {
    signal?.removeEventListener('abort', abort)
    input.dispose()
    for (const other of dubbed?.inputs ?? []) other.dispose()
  }
}

/** What is written once mediabunny is done: the MKV's codec headers, or the MP4's text tracks and movie box. */
function finishingWrites({ container, tracks, carriers, segmentHeader, movieBox }: {
  container: 'mkv' | 'mp4'
  tracks: SubtitleTrack[]
  carriers: MkvCarrier[]
  segmentHeader: { data: Uint8Array; position: number } | null
  movieBox: { data: Uint8Array; position: number } | null
}): OutputChunk[] {
  if (container === 'mkv') {
    if (!segmentHeader) throw new Error('the muxer gave no segment header')
    return mkvTextCodecPatches(segmentHeader.data, segmentHeader.position, carriers.map((c) => c.codec))
  }
  if (!movieBox) throw new Error('the muxer gave no movie box')
  const textTracks = tracks.filter((track) => track.cues.some((c) => c.endMs > c.startMs && cueLines(c.text) !== '')).map((track, i) => ({ language: trackLanguageCode(track.language, 'mp4'), title: track.title, isDefault: i === 0, cues: track.cues }))
  return [{ type: 'write', position: movieBox.position, data: withTextTracks(movieBox.data, movieBox.position, textTracks) }]
}

/**
 * A track as the WebVTT text mediabunny takes, carrying the final blocks: SRT text, or ASS events
 * with the script's header as the codec private data (the preamble is given its length).
 */
function mkvCarrier(track: SubtitleTrack): MkvCarrier {
  if (track.ass) {
    const ass = toAssTrack(track.ass)
    const codecPrivate = new TextEncoder().encode(ass.header)
    return { codec: { codecId: 'S_TEXT/ASS', codecPrivate }, cues: ass.events.length, text: carrierText(carrierPreamble(codecPrivate.byteLength), ass.events.map((e) => ({ startMs: e.startMs, endMs: e.endMs, body: e.block }))) }
  }
  const cues = [...track.cues].filter((c) => c.endMs > c.startMs && cueLines(c.text) !== '').sort((a, b) => a.startMs - b.startMs)
  return { codec: { codecId: 'S_TEXT/UTF8' }, cues: cues.length, text: carrierText('WEBVTT', cues.map((c) => ({ startMs: c.startMs, endMs: c.endMs, body: cueLines(c.text) }))) }
}

function carrierText(preamble: string, cues: { startMs: number; endMs: number; body: string }[]): string {
  return `${preamble}\n\n${cues.map((c) => `${vttTime(c.startMs)} --> ${vttTime(c.endMs)}\n${c.body}`).join('\n\n')}\n`
}

function vttTime(ms: number): string {
  const total = Math.max(0, Math.round(ms))
  const pad = (n: number, width = 2) => String(n).padStart(width, '0')
  return `${pad(Math.floor(total / 3_600_000))}:${pad(Math.floor(total / 60_000) % 60)}:${pad(Math.floor(total / 1000) % 60)}.${pad(total % 1000, 3)}`
}
