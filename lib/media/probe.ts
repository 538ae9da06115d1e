import 'server-only'
import { ffprobePath, MediaTimeoutError, MediaToolError, runTool } from './binaries'
import { decodedLengthMs } from './decoded-length'

export type AudioHeader = {
  /** Container as ffprobe names it: `ogg`, `matroska,webm`, `mp3`, `wav`, `mov,mp4,m4a,3gp,3g2,mj2`, ... */
  format: string
  /** The first audio stream's codec: `opus`, `aac`, `mp3`, `pcm_s16le`, ... */
  codec: string
  /** What the headers claim (the audio stream's, else the container's); null when they say nothing or only guess. */
  headerDurationMs: number | null
}

export type AudioInfo = Omit<AudioHeader, 'headerDurationMs'> & { durationMs: number }

type Probe = { streams?: { codec_type?: string; codec_name?: string; duration?: string }[]; format?: { format_name?: string; duration?: string } }
type Limits = { signal?: AbortSignal; timeoutMs?: number }

/**
 * Reads what a file claims to be, without decoding it. Answers null when it holds no audio stream
 * ffprobe can read (a text file, an image, a video without sound, garbage).
 */
export async function readAudioHeader(file: string, { signal, timeoutMs }: Limits = {}): Promise<AudioHeader | null> {
  let probe: Probe
  let warnings: string
  try {
    const { stdout, stderr } = await runTool(await ffprobePath(), ['-v', 'warning', '-print_format', 'json', '-show_format', '-show_streams', file], { signal, timeoutMs })
    probe = JSON.parse(stdout.toString('utf8')) as Probe
    warnings = stderr
  } catch (error) {
    if ((error instanceof MediaToolError && !(error instanceof MediaTimeoutError)) || error instanceof SyntaxError) return null
    throw error
  }
  const audio = probe.streams?.find((s) => s.codec_type === 'audio')
  if (!audio?.codec_name || !probe.format?.format_name) return null
  // Formats ffprobe guesses from a few bytes of anything (a raw MP3 frame sync in a text file).
  if (['tty', 'image2', 'lavfi'].includes(probe.format.format_name)) return null
  // A duration estimated from the first frames' bitrate (a VBR MP3 without its index) is a guess, not a claim.
  const guessed = /Estimating duration from bitrate/i.test(warnings)
  const seconds = Number(audio.duration ?? probe.format.duration)
  return { format: probe.format.format_name, codec: audio.codec_name, headerDurationMs: !guessed && Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds * 1000) : null }
}

/**
 * What a file is and how long its headers say it is, or, when they do not say (a recording from
 * MediaRecorder), how long it decodes to. For a length to bill or cut by, see lib/transcribe's
 * check, which decodes every file (decodedLengthMs).
 */
export async function probeAudio(file: string, limits: Limits = {}): Promise<AudioInfo | null> {
  const header = await readAudioHeader(file, limits)
  if (!header) return null
  const durationMs = header.headerDurationMs ?? (await decodedLengthMs(file, limits))
  if (!durationMs) return null
  return { format: header.format, codec: header.codec, durationMs }
}
