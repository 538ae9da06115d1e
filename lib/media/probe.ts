import 'server-only'
import { ffmpegPath, ffprobePath, MediaToolError, runTool } from './binaries'

export type AudioInfo = {
  /** Container as ffprobe names it: `ogg`, `matroska,webm`, `mp3`, `wav`, `mov,mp4,m4a,3gp,3g2,mj2`, ... */
  format: string
  /** The first audio stream's codec: `opus`, `aac`, `mp3`, `pcm_s16le`, ... */
  codec: string
  durationMs: number
}

type Probe = { streams?: { codec_type?: string; codec_name?: string; duration?: string }[]; format?: { format_name?: string; duration?: string } }

/**
 * Reads what a file really is. Answers null when it holds no audio stream ffprobe can read (a
 * text file, an image, a video without sound, garbage). The duration comes from the container,
 * or, when the container does not say (a recording from MediaRecorder), from decoding it once.
 */
export async function probeAudio(file: string, { signal }: { signal?: AbortSignal } = {}): Promise<AudioInfo | null> {
  let probe: Probe
  try {
    const { stdout } = await runTool(await ffprobePath(), ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], { signal })
    probe = JSON.parse(stdout.toString('utf8')) as Probe
  } catch (error) {
    if (error instanceof MediaToolError || error instanceof SyntaxError) return null
    throw error
  }
  const audio = probe.streams?.find((s) => s.codec_type === 'audio')
  if (!audio?.codec_name || !probe.format?.format_name) return null
  // Formats ffprobe guesses from a few bytes of anything (a raw MP3 frame sync in a text file).
  if (['tty', 'image2', 'lavfi'].includes(probe.format.format_name)) return null
  let seconds = Number(probe.format.duration ?? audio.duration)
  if (!Number.isFinite(seconds) || seconds <= 0) seconds = (await decodedDurationMs(file, signal)) / 1000
  if (!Number.isFinite(seconds) || seconds <= 0) return null
  return { format: probe.format.format_name, codec: audio.codec_name, durationMs: Math.round(seconds * 1000) }
}

/** The time of the last decoded audio frame, read from ffmpeg's progress line. */
async function decodedDurationMs(file: string, signal?: AbortSignal): Promise<number> {
  try {
    const { stderr } = await runTool(await ffmpegPath(), ['-hide_banner', '-nostdin', '-i', file, '-vn', '-map', '0:a:0', '-f', 'null', '-'], { signal })
    const times = [...stderr.matchAll(/time=(\d+):(\d{2}):(\d{2}(?:\.\d+)?)/g)]
    const last = times[times.length - 1]
    if (!last) return NaN
    return (Number(last[1]) * 3600 + Number(last[2]) * 60 + Number(last[3])) * 1000
  } catch (error) {
    if (error instanceof MediaToolError) return NaN
    throw error
  }
}
