// A video with real speech for browser tests and bench/transcribe: the sentences of makeRecording
// (espeak-ng on known silences) as the sound track of a WebM video, stereo Opus at 48 kHz as a
// camera or an editor would write it. The video picture is plain or, for a big file, a noisy test pattern at a
// chosen bitrate (a 60 s piece looped without re-encoding, so a 1 GB file takes seconds to write).
import { rm } from 'node:fs/promises'
import { ffmpegPath, runTool } from '@/lib/media/binaries'
import { makeRecording, type PlacedSpeech, type Sentence } from './speech-audio'

/** ffmpeg through the project's own runner (lib/media): quiet, overwriting, failing with stderr's end. */
async function ffmpeg(args: string[]): Promise<void> {
  await runTool(await ffmpegPath(), ['-hide_banner', '-loglevel', 'error', '-y', ...args])
}

/**
 * Writes `file` (WebM: VP8 video, stereo Opus sound) of `totalMs` with each sentence spoken from
 * its `atMs`, and answers where each sentence's sound truly is. `videoKbps` sets the picture's
 * bitrate (a noisy test pattern; default a small plain picture), so a bench can make a file of a given size.
 */
export async function makeSpeechVideo({ sentences, totalMs, file, videoKbps }: { sentences: Sentence[]; totalMs: number; file: string; videoKbps?: number }): Promise<PlacedSpeech[]> {
  const speech = `${file}.speech.wav`
  const piece = `${file}.piece.webm`
  try {
    const placed = await makeRecording({ sentences, totalMs, file: speech, format: 'wav' })
    const seconds = (totalMs / 1000).toFixed(3)
    if (videoKbps) {
      const pieceSeconds = Math.min(60, Math.ceil(totalMs / 1000))
      await ffmpeg(['-f', 'lavfi', '-i', `testsrc2=s=640x360:r=25:d=${pieceSeconds},noise=alls=40:allf=t`, '-c:v', 'libvpx', '-b:v', `${videoKbps}k`, '-minrate', `${videoKbps}k`, '-maxrate', `${videoKbps}k`, '-deadline', 'realtime', '-cpu-used', '8', '-an', piece])
      await ffmpeg(['-stream_loop', '-1', '-i', piece, '-i', speech, '-map', '0:v', '-map', '1:a', '-c:v', 'copy', '-c:a', 'libopus', '-b:a', '96k', '-ac', '2', '-ar', '48000', '-t', seconds, file])
    } else {
      await ffmpeg(['-f', 'lavfi', '-i', `color=c=0x1e293b:s=320x180:r=15:d=${seconds}`, '-i', speech, '-map', '0:v', '-map', '1:a', '-c:v', 'libvpx', '-b:v', '60k', '-deadline', 'realtime', '-cpu-used', '8', '-c:a', 'libopus', '-b:a', '96k', '-ac', '2', '-ar', '48000', '-t', seconds, file])
    }
    return placed
  } finally {
    await rm(speech, { force: true })
    await rm(piece, { force: true })
  }
}
